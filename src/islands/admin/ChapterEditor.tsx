import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { SelectField, TextField } from '../../components/forms/FormFields';
import { REGIONS, type AdminChapterDetail } from '../../lib/schemas/admin';
import { ROLE, type RoleId } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import OfficeBearers from './OfficeBearers';
import { Panel, primaryClass } from './shared';

interface Props {
  chapter: AdminChapterDetail;
  roleId: RoleId;
  onChanged: () => void;
}

/**
 * One chapter: the super admin edits every field but the code and may deactivate it; a chapter
 * admin edits the contacts of its own chapter; the admin (role 5) reads.
 */
export default function ChapterEditor({ chapter, roleId, onChanged }: Props) {
  const superAdmin = roleId === ROLE.superAdmin;
  const canEdit = superAdmin || roleId === ROLE.chapterAdmin;
  const [form, setForm] = useState({
    name: chapter.name,
    region: chapter.region as string,
    city: chapter.city,
    state: chapter.state,
    address: chapter.address ?? '',
    contactName: chapter.contactName ?? '',
    contactEmail: chapter.contactEmail ?? '',
    contactPhone: chapter.contactPhone ?? '',
    active: String(chapter.active),
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form, value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    const contacts = {
      address: form.address.trim() || null,
      contactName: form.contactName.trim() || null,
      contactEmail: form.contactEmail.trim() || null,
      contactPhone: form.contactPhone.trim() || null,
    };
    const body = superAdmin
      ? {
          ...contacts,
          name: form.name,
          region: form.region,
          city: form.city,
          state: form.state,
          active: form.active === 'true',
        }
      : contacts;
    try {
      await api.patch(`/admin/chapters/${chapter.id}`, body);
      toast.success('Chapter saved.');
      onChanged();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setFields(problem.fields);
      toast.error(problem.message);
    } finally {
      setBusy(false);
    }
  };

  const readOnly = !canEdit;
  return (
    <div className="space-y-8">
      <Panel id="chapter-heading" title={`${chapter.name} (${chapter.code})`}>
        <p className="mt-1 text-sm text-slate-600">
          {chapter.region} region · {chapter.memberCount} members · {chapter.active ? 'Active' : 'Deactivated'}
        </p>
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
          {superAdmin && (
            <>
              <TextField
                id="chapter-name"
                label="Name"
                value={form.name}
                error={fields.name}
                onChange={(e) => set('name', e.target.value)}
              />
              <SelectField
                id="chapter-region"
                label="Region"
                value={form.region}
                error={fields.region}
                onChange={(e) => set('region', e.target.value)}
              >
                {REGIONS.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </SelectField>
              <TextField
                id="chapter-city"
                label="City"
                value={form.city}
                error={fields.city}
                onChange={(e) => set('city', e.target.value)}
              />
              <TextField
                id="chapter-state"
                label="State"
                value={form.state}
                error={fields.state}
                onChange={(e) => set('state', e.target.value)}
              />
            </>
          )}
          <TextField
            id="chapter-address"
            label="Address"
            value={form.address}
            readOnly={readOnly}
            error={fields.address}
            onChange={(e) => set('address', e.target.value)}
          />
          <TextField
            id="chapter-contact"
            label="Contact person"
            value={form.contactName}
            readOnly={readOnly}
            error={fields.contactName}
            onChange={(e) => set('contactName', e.target.value)}
          />
          <TextField
            id="chapter-email"
            label="E-mail"
            type="email"
            value={form.contactEmail}
            readOnly={readOnly}
            error={fields.contactEmail}
            onChange={(e) => set('contactEmail', e.target.value)}
          />
          <TextField
            id="chapter-phone"
            label="Phone"
            type="tel"
            value={form.contactPhone}
            readOnly={readOnly}
            error={fields.contactPhone}
            onChange={(e) => set('contactPhone', e.target.value)}
          />
          {superAdmin && (
            <SelectField
              id="chapter-active"
              label="Status"
              value={form.active}
              error={fields.active}
              onChange={(e) => set('active', e.target.value)}
              hint="A deactivated chapter leaves the directory and keeps its code; chapters are never deleted."
            >
              <option value="true">Active</option>
              <option value="false">Deactivated</option>
            </SelectField>
          )}
          {canEdit && (
            <div className="flex items-end">
              <button type="submit" className={primaryClass} disabled={busy}>
                Save chapter
              </button>
            </div>
          )}
        </form>
      </Panel>
      <OfficeBearers chapterId={chapter.id} bearers={chapter.officeBearers} canEdit={canEdit} onChanged={onChanged} />
    </div>
  );
}
