import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/forms/FormFields';
import { apiErrorOf } from '../../stores/api-client';
import { ConfirmDialog } from './ConfirmDialog';

export interface NoteDecisionDialogProps {
  /** The decision asked about; a new one clears the note and its message. */
  pending: object;
  title: string;
  confirmLabel: string;
  /** A refusal: the confirm button is destructive and the note is required. */
  refusing: boolean;
  /** What happens, and who is told. */
  children: ReactNode;
  noteId: string;
  /** Shown beside an empty note when refusing: the person told needs a reason. */
  reasonRequired: string;
  /** Sends the decision, with the trimmed note when there is one. */
  send(note: string | undefined): Promise<unknown>;
  /** The toast once the decision is made. */
  doneMessage: string;
  onCancel(): void;
  onDecided(): void;
}

/**
 * The one confirmation for a staff decision that someone is told of (a payment verified or rejected, a
 * transfer approved or refused): what will happen, a note (optional to accept, required to refuse), then
 * the decision. The server's message on the note shows beside it; any other refusal is a toast and closes
 * the dialog. The caller mounts it only while a decision is pending, so a closed dialog leaves no second
 * "Note" field on the page.
 */
export function NoteDecisionDialog({
  pending,
  title,
  confirmLabel,
  refusing,
  children,
  noteId,
  reasonRequired,
  send,
  doneMessage,
  onCancel,
  onDecided,
}: NoteDecisionDialogProps) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setNote('');
    setNoteError(null);
  }, [pending]);

  async function decide() {
    const trimmed = note.trim();
    if (refusing && !trimmed) {
      setNoteError(reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await send(trimmed || undefined);
      toast.success(doneMessage);
      onDecided();
    } catch (error) {
      const failure = await apiErrorOf(error);
      if (failure.fields.note) setNoteError(failure.fields.note);
      else {
        toast.error(failure.message);
        onCancel();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={confirmLabel}
      danger={refusing}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => void decide()}
    >
      <p className="text-sm">{children}</p>
      <div className="mt-3">
        <TextField
          id={noteId}
          label={refusing ? 'Reason' : 'Note (optional)'}
          multiline
          rows={3}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={noteError}
        />
      </div>
    </ConfirmDialog>
  );
}
