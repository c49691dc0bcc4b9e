import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { SelectField, TextField } from '../../components/forms/FormFields';
import type { ChapterListItem } from '../../lib/api-types';
import { ROLE, ROLE_LABELS } from '../../lib/roles';
import { STAFF_ROLE_IDS, type AdminUser } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import { Panel, primaryClass } from './shared';

const blank = { name: '', email: '', roleId: '3', chapterId: '' };

/** Invites a staff member: they are e-mailed a link to set their password. */
export default function InviteForm({ chapters, onInvited }: { chapters: ChapterListItem[]; onInvited: () => void }) {
  const [form, setForm] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof blank, value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const user = await api.post<AdminUser>('/admin/users', {
        name: form.name,
        email: form.email,
        roleId: form.roleId,
        ...(form.roleId === ROLE.chapterAdmin && form.chapterId ? { chapterId: Number(form.chapterId) } : {}),
      });
      toast.success(`Invitation sent to ${user.email}.`);
      setForm(blank);
      onInvited();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setFields(problem.fields);
      toast.error(problem.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel id="invite-heading" title="Invite a staff member">
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-4 md:grid-cols-4">
        <TextField
          id="invite-name"
          label="Name"
          value={form.name}
          error={fields.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          id="invite-email"
          label="E-mail"
          type="email"
          value={form.email}
          error={fields.email}
          onChange={(e) => set('email', e.target.value)}
        />
        <SelectField
          id="invite-role"
          label="Role"
          value={form.roleId}
          error={fields.roleId}
          onChange={(e) => set('roleId', e.target.value)}
        >
          {STAFF_ROLE_IDS.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        {form.roleId === ROLE.chapterAdmin && (
          <SelectField
            id="invite-chapter"
            label="Chapter"
            value={form.chapterId}
            error={fields.chapterId}
            onChange={(e) => set('chapterId', e.target.value)}
          >
            <option value="">Choose a chapter</option>
            {chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="flex items-end">
          <button type="submit" className={primaryClass} disabled={busy}>
            Send invitation
          </button>
        </div>
      </form>
    </Panel>
  );
}
