import { formatDate, formatMoney } from '../../lib/format';
import { paymentModeLabel } from '../../lib/schemas/money';
import { api } from '../../stores/api-client';
import { NoteDecisionDialog } from './NoteDecisionDialog';

/** The payment a staff member is about to decide, as the dialog describes it. */
export interface PaymentDecision {
  paymentId: number;
  decision: 'verify' | 'reject';
  mode: string;
  reference: string | null;
  amount: number;
  paidOn: string;
}

/**
 * The one way staff verify or reject a reported payment, on every screen that offers it (the
 * payments list, an application, a NATCON order): a confirmation naming the payment, a note the
 * payer is shown (required to reject: the payer is told why), then the decision.
 */
export function PaymentDecisionDialog({
  pending,
  onCancel,
  onDecided,
}: {
  pending: PaymentDecision | null;
  onCancel: () => void;
  onDecided: (decision: PaymentDecision['decision']) => void;
}) {
  if (!pending) return null;
  const verifying = pending.decision === 'verify';
  return (
    <NoteDecisionDialog
      pending={pending}
      title={verifying ? 'Verify this payment?' : 'Reject this payment?'}
      confirmLabel={verifying ? 'Verify' : 'Reject'}
      refusing={!verifying}
      noteId="payment-decision-note"
      reasonRequired="Say why: the payer is told."
      send={(note) => api.post(`/admin/payments/${pending.paymentId}/${pending.decision}`, note ? { note } : {})}
      doneMessage={
        verifying ? 'Payment verified: the payer gets the receipt.' : 'Payment rejected: the payer is told why.'
      }
      onCancel={onCancel}
      onDecided={() => onDecided(pending.decision)}
    >
      {paymentModeLabel(pending.mode)}
      {pending.reference ? `, reference ${pending.reference}` : ''}, {formatMoney(pending.amount)} paid on{' '}
      {formatDate(pending.paidOn)}.{' '}
      {verifying
        ? 'Check it arrived in the account: the payer is sent a receipt.'
        : 'The payer is told the reason below.'}
    </NoteDecisionDialog>
  );
}
