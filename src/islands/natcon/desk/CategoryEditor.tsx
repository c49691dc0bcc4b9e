import { useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format';
import type { AdminEdition } from '../../../lib/schemas/natcon';
import { api } from '../../../stores/api-client';
import { ConfirmDialog, useRemoval } from '../../staff';
import { CategoryDialog } from './CategoryDialog';

type Category = AdminEdition['categories'][number];

const buttonClass = 'rounded-md border border-slate-500 px-3 py-1 text-sm font-medium hover:bg-slate-50';

/** Delegate categories of an edition: fee, early-bird fee and last day, seats (taken ones shown), rates. */
export function CategoryEditor({ edition, onChanged }: { edition: AdminEdition; onChanged: () => void }) {
  const [editing, setEditing] = useState<{ category: Category | null } | null>(null);
  const removal = useRemoval<Category>(
    (item) => api.delete(`/admin/natcon/categories/${item.id}`),
    (item) => `${item.name} removed.`,
    onChanged,
  );

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
              <button type="button" className={buttonClass} onClick={() => removal.ask(c)}>
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
        open={removal.pending !== null}
        title={`Remove ${removal.pending?.name ?? 'the category'}?`}
        confirmLabel={removal.busy ? 'Removing…' : 'Remove'}
        danger
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      >
        <p>Only a category nobody has registered in can be removed.</p>
      </ConfirmDialog>
    </section>
  );
}
