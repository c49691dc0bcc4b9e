import { useState, type ComponentProps } from 'react';
import toast from 'react-hot-toast';
import type { ContentStatus } from '../../lib/schemas/content';
import { api, apiErrorOf } from '../../stores/api-client';
import { SelectFilter } from '../staff';

/**
 * What the events, gallery and publications screens share around their tables: the row's action
 * buttons, the status column and filter, and deleting a row after a confirmation.
 */

export const statusLabel = (status: ContentStatus) => (status === 'published' ? 'Published' : 'Draft');

/** The draft/published filter every content list has. */
export function StatusFilter({ query }: { query: ComponentProps<typeof SelectFilter>['query'] }) {
  return (
    <SelectFilter query={query} name="status" label="Status">
      <option value="draft">Draft</option>
      <option value="published">Published</option>
    </SelectFilter>
  );
}

/** The screen's heading with its "New …" button (events, issues). */
export function AdminHeading({ title, newLabel, onNew }: { title: string; newLabel: string; onNew: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <button type="button" onClick={onNew} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
        {newLabel}
      </button>
    </div>
  );
}

interface RowAction {
  label: string;
  onClick: () => void;
  /** Shown in red (a deletion). */
  danger?: boolean;
}

/** A row's buttons; each names the row's title for screen readers ("Edit Annual meet"). */
export function RowActions({ title, actions }: { title: string; actions: RowAction[] }) {
  return (
    <div className="flex gap-2">
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={action.danger ? 'text-red-700 underline' : 'text-brand-700 underline'}
          onClick={action.onClick}
        >
          {action.label}
          <span className="sr-only"> {title}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The row asked about, and the props of its `ConfirmDialog`: on confirmation the row is deleted at
 * `${path}/${id}`, `deletedMessage` is shown, `onDeleted` runs and the list reloads; a refusal shows the
 * server's message and keeps the dialog open.
 */
export function useRowDelete<T extends { id: number }>(
  path: string,
  deletedMessage: string,
  reload: () => Promise<void>,
  onDeleted?: (row: T) => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`${path}/${deleting.id}`);
      toast.success(deletedMessage);
      onDeleted?.(deleting);
      setDeleting(null);
      await reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
    }
  }

  return {
    deleting,
    ask: setDeleting,
    dialog: { open: deleting !== null, busy, onConfirm: () => void remove(), onCancel: () => setDeleting(null) },
  };
}
