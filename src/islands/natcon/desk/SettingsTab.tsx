import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate } from '../../../lib/format';
import type { AdminEdition } from '../../../lib/schemas/natcon';
import { api, apiErrorOf } from '../../../stores/api-client';
import { CategoryEditor } from './CategoryEditor';
import { EditionForm } from './EditionForm';
import { AwardForm } from './AwardForm';

/** The super admin's settings: editions, their delegate categories (fees, early bird, seats) and awards. */
export function SettingsTab({ editions, onChanged }: { editions: AdminEdition[]; onChanged: () => void }) {
  const [selectedId, setSelectedId] = useState<number | null>(editions[0]?.id ?? null);
  const [creating, setCreating] = useState(editions.length === 0);
  const edition = editions.find((e) => e.id === selectedId) ?? null;

  const save = async (work: () => Promise<unknown>, done: string): Promise<Record<string, string> | null> => {
    try {
      await work();
      toast.success(done);
      onChanged();
      return null;
    } catch (failure) {
      const error = await apiErrorOf(failure);
      toast.error(error.message);
      return error.fields;
    }
  };

  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <h2 id="settings-heading" className="text-lg font-semibold">
        Conference settings
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Edition
          <select
            value={selectedId ?? ''}
            onChange={(event) => {
              setSelectedId(Number(event.target.value));
              setCreating(false);
            }}
            className="ml-2 rounded-md border border-slate-500 px-2 py-2"
          >
            {editions.map((e) => (
              <option key={e.id} value={e.id}>
                {e.title}
                {e.published ? '' : ' (not published)'}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={() => setCreating(true)}
          className="rounded-md border border-slate-500 px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          New edition
        </button>
      </div>
      {creating ? (
        <EditionForm
          key="new"
          heading="New edition"
          onSave={(body) => save(() => api.post('/admin/natcon/editions', body), 'Edition created.')}
        />
      ) : edition ? (
        <>
          <EditionForm
            key={edition.id}
            heading={`${edition.title}: details`}
            edition={edition}
            onSave={(body) => save(() => api.put(`/admin/natcon/editions/${edition.id}`, body), 'Edition saved.')}
          />
          <CategoryEditor edition={edition} save={save} />
          <section aria-labelledby="awards-heading" className="space-y-2">
            <h3 id="awards-heading" className="font-semibold">
              Award categories
            </h3>
            <ul className="list-disc pl-5 text-sm">
              {edition.awards.map((a) => (
                <li key={a.id}>
                  <span className="font-medium">{a.name}</span> ({a.nomineeKind}): {a.criteria}
                </li>
              ))}
            </ul>
            <AwardForm
              onSave={(body) =>
                save(() => api.post(`/admin/natcon/editions/${edition.id}/award-categories`, body), 'Award added.')
              }
            />
          </section>
          <p className="text-sm text-slate-700">
            Registration {formatDate(edition.registrationOpensOn)} to {formatDate(edition.registrationClosesOn)}.
          </p>
        </>
      ) : null}
    </section>
  );
}
