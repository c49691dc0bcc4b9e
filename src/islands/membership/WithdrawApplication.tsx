import { useId, useState } from 'react';
import { api, apiErrorOf } from '../../stores/api-client';
import { formatMoney } from '../../lib/format';
import type { ApplicationStatus } from '../../lib/schemas/membership';
import { FormAlert } from '../../components/forms/FormFields';
import { ConfirmDialog } from '../staff';

/**
 * The applicant's own "Withdraw my application" while it is undecided: a confirmation that says what
 * becomes of any money paid, an optional reason, and the page redrawn from the answer.
 */
export function WithdrawApplication({
  status,
  token,
  onWithdrawn,
}: {
  status: ApplicationStatus;
  token: string;
  onWithdrawn(status: ApplicationStatus): void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  const paid = status.payments.filter((p) => p.state !== 'rejected');
  const paidTotal = paid.reduce((sum, p) => sum + p.amount, 0);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.post<ApplicationStatus>(
        `/membership/applications/${status.reference}/withdrawal?token=${encodeURIComponent(token)}`,
        reason.trim() ? { reason: reason.trim() } : {},
      );
      setOpen(false);
      onWithdrawn(answer);
    } catch (error) {
      const failure = await apiErrorOf(error);
      setProblem(failure.fields?.reason ?? failure.message);
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="withdraw-heading" className="space-y-2">
      <h2 id="withdraw-heading" className="text-lg font-semibold">
        Changed your mind?
      </h2>
      <p className="text-sm">You may withdraw your application until it is decided.</p>
      {problem && <FormAlert>{problem}</FormAlert>}
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
      >
        Withdraw my application
      </button>
      <ConfirmDialog
        open={open}
        title="Withdraw your application?"
        confirmLabel="Withdraw application"
        cancelLabel="Keep my application"
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>
          Application {status.reference} will be closed and cannot be reopened; to join later, apply again.{' '}
          {paid.length
            ? `The ${formatMoney(paidTotal)} you paid will be refunded to you in full by the national office.`
            : 'You have paid nothing, so nothing is owed.'}
        </p>
        <label htmlFor={reasonId} className="mt-4 block text-sm font-medium">
          Reason (optional)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 w-full rounded-md border border-slate-400 p-2 text-sm"
        />
      </ConfirmDialog>
    </section>
  );
}
