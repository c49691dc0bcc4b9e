import { useEffect, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import type { MyNatconOrder } from '../../lib/schemas/member-portal';
import { problemOf, type LoadProblem } from '../../lib/portal-api';
import { api, apiErrorOf } from '../../stores/api-client';
import { Loading, Problem } from '../../components/portal/PortalStates';
import { FileDownloadButton } from '../member-record/FileDownloadButton';

const STATE_WORDS: Record<string, string> = {
  confirmed: 'Confirmed',
  waitlisted: 'On the waiting list',
  cancelled: 'Cancelled',
};
const PAYMENT_WORDS: Record<string, string> = {
  unpaid: 'Not paid',
  reported: 'Payment waiting for the office',
  verified: 'Paid',
  not_due: 'Nothing to pay',
};

/**
 * `/member/natcon-orders` (issue 28): the NATCON orders placed with the member's e-mail address,
 * with their state, what is paid and the receipt. Delegates and tickets stay on the order's own page.
 */
export default function MyNatconOrders() {
  const [orders, setOrders] = useState<MyNatconOrder[] | null>(null);
  const [problem, setProblem] = useState<LoadProblem | null>(null);
  useEffect(() => {
    api
      .get<MyNatconOrder[]>('me/natcon-orders')
      .then(setOrders)
      .catch(async (error) => setProblem(problemOf((await apiErrorOf(error)).status)));
  }, []);

  if (problem) return <Problem problem={problem} heading="NATCON orders unavailable" />;
  if (!orders) return <Loading what="your NATCON orders" />;
  if (!orders.length)
    return (
      <p>
        No NATCON order was placed with your e-mail address. <a href="/natcon/register">Register for NATCON</a>.
      </p>
    );

  return (
    <table className="w-full text-left" data-testid="my-natcon-orders">
      <caption className="sr-only">Your NATCON orders</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-2">
            Order
          </th>
          <th scope="col">Conference</th>
          <th scope="col">Delegates</th>
          <th scope="col">Amount</th>
          <th scope="col">State</th>
          <th scope="col">Receipt</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} className="border-b border-slate-100 align-top">
            <td className="py-2">
              {o.orderNumber ?? `#${o.id}`}
              <span className="block text-xs text-slate-600">placed {formatDate(o.placedAt.slice(0, 10))}</span>
            </td>
            <td>
              {o.edition}
              <span className="block text-xs text-slate-600">
                {formatDate(o.startsOn)} to {formatDate(o.endsOn)}
              </span>
            </td>
            <td>{o.delegates}</td>
            <td>{formatMoney(o.amountDue)}</td>
            <td>
              {STATE_WORDS[o.state] ?? o.state}
              <span className="block text-xs text-slate-600">{PAYMENT_WORDS[o.paymentState] ?? o.paymentState}</span>
            </td>
            <td>
              {o.payment?.receiptNumber ? (
                <FileDownloadButton
                  path={`/payments/${o.payment.id}/receipt.pdf`}
                  filename="receipt.pdf"
                  label={`Receipt ${o.payment.receiptNumber}`}
                />
              ) : (
                <span className="text-slate-600">Not yet</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
