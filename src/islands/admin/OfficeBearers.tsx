import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/forms/FormFields';
import { kolkataDate } from '../../lib/financial-year';
import type { OfficeBearer } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import { ConfirmDialog } from '../staff';
import { buttonClass, dangerClass, Panel, primaryClass, tableClass, tdClass, thClass } from './shared';

interface Props {
  chapterId: number;
  bearers: OfficeBearer[];
  canEdit: boolean;
  onChanged: () => void;
}

const blank = { name: '', position: '', termFrom: '', termTo: '' };

/** A chapter's office bearers, current terms first, with the forms to add one, end a term, set a photo or remove a mistake. */
export default function OfficeBearers({ chapterId, bearers, canEdit, onChanged }: Props) {
  const [form, setForm] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<OfficeBearer | null>(null);
  const base = `/admin/chapters/${chapterId}/office-bearers`;
  const set = (name: keyof typeof blank, value: string) => setForm((f) => ({ ...f, [name]: value }));

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      onChanged();
      return true;
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setFields(problem.fields);
      toast.error(problem.message);
      return false;
    }
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    const ok = await run(
      () =>
        api.post(base, {
          name: form.name,
          position: form.position,
          termFrom: form.termFrom,
          termTo: form.termTo || null,
        }),
      'Office bearer added.',
    );
    if (ok) setForm(blank);
    setBusy(false);
  };

  const endTerm = (b: OfficeBearer) =>
    void run(() => api.patch(`${base}/${b.id}`, { termTo: kolkataDate(new Date()) }), `${b.name}'s term ended.`);
  const remove = async (b: OfficeBearer) => {
    setBusy(true);
    await run(() => api.delete(`${base}/${b.id}`), `${b.name} removed.`);
    setBusy(false);
    setRemoving(null);
  };
  const upload = (b: OfficeBearer, file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.append('photo', file);
    void run(() => api.http.put(`/admin/chapters/${chapterId}/office-bearers/${b.id}/photo`, { body }), 'Photo saved.');
  };

  return (
    <Panel id="bearers-heading" title="Office bearers">
      <table className={tableClass}>
        <thead>
          <tr>
            <th className={thClass}>Photo</th>
            <th className={thClass}>Name</th>
            <th className={thClass}>Position</th>
            <th className={thClass}>Term</th>
            {canEdit && (
              <th className={thClass}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {bearers.map((b) => (
            <tr key={b.id}>
              <td className={tdClass}>
                {b.photoUrl ? (
                  <img src={b.photoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
                ) : (
                  '—'
                )}
              </td>
              <td className={tdClass}>{b.name}</td>
              <td className={tdClass}>{b.position}</td>
              <td className={tdClass}>
                {b.termFrom} to {b.termTo ?? 'now'} {b.current ? '(current)' : '(past)'}
              </td>
              {canEdit && (
                <td className={`${tdClass} space-x-2 whitespace-nowrap`}>
                  {b.current && (
                    <button
                      type="button"
                      className={buttonClass}
                      onClick={() => endTerm(b)}
                      aria-label={`End the term of ${b.name}`}
                    >
                      End term
                    </button>
                  )}
                  <label className={`${buttonClass} cursor-pointer`}>
                    Photo<span className="sr-only"> of {b.name}</span>
                    <input
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      className="sr-only"
                      onChange={(e) => upload(b, e.target.files?.[0])}
                    />
                  </label>
                  <button
                    type="button"
                    className={dangerClass}
                    onClick={() => setRemoving(b)}
                    aria-label={`Remove ${b.name}`}
                  >
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {bearers.length === 0 && <p className="mt-3 text-slate-600">No office bearers recorded.</p>}
      {canEdit && (
        <form
          onSubmit={(e) => void add(e)}
          noValidate
          className="mt-6 grid gap-4 md:grid-cols-4"
          aria-label="Add an office bearer"
        >
          <TextField
            id="bearer-name"
            label="Name"
            value={form.name}
            error={fields.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            id="bearer-position"
            label="Position"
            placeholder="Chairman, Secretary, Treasurer…"
            value={form.position}
            error={fields.position}
            onChange={(e) => set('position', e.target.value)}
          />
          <TextField
            id="bearer-from"
            label="Term from"
            type="date"
            value={form.termFrom}
            error={fields.termFrom}
            onChange={(e) => set('termFrom', e.target.value)}
          />
          <TextField
            id="bearer-to"
            label="Term to (optional)"
            type="date"
            value={form.termTo}
            error={fields.termTo}
            onChange={(e) => set('termTo', e.target.value)}
          />
          <div>
            <button type="submit" className={primaryClass} disabled={busy}>
              Add office bearer
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove"
        danger
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        Remove only an entry made by mistake: a finished term is kept as history with “End term”.
      </ConfirmDialog>
    </Panel>
  );
}
