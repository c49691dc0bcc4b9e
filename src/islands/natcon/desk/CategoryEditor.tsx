import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate, formatMoney } from '../../../lib/format';
import type { AdminEdition } from '../../../lib/schemas/natcon';
import { api, apiErrorOf } from '../../../stores/api-client';
import { ConfirmDialog } from '../../staff';
import { CategoryDialog } from './CategoryDialog';

type Category = AdminEdition['categories'][number];

const buttonClass = 'rounded-md border border-slate-500 px-3 py-1 text-sm font-medium hover:bg-slate-50';

/** Delegate categories of an edition: fee, early-bird fee and last day, seats (taken ones shown), rates. */
export function CategoryEditor({ edition, onChanged }: { edition: AdminEdition; onChanged: () => void }) {
  const [editing, setEditing] = useState<{ category: Category | null } | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await api.delete(`/admin/natcon/categories/${removing.id}`);
      toast.success(`${removing.name} removed.`);
      onChanged();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby="categories-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="categories-heading" className="font-semibold">
          Delegate categories
        </h3>
        <button type="button" className={buttonClass} onClick={() => setEditing({ category: null })}>
          New category
        </button>
      </div>
      <ul className="divide-y divide-slate-200 text-sm">
        {edition.categories.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="flex-1">
              <span className="font-medium">{c.name}</span>: {formatMoney(c.fee)}
              {c.earlyBirdFee !== null
                ? `, early bird ${formatMoney(c.earlyBirdFee)} until ${formatDate(c.earlyBirdUntil)}`
                : ''}
              {c.memberRate ? ', member’s rate' : ''}
              {c.studentRate ? ', student ID' : ''} · {c.seatsTaken} of {c.seats} seats taken
            </span>
            <button type="button" className={buttonClass} onClick={() => setEditing({ category: c })}>
              Change {c.name}
            </button>
            {c.seatsTaken === 0 && (
              <button type="button" className={buttonClass} onClick={() => setRemoving(c)}>
                Remove {c.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      <CategoryDialog
        edition={edition}
        category={editing?.category ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'the category'}?`}
        confirmLabel={busy ? 'Removing…' : 'Remove'}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>Only a category nobody has registered in can be removed.</p>
      </ConfirmDialog>
    </section>
  );
}
