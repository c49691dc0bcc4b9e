import { LinkPrivacy } from '../privacy/LinkPrivacy';
import { useEffect, useState } from 'react';
import { apiErrorOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { holdDeadline, ORDER_STATUS_LABELS, PAYMENT_STATE_LABELS } from '../../lib/natcon';
import { publicApi, ticketUrl } from '../../lib/natcon-api';
import type { AwardCategory, Order, PublicNatcon } from '../../lib/schemas/natcon';
import { NominationForm } from './NominationForm';
import { OrderPayment } from './OrderPayment';
import { StudentIdUpload } from './StudentIdUpload';
import { BuyerCancel } from './BuyerCancel';

/**
 * The registrant's order, by its private link: state, delegates with their confirmation numbers and
 * tickets, student IDs to upload, and how to pay while something is due.
 */
export function OrderStatus({
  orderNumber,
  token,
  initial,
  message,
}: {
  orderNumber: string;
  token: string;
  initial?: Order;
  message?: string;
}) {
  const [order, setOrder] = useState<Order | null>(initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const [awards, setAwards] = useState<AwardCategory[]>([]);

  useEffect(() => {
    publicApi
      .get<PublicNatcon>('/natcon')
      .then((natcon) => setAwards(natcon.edition?.awards ?? []))
      .catch(() => setAwards([]));
  }, []);

  useEffect(() => {
    if (initial) return;
    publicApi
      .get<Order>(`/natcon/registrations/${encodeURIComponent(orderNumber)}`, { token })
      .then(setOrder)
      .catch(async (failure) => setError((await apiErrorOf(failure)).message));
  }, [initial, orderNumber, token]);

  if (error) return <p role="alert">{error}</p>;
  if (!order) return <p role="status">Loading your registration…</p>;

  // Tickets exist only once the order is confirmed by payment (or nothing is due).
  const confirmed = order.status === 'confirmed';
  const holding = order.state === 'confirmed' && !confirmed;
  return (
    <div className="space-y-6">
      <section aria-labelledby="order-heading" className="space-y-2">
        <h2 id="order-heading" className="text-xl font-bold text-brand-800">
          Order {order.orderNumber}: {ORDER_STATUS_LABELS[order.status]}
        </h2>
        {message && <p role="status">{message}</p>}
        <p>
          {order.edition}. Amount {formatMoney(order.amountDue)}
          {order.discount ? ` (after a discount of ${formatMoney(order.discount)})` : ''}
          {order.gst ? `, GST ${formatMoney(order.gst)} included` : ''}. Payment:{' '}
          {PAYMENT_STATE_LABELS[order.paymentState]}.
        </p>
        {holding && (
          <p className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900">
            {order.holdUntil
              ? `Your seats are held until ${holdDeadline(order.holdUntil)}. Pay by then: once the payment is verified the order is confirmed and each delegate receives a ticket. Unpaid by then, the seats go to the waiting list.`
              : 'Your seats are held: once the payment is verified the order is confirmed and each delegate receives a ticket.'}
          </p>
        )}
        <p className="text-sm text-slate-700">
          Keep this page’s address: it is your private link to this order. We also sent it to {order.contact.email}.
        </p>
      </section>
      <section aria-labelledby="delegates-heading">
        <h2 id="delegates-heading" className="text-lg font-bold text-brand-800">
          Delegates and tickets
        </h2>
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300">
          {order.delegates.map((d) => (
            <li key={d.id} className="space-y-1 p-3">
              <p className="font-medium">{d.name}</p>
              <p className="text-sm text-slate-700">
                {d.category} · confirmation {d.confirmationNumber}
              </p>
              {confirmed ? (
                <a
                  className="text-sm font-medium text-brand-700 underline"
                  href={ticketUrl(order.orderNumber, d.confirmationNumber, token)}
                >
                  Ticket for {d.name} (PDF)
                </a>
              ) : null}
              {d.studentIdRequired ? (
                <StudentIdUpload orderNumber={order.orderNumber} token={token} delegate={d} />
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {order.state === 'confirmed' && order.paymentState === 'unpaid' && (
        <OrderPayment order={order} token={token} onReported={setOrder} />
      )}
      {order.paymentState === 'reported' && (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
          Payment reported: the institute verifies it and e-mails the receipt.
        </p>
      )}
      {order.receipts.map((r) => (
        <p key={r.paymentId}>
          <a
            className="font-medium text-brand-700 underline"
            href={`/api/payments/${r.paymentId}/receipt.pdf?token=${encodeURIComponent(token)}`}
          >
            Receipt {r.receiptNumber} (PDF)
          </a>
          {r.invoice && (
            <a
              className="ml-4 font-medium text-brand-700 underline"
              href={`/api/invoices/${r.invoice.id}.pdf?token=${encodeURIComponent(token)}`}
            >
              Tax invoice {r.invoice.number} (PDF)
            </a>
          )}
          {r.creditNotes.map((note) => (
            <a
              key={note.id}
              className="ml-4 font-medium text-brand-700 underline"
              href={`/api/credit-notes/${note.id}.pdf?token=${encodeURIComponent(token)}`}
            >
              Credit note {note.number} (PDF)
            </a>
          ))}
        </p>
      ))}
      {awards.length > 0 && order.state !== 'cancelled' && (
        <details className="rounded-lg border border-slate-300 p-4">
          <summary className="cursor-pointer font-semibold text-brand-800">
            Nominate someone for an award (optional)
          </summary>
          <div className="mt-3">
            <NominationForm awards={awards} orderNumber={order.orderNumber} />
          </div>
        </details>
      )}
      {order.buyerMayCancel && <BuyerCancel order={order} token={token} onCancelled={setOrder} />}
      {order.state === 'waitlisted' && (
        <p className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900">
          This order is on the waiting list. Nothing is due until seats are free; we will e-mail you the tickets then.
        </p>
      )}
      <LinkPrivacy linkKey={{ kind: 'natcon', token, order: order.orderNumber }} />
    </div>
  );
}
