import type { TransferItem } from '../../lib/schemas/transfers';
import { api } from '../../stores/api-client';
import { NoteDecisionDialog } from '../staff';

export interface TransferDecision {
  transfer: TransferItem;
  decision: 'approve' | 'refuse';
}

/**
 * Approving or refusing a transfer, in the same confirmation as a payment decision (`NoteDecisionDialog`):
 * what will happen, a note (required to refuse: the member is told why), then the decision.
 */
export function TransferDecisionDialog({
  pending,
  onCancel,
  onDecided,
}: {
  pending: TransferDecision | null;
  onCancel: () => void;
  onDecided: () => void;
}) {
  if (!pending) return null;
  const { transfer, decision } = pending;
  const approving = decision === 'approve';
  return (
    <NoteDecisionDialog
      pending={pending}
      title={approving ? 'Approve this transfer?' : 'Refuse this transfer?'}
      confirmLabel={approving ? 'Approve' : 'Refuse'}
      refusing={!approving}
      noteId="transfer-decision-note"
      reasonRequired="Say why the transfer is refused: the member is told."
      send={(note) => api.post(`/admin/transfers/${transfer.id}/decision`, { decision, ...(note ? { note } : {}) })}
      doneMessage={approving ? `${transfer.memberName} moved to ${transfer.toChapter.name}.` : 'Transfer refused.'}
      onCancel={onCancel}
      onDecided={onDecided}
    >
      {transfer.memberName} ({transfer.memberNumber}) from {transfer.fromChapter.name} to {transfer.toChapter.name}.{' '}
      {approving
        ? 'The member moves now; the member and both chapters’ admins are told.'
        : 'The member and both chapters’ admins are told the reason below.'}
    </NoteDecisionDialog>
  );
}
