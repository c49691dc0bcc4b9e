import { useCallback, useEffect, useState } from 'react';
import { financialYearLabel } from '../../lib/financial-year';
import { formatMoney } from '../../lib/format';
import { MEMBER_STATUS_LABELS } from '../../lib/member-status';
import type { MemberRenewalView, RenewalQuote } from '../../lib/schemas/members';
import { api, apiErrorOf } from '../../stores/api-client';
import PaymentOptions from '../payments/PaymentOptions';
import ReportPaymentForm from '../payments/ReportPaymentForm';
import { FileDownloadButton } from './FileDownloadButton';

/** "Renew for 2027-28", or "Renew 2024-25 to 2026-27" for a lapsed member paying the unpaid years. */
export function renewLabel(quote: RenewalQuote): string {
  const first = quote.years[0].year;
  const last = quote.years[quote.years.length - 1].year;
  return first === last
    ? `Renew for ${financialYearLabel(first)}`
    : `Renew ${financialYearLabel(first)} to ${financialYearLabel(last)}`;
}

/**
 * The record's money side: each financial year paid or not with its receipt, payments waiting for
 * the office, and (for the member themself) renewing through the same payment ways as joining.
 */
export default function RenewalPanel({
  memberId,
  memberNumber,
  own,
}: {
  memberId: number;
  memberNumber: string;
  own: boolean;
}) {
  const [view, setView] = useState<MemberRenewalView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const load = useCallback(async () => {
    try {
      setView(await api.get<MemberRenewalView>(`members/${memberId}/renewal`));
      setError(null);
    } catch (problem) {
      setError((await apiErrorOf(problem)).message);
    }
  }, [memberId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <p role="alert">{error}</p>;
  if (!view) return <p className="text-slate-600">Loading the membership years…</p>;

  return (
    <section aria-labelledby="renewal-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="renewal-heading" className="text-lg font-semibold">
        Membership years
      </h2>
      <p className="mt-1" data-testid="member-status">
        Status: <strong>{MEMBER_STATUS_LABELS[view.status]}</strong>
        {view.paidThroughYear !== null && <> · paid through {financialYearLabel(view.paidThroughYear)}</>}
      </p>
      <table className="mt-4 w-full text-left">
        <caption className="sr-only">Financial years and receipts</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2">
              Financial year
            </th>
            <th scope="col">Paid</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {view.years.map((year) => {
            const payment = view.payments.find((p) => p.receiptNumber === year.receiptNumber && p.receiptNumber);
            return (
              <tr key={year.year} className="border-b border-slate-100">
                <td className="py-2">{year.label}</td>
                <td>{year.paid ? 'Paid' : 'Not paid'}</td>
                <td>
                  {payment ? (
                    <FileDownloadButton
                      path={`/payments/${payment.id}/receipt.pdf`}
                      filename="receipt.pdf"
                      label={`Receipt ${payment.receiptNumber}`}
                    />
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {view.pending && (
        <p className="mt-4 rounded-md bg-amber-50 px-4 py-3" role="status">
          Your payment of {formatMoney(view.pending.amount)} for {view.pending.years.join(', ')} is waiting for the
          national office to verify it. The receipt will appear here.
        </p>
      )}
      {own && view.quote && !view.pending && (
        <div className="mt-6">
          {!paying ? (
            <button
              type="button"
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white"
              onClick={() => setPaying(true)}
            >
              {renewLabel(view.quote)} ({formatMoney(view.quote.total)})
            </button>
          ) : (
            <div className="space-y-6">
              <h3 className="text-base font-semibold">{renewLabel(view.quote)}</h3>
              <ul className="list-disc pl-6">
                {view.quote.years.map((y) => (
                  <li key={y.year}>
                    Annual subscription {y.label}: {formatMoney(y.amount)}
                  </li>
                ))}
                {view.quote.gst > 0 && <li>GST: {formatMoney(view.quote.gst)}</li>}
              </ul>
              <PaymentOptions amount={view.quote.total} reference={`Renewal ${memberNumber}`} headingLevel={3} />
              <ReportPaymentForm
                postTo="/members/me/renewal"
                amount={view.quote.total}
                onReported={() => {
                  setPaying(false);
                  void load();
                }}
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
