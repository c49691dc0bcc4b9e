import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/forms/FormFields';
import { formatDate, formatMoney } from '../../lib/format';
import { paymentModeLabel } from '../../lib/schemas/money';
import { api, apiErrorOf } from '../../stores/api-client';
import { ConfirmDialog } from './ConfirmDialog';

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
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setNote('');
    setNoteError(null);
  }, [pending]);

  const verifying = pending?.decision === 'verify';

  async function decide() {
    if (!pending) return;
    if (!verifying && !note.trim()) {
      setNoteError('Say why: the payer is told.');
      return;
    }
    setBusy(true);
    try {
      await api.post(
        `/admin/payments/${pending.paymentId}/${pending.decision}`,
        note.trim() ? { note: note.trim() } : {},
      );
      toast.success(
        verifying ? 'Payment verified: the payer gets the receipt.' : 'Payment rejected: the payer is told why.',
      );
      onDecided(pending.decision);
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

  // Mounted only while a decision is pending, so a closed dialog leaves no second "Note" field on the page.
  if (!pending) return null;
  return (
    <ConfirmDialog
      open
      title={verifying ? 'Verify this payment?' : 'Reject this payment?'}
      confirmLabel={verifying ? 'Verify' : 'Reject'}
      danger={!verifying}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => void decide()}
    >
      <p className="text-sm">
        {paymentModeLabel(pending.mode)}
        {pending.reference ? `, reference ${pending.reference}` : ''}, {formatMoney(pending.amount)} paid on{' '}
        {formatDate(pending.paidOn)}.{' '}
        {verifying
          ? 'Check it arrived in the account: the payer is sent a receipt.'
          : 'The payer is told the reason below.'}
      </p>
      <div className="mt-3">
        <TextField
          id="payment-decision-note"
          label={verifying ? 'Note (optional)' : 'Reason'}
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
