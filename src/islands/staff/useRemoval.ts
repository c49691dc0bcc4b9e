import { useState } from 'react';
import toast from 'react-hot-toast';
import { apiErrorOf } from '../../stores/api-client';

export interface Removal<T> {
  /** The record waiting for the staff's confirmation (the `ConfirmDialog` is open while it is set). */
  pending: T | null;
  ask(item: T): void;
  cancel(): void;
  /** Removes the pending record: a toast says it is done, or why the server refused. */
  confirm(): Promise<void>;
  busy: boolean;
}

/** Removing one record of a staff list after a confirmation: the state a `ConfirmDialog` needs, and the call. */
export function useRemoval<T>(
  remove: (item: T) => Promise<unknown>,
  doneMessage: (item: T) => string,
  onRemoved: () => void | Promise<void>,
): Removal<T> {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    busy,
    async confirm() {
      if (pending === null) return;
      setBusy(true);
      try {
        await remove(pending);
        toast.success(doneMessage(pending));
        await onRemoved();
      } catch (failure) {
        toast.error((await apiErrorOf(failure)).message);
      } finally {
        setBusy(false);
        setPending(null);
      }
    },
  };
}
