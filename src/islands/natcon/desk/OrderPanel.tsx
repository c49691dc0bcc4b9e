import { useCallback, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { inputClass, labelClass } from '../../../components/forms/FormFields';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { holdDeadline, ORDER_STATUS_LABELS, PAYMENT_STATE_LABELS } from '../../../lib/natcon';
import { paymentModeLabel } from '../../../lib/schemas/money';
import type { AdminEdition, AdminOrder } from '../../../lib/schemas/natcon';
import { api, apiErrorOf } from '../../../stores/api-client';
import { ConfirmDialog, PaymentDecisionDialog, type PaymentDecision } from '../../staff';

const buttonClass = 'rounded-md border border-slate-500 px-3 py-2 text-sm font-medium hover:bg-slate-50';

/** One registration at the desk: delegates, payments, and (roles 2 and 5) verify, cancel, promote, move. */
export function OrderPanel({
  id,
  edition,
  acting,
  onClose,
  onChanged,
}: {
  id: number;
  edition: AdminEdition;
  acting: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const noteId = useId();
  const guestNoteId = useId();
  const [confirmingGuest, setConfirmingGuest] = useState(false);
  const [guestNote, setGuestNote] = useState('');
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [deciding, setDeciding] = useState<PaymentDecision | null>(null);

  const load = useCallback(async () => {
    try {
      setOrder(await api.get<AdminOrder>(`/admin/natcon/registrations/${id}`));
      setError(null);
    } catch (failure) {
      setError((await apiErrorOf(failure)).message);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      await load();
      onChanged();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
    }
  };

  const downloadStudentId = async (delegateId: number, name: string) => {
    try {
      const response = await api.http.get(`admin/natcon/delegates/${delegateId}/student-id`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `student-id-${name}`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };

  if (error) return <p role="alert">{error}</p>;
  if (!order) return <p role="status">Loading the order…</p>;
  return (
    <section aria-labelledby="order-panel-heading" className="space-y-3 rounded-lg border border-slate-300 p-4">
      <div className="flex items-start justify-between gap-4">
        <h3 id="order-panel-heading" className="text-lg font-semibold">
          Order {order.orderNumber}: {ORDER_STATUS_LABELS[order.status]}, {PAYMENT_STATE_LABELS[order.paymentState]}
        </h3>
        <button type="button" className={buttonClass} onClick={onClose}>
          Close
        </button>
      </div>
      <p className="text-sm">
        {order.contact.name} · {order.contact.email} · {order.contact.phone}
        {order.organisation ? ` · ${order.organisation}` : ''}
        {order.gstin ? ` · GSTIN ${order.gstin}` : ''}
      </p>
      <p className="text-sm">
        Subtotal {formatMoney(order.subtotal)}
        {order.discount ? `, coupon ${order.couponCode} −${formatMoney(order.discount)}` : ''}
        {order.gst ? `, GST ${formatMoney(order.gst)}` : ''}, due {formatMoney(order.amountDue)} (priced{' '}
        {formatDate(order.pricedOn)}).
      </p>
      {order.holdUntil && (
        <p className="text-sm">
          Seats held unpaid until {holdDeadline(order.holdUntil)}; then released to the waiting list.
        </p>
      )}
      {order.guestNote && <p className="text-sm">Confirmed without payment: {order.guestNote}</p>}
      {order.note && <p className="text-sm">Note: {order.note}</p>}
      <ul className="divide-y divide-slate-200 text-sm">
        {order.delegates.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="min-w-48 flex-1">
              <span className="font-medium">{d.name}</span> · {d.confirmationNumber} · {d.email}
              {d.memberNumber ? ` · member ${d.memberNumber}` : ''}
              {d.checkedInAt ? ` · checked in ${formatDateTime(d.checkedInAt)}` : ''}
            </span>
            {acting && order.state !== 'cancelled' ? (
              <label className="flex items-center gap-2">
                <span className="sr-only">Category of {d.name}</span>
                <select
                  value={d.categoryId}
                  disabled={busy}
                  onChange={(event) =>
                    void act(
                      () =>
                        api.post(`/admin/natcon/delegates/${d.id}/move`, { categoryId: Number(event.target.value) }),
                      `${d.name} moved.`,
                    )
                  }
                  className="rounded-md border border-slate-500 px-2 py-1"
                >
                  {edition.categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <span>{d.category}</span>
            )}
            {acting && d.studentIdUploaded && (
              <button
                type="button"
                className={buttonClass}
                onClick={() => void downloadStudentId(d.id, d.confirmationNumber)}
              >
                Student ID of {d.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      <h4 className="font-semibold">Payments</h4>
      {order.payments.length === 0 ? (
        <p className="text-sm">None reported.</p>
      ) : (
        <ul className="text-sm">
          {order.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 py-1">
              <span>
                {paymentModeLabel(p.mode)} {p.reference} · {formatMoney(p.amount)} · paid {formatDate(p.paidOn)} ·{' '}
                {p.state}
                {p.receiptNumber ? ` · receipt ${p.receiptNumber}` : ''}
              </span>
              {acting && p.state === 'reported' && (
                <>
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={busy}
                    onClick={() => setDeciding({ paymentId: p.id, decision: 'verify', ...p })}
                  >
                    Verify payment
                  </button>
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={busy}
                    onClick={() => setDeciding({ paymentId: p.id, decision: 'reject', ...p })}
                  >
                    Reject payment
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {acting && (
        <div className="flex flex-wrap gap-2">
          {order.state === 'waitlisted' && (
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() =>
                void act(
                  () => api.post(`/admin/natcon/registrations/${id}/promote`),
                  'Promoted: seats held, the buyer has a payment link.',
                )
              }
            >
              Promote from the waiting list
            </button>
          )}
          {order.status !== 'confirmed' && order.state === 'confirmed' && (
            <button type="button" className={buttonClass} disabled={busy} onClick={() => setConfirmingGuest(true)}>
              Confirm without payment
            </button>
          )}
          {order.state !== 'cancelled' && (
            <button type="button" className={buttonClass} disabled={busy} onClick={() => setCancelling(true)}>
              Cancel the registration
            </button>
          )}
        </div>
      )}
      <PaymentDecisionDialog
        pending={deciding}
        onCancel={() => setDeciding(null)}
        onDecided={() => {
          setDeciding(null);
          void load();
          onChanged();
        }}
      />
      <ConfirmDialog
        open={cancelling}
        title={`Cancel order ${order.orderNumber}?`}
        confirmLabel="Cancel the registration"
        cancelLabel="Keep it"
        danger
        busy={busy}
        onCancel={() => setCancelling(false)}
        onConfirm={() => {
          if (!note.trim()) {
            toast.error('Say why it is cancelled.');
            return;
          }
          setCancelling(false);
          void act(() => api.post(`/admin/natcon/registrations/${id}/cancel`, { note }), 'Registration cancelled.');
          setNote('');
        }}
      >
        <p>
          Its seats and any coupon use are given back and offered to the waiting list. What was paid, less what the
          edition keeps, becomes a refund to make.
        </p>
        <label htmlFor={noteId} className={labelClass}>
          Note
        </label>
        <textarea id={noteId} value={note} onChange={(event) => setNote(event.target.value)} className={inputClass} />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingGuest}
        title={`Confirm order ${order.orderNumber} without payment?`}
        confirmLabel="Confirm without payment"
        cancelLabel="Keep it awaiting payment"
        busy={busy}
        onCancel={() => setConfirmingGuest(false)}
        onConfirm={() => {
          if (!guestNote.trim()) {
            toast.error('Say why it is confirmed without payment.');
            return;
          }
          setConfirmingGuest(false);
          void act(
            () => api.post(`/admin/natcon/registrations/${id}/confirm-unpaid`, { note: guestNote }),
            'Confirmed without payment: tickets sent.',
          );
          setGuestNote('');
        }}
      >
        <p>For an invited guest: the order is confirmed now, its tickets e-mailed, and its seats never released.</p>
        <label htmlFor={guestNoteId} className={labelClass}>
          Why (kept in the activity log)
        </label>
        <textarea
          id={guestNoteId}
          value={guestNote}
          onChange={(event) => setGuestNote(event.target.value)}
          className={inputClass}
        />
      </ConfirmDialog>
    </section>
  );
}
