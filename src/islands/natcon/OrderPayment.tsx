import { formatMoney } from '../../lib/format';
import type { Order } from '../../lib/schemas/natcon';
import PaymentOptions from '../payments/PaymentOptions';
import ReportPaymentForm from '../payments/ReportPaymentForm';

/**
 * How to pay a confirmed order (the money parts: UPI QR code and link, bank details, DD or cheque)
 * and the form that reports the payment to the order's own route; staff then verify it and the
 * receipt follows.
 */
export function OrderPayment({
  order,
  token,
  onReported,
}: {
  order: Order;
  token: string;
  onReported: (order: Order) => void;
}) {
  const postTo = `/natcon/registrations/${encodeURIComponent(order.orderNumber)}/payments?token=${encodeURIComponent(token)}`;
  return (
    <section aria-labelledby="pay-heading" className="space-y-4 rounded-lg border border-slate-300 p-4">
      <h2 id="pay-heading" className="text-lg font-bold text-brand-800">
        Pay {formatMoney(order.amountDue)}
      </h2>
      <PaymentOptions
        amount={order.amountDue}
        reference={`NATCON ${order.orderNumber}`}
        headingLevel={3}
        online={{ purpose: 'natcon_order', subjectId: order.id, statusToken: token }}
      />
      <ReportPaymentForm
        postTo={postTo}
        amount={order.amountDue}
        onReported={(answer) => onReported(answer as Order)}
      />
    </section>
  );
}
