import { useId, useState } from 'react';
import { apiErrorOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { publicApi } from '../../lib/natcon-api';
import type { Cancellation, Order } from '../../lib/schemas/natcon';
import { FormAlert, inputClass, labelClass } from '../../components/forms/FormFields';
import { ConfirmDialog } from '../staff';

/**
 * The buyer cancels their order on its page, while the edition allows it (issue 24): a
 * confirmation first, then what is refunded and what the cancellation terms keep.
 */
export function BuyerCancel({
  order,
  token,
  onCancelled,
}: {
  order: Order;
  token: string;
  onCancelled: (order: Order) => void;
}) {
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Cancellation | null>(null);
  const path = `/natcon/registrations/${encodeURIComponent(order.orderNumber)}`;
  const query = `?token=${encodeURIComponent(token)}`;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await publicApi.post<Cancellation>(`${path}/cancel${query}`, { reason: reason || null });
      setOpen(false);
      setDone(answer);
      onCancelled(await publicApi.get<Order>(path, { token }));
    } catch (failure) {
      setOpen(false);
      setError((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p role="status" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
        Order {done.orderNumber} is cancelled.{' '}
        {done.refund > 0
          ? `${formatMoney(done.refund)} will be refunded${done.kept ? ` (${formatMoney(done.kept)} kept under the cancellation terms)` : ''}; we e-mail you when it is sent.`
          : done.paid > 0
            ? `Under the cancellation terms the ${formatMoney(done.paid)} paid is kept.`
            : 'Nothing was paid, so nothing is refunded.'}
      </p>
    );
  }
  return (
    <section aria-labelledby="cancel-heading" className="space-y-2 rounded-lg border border-slate-300 p-4">
      <h2 id="cancel-heading" className="text-lg font-bold text-brand-800">
        Cancel this order
      </h2>
      {error && <FormAlert>{error}</FormAlert>}
      <button
        type="button"
        className="rounded-md border border-red-700 px-3 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
        onClick={() => setOpen(true)}
      >
        Cancel order {order.orderNumber}
      </button>
      <ConfirmDialog
        open={open}
        title={`Cancel order ${order.orderNumber}?`}
        confirmLabel="Cancel the order"
        cancelLabel="Keep it"
        danger
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void cancel()}
      >
        <p>
          Every delegate of the order loses their seat. What was paid, less what the cancellation terms keep, is
          refunded.
        </p>
        <label htmlFor={reasonId} className={labelClass}>
          Why (optional)
        </label>
        <textarea id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass} />
      </ConfirmDialog>
    </section>
  );
}
