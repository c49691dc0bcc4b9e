import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import type { AdminEdition } from '../../../lib/schemas/natcon';
import { AwardEditor } from './AwardEditor';
import { CategoryEditor } from './CategoryEditor';
import { EditionForm } from './EditionForm';
import { PolicyForm } from './PolicyForm';

/**
 * The super admin's settings of the conference: each edition's details (theme, dates, venue and
 * city, registration window, programme, published), its delegate categories (fees, early bird,
 * seats, rates) and its award categories. GST is the one setting of the payment settings.
 */
export function SettingsTab({ editions, onChanged }: { editions: AdminEdition[]; onChanged: () => void }) {
  const [selectedId, setSelectedId] = useState<number | null>(editions[0]?.id ?? null);
  const [creating, setCreating] = useState(editions.length === 0);
  const edition = editions.find((e) => e.id === selectedId) ?? null;

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
          edition={null}
          onSaved={(id) => {
            setSelectedId(id);
            setCreating(false);
            onChanged();
          }}
        />
      ) : edition ? (
        <>
          <EditionForm key={edition.id} edition={edition} onSaved={onChanged} />
          <p className="text-sm text-slate-700">
            Registration {formatDate(edition.registrationOpensOn)} to {formatDate(edition.registrationClosesOn)}. GST is
            charged as set in the payment settings, on the amount after any coupon.
          </p>
          <PolicyForm key={`policy-${edition.id}`} edition={edition} onSaved={onChanged} />
          <CategoryEditor edition={edition} onChanged={onChanged} />
          <AwardEditor edition={edition} onChanged={onChanged} />
        </>
      ) : null}
    </section>
  );
}
