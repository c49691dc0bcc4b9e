import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { kolkataDate } from '../../lib/financial-year';
import { OfficeBearerInput, type OfficeBearer } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import { applyServerErrors, ConfirmDialog, FormProblem, FormProvider, FormTextField, useZodForm } from '../staff';
import { buttonClass, dangerClass, Panel, primaryClass, tableClass, tdClass, thClass } from './shared';

interface Props {
  chapterId: number;
  bearers: OfficeBearer[];
  canEdit: boolean;
  onChanged: () => void;
}

/** The API's rules for a new office bearer, from what the inputs hold (an empty end date is an open term). */
const OfficeBearerForm = z
  .object({ name: z.string(), position: z.string(), termFrom: z.string(), termTo: z.string() })
  .transform(({ termTo, ...bearer }) => ({ ...bearer, termTo: termTo || null }))
  .pipe(OfficeBearerInput);

const blank = { name: '', position: '', termFrom: '', termTo: '' };

/** A chapter's office bearers, current terms first, with the forms to add one, end a term, set a photo or remove a mistake. */
export default function OfficeBearers({ chapterId, bearers, canEdit, onChanged }: Props) {
  const form = useZodForm(OfficeBearerForm, blank);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<OfficeBearer | null>(null);
  const base = `/admin/chapters/${chapterId}/office-bearers`;

  /** Runs one change of the list; a refusal's message goes to a toast (and to the form's fields when it is the form's). */
  const run = async (work: () => Promise<unknown>, done: string, onForm = false) => {
    try {
      await work();
      toast.success(done);
      onChanged();
      return true;
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      if (onForm) applyServerErrors(form, problem);
      toast.error(problem.message);
      return false;
    }
  };

  const add = form.handleSubmit(async (bearer) => {
    if (await run(() => api.post(base, bearer), 'Office bearer added.', true)) form.reset(blank);
  });

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
        <FormProvider {...form}>
          <form
            onSubmit={(e) => void add(e)}
            noValidate
            className="mt-6 grid gap-4 md:grid-cols-4"
            aria-label="Add an office bearer"
          >
            <FormTextField id="bearer-name" name="name" label="Name" />
            <FormTextField
              id="bearer-position"
              name="position"
              label="Position"
              placeholder="Chairman, Secretary, Treasurer…"
            />
            <FormTextField id="bearer-from" name="termFrom" label="Term from" type="date" />
            <FormTextField id="bearer-to" name="termTo" label="Term to (optional)" type="date" />
            <div>
              <button type="submit" className={primaryClass} disabled={form.formState.isSubmitting}>
                Add office bearer
              </button>
            </div>
            <div className="md:col-span-4">
              <FormProblem />
            </div>
          </form>
        </FormProvider>
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
