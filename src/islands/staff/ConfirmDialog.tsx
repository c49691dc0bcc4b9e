import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (delete, revoke, reject). */
  danger?: boolean;
  /** Disables both buttons while the action runs. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Asks before an action that cannot be undone. A modal `<dialog>` (the page behind is inert), named by
 * its title and described by its text; focus starts on Cancel, the safe choice, Tab stays inside,
 * Escape cancels, and on closing focus returns to the control that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    cancelButton.current?.focus();
    return () => {
      element.close();
      opener?.focus();
    };
  }, [open]);

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        // Escape: the parent decides (it closes by setting `open`), so the dialog never closes behind its back.
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="w-full max-w-md rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div id={`${id}-text`} className="mt-2 text-slate-700">
        {children}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button
          ref={cancelButton}
          type="button"
          disabled={busy}
          onClick={onCancel}
          className="rounded-md border border-slate-400 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${
            danger ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'
          }`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
