import { useCallback, useEffect, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { PAYMENT_PURPOSE_LABELS, PAYMENT_STATE_LABELS, paymentModeLabel } from '../../lib/schemas/money';
import type { MyPayment } from '../../lib/schemas/member-portal';
import { problemOf, type LoadProblem } from '../../lib/portal-api';
import type { Paged } from '../../lib/envelope';
import { api, apiErrorOf } from '../../stores/api-client';
import { Loading, Problem } from '../../components/portal/PortalStates';
import { FileDownloadButton } from '../member-record/FileDownloadButton';

const PAGE_SIZE = 50;

/**
 * `/member/payments` (issue 28): the signed-in member's payments of every purpose (the joining
 * fee, renewals, NATCON orders placed with their e-mail), newest first, each with its receipt and
 * any tax invoice to download, and why a payment was not accepted.
 */
export default function MyPayments() {
  const [pages, setPages] = useState<Paged<MyPayment> | null>(null);
  const [problem, setProblem] = useState<LoadProblem | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(async (page: number) => {
    try {
      const answer = await api.get<Paged<MyPayment>>(`me/payments?page=${page}&pageSize=${PAGE_SIZE}`);
      setPages((before) => (before && page > 1 ? { ...answer, items: [...before.items, ...answer.items] } : answer));
    } catch (error) {
      setProblem(problemOf((await apiErrorOf(error)).status));
    }
  }, []);
  useEffect(() => void load(1), [load]);

  if (problem) return <Problem problem={problem} heading="Payments unavailable" />;
  if (!pages) return <Loading what="your payments" />;
  if (!pages.items.length) return <p>You have no payments with the institute yet.</p>;

  return (
    <div>
      <table className="w-full text-left" data-testid="my-payments">
        <caption className="sr-only">Your payments and receipts</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2">
              For
            </th>
            <th scope="col">Amount</th>
            <th scope="col">Paid</th>
            <th scope="col">State</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {pages.items.map((p) => (
            <tr key={p.id} className="border-b border-slate-100 align-top">
              <td className="py-2">
                {PAYMENT_PURPOSE_LABELS[p.purpose as keyof typeof PAYMENT_PURPOSE_LABELS] ?? p.purpose}
                {p.forLabel && <span className="block text-xs text-slate-600">{p.forLabel}</span>}
              </td>
              <td>
                {formatMoney(p.amount)}
                {p.refunded > 0 && (
                  <span className="block text-xs text-slate-600">{formatMoney(p.refunded)} refunded</span>
                )}
              </td>
              <td>
                {formatDate(p.paidOn)}
                <span className="block text-xs text-slate-600">
                  {paymentModeLabel(p.mode)}
                  {p.reference ? ` · ${p.reference}` : ''}
                </span>
              </td>
              <td>
                {PAYMENT_STATE_LABELS[p.state]}
                {p.note && <span className="block text-xs text-slate-700">{p.note}</span>}
              </td>
              <td className="space-y-1">
                {p.receiptNumber ? (
                  <FileDownloadButton
                    path={`/payments/${p.id}/receipt.pdf`}
                    filename="receipt.pdf"
                    label={`Receipt ${p.receiptNumber}`}
                  />
                ) : (
                  <span className="text-slate-600">Not yet</span>
                )}
                {p.invoice && (
                  <span className="block">
                    <FileDownloadButton
                      path={`/invoices/${p.invoice.id}.pdf`}
                      filename="invoice.pdf"
                      label={`Tax invoice ${p.invoice.number}`}
                    />
                  </span>
                )}
                {p.creditNotes.map((note) => (
                  <span key={note.id} className="block">
                    <FileDownloadButton
                      path={`/credit-notes/${note.id}.pdf`}
                      filename="credit-note.pdf"
                      label={`Credit note ${note.number}`}
                    />
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages.items.length < pages.total && (
        <button
          type="button"
          className="mt-4 rounded-md border border-slate-300 px-4 py-2"
          disabled={loadingMore}
          onClick={() => {
            setLoadingMore(true);
            void load(Math.floor(pages.items.length / PAGE_SIZE) + 1).finally(() => setLoadingMore(false));
          }}
        >
          {loadingMore ? 'Loading…' : 'Show older payments'}
        </button>
      )}
    </div>
  );
}
