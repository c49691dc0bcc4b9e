import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { financialYearLabel } from '../../lib/financial-year';
import { formatMoney } from '../../lib/format';
import { MEMBER_STATUS_LABELS } from '../../lib/member-status';
import { OFFICE_PAYMENT_MODES, type MemberRenewalView, type RenewalQuote } from '../../lib/schemas/members';
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

/** What the quote charges, line by line: each year, the coupon's discount, GST. */
function QuoteLines({ quote }: { quote: RenewalQuote }) {
  return (
    <ul className="list-disc pl-6">
      {quote.years.map((y) => (
        <li key={y.year}>
          Annual subscription {y.label}: {formatMoney(y.amount)}
        </li>
      ))}
      {quote.discount > 0 && (
        <li>
          Coupon {quote.coupon}: − {formatMoney(quote.discount)}
        </li>
      )}
      {quote.gst > 0 && <li>GST: {formatMoney(quote.gst)}</li>}
      <li>
        <strong>Total: {formatMoney(quote.total)}</strong>
      </li>
    </ul>
  );
}

/** A membership coupon: the server says what it takes off, or why it does not apply. */
function CouponField({ memberId, onQuote }: { memberId: number; onQuote(quote: RenewalQuote | null): void }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const coupon = code.trim();
    try {
      const view = await api.get<MemberRenewalView>(`members/${memberId}/renewal`, coupon ? { coupon } : {});
      setProblem(null);
      onQuote(coupon ? view.quote : null);
    } catch (failure) {
      const error = await apiErrorOf(failure);
      setProblem(error.fields?.coupon ?? error.message);
      onQuote(null);
    }
  }

  return (
    <form onSubmit={(event) => void apply(event)} className="flex max-w-md items-end gap-2" aria-label="Coupon">
      <label className="flex-1">
        Coupon code
        <input
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 uppercase"
          value={code}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `coupon-problem-${memberId}` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
      </label>
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-2">
        Apply
      </button>
      {problem && (
        <p id={`coupon-problem-${memberId}`} role="alert" className="basis-full text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}

/**
 * The record's money side: each financial year paid or not with its receipt, payments waiting for
 * the office, for the member themself renewing through the same payment ways as joining (with a
 * membership coupon), and for roles 2 and 5 recording a renewal paid at the office in cash or by cheque.
 */
export default function RenewalPanel({
  memberId,
  memberNumber,
  own,
  canRecordOffice = false,
}: {
  memberId: number;
  memberNumber: string;
  own: boolean;
  /** Roles 2 and 5: they verify payments, so they may record one taken at the office. */
  canRecordOffice?: boolean;
}) {
  const [view, setView] = useState<MemberRenewalView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [discounted, setDiscounted] = useState<RenewalQuote | null>(null);

  const load = useCallback(async () => {
    try {
      setView(await api.get<MemberRenewalView>(`members/${memberId}/renewal`));
      setDiscounted(null);
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
            const payment = view.payments.find((p) => year.paymentId && p.id === year.paymentId);
            return (
              <tr key={year.year} className="border-b border-slate-100">
                <td className="py-2">{year.label}</td>
                <td>{year.paid ? 'Paid' : 'Not paid'}</td>
                <td>
                  {year.paymentId && year.receiptNumber ? (
                    <FileDownloadButton
                      path={`/payments/${year.paymentId}/receipt.pdf`}
                      filename="receipt.pdf"
                      label={`Receipt ${year.receiptNumber}`}
                    />
                  ) : (
                    '—'
                  )}
                  {payment?.invoice && (
                    <FileDownloadButton
                      path={`/invoices/${payment.invoice.id}.pdf`}
                      filename="invoice.pdf"
                      label={`Tax invoice ${payment.invoice.number}`}
                    />
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
      {(own || canRecordOffice) && view.quote && !view.pending && (
        <div className="mt-6">
          {!paying ? (
            <button
              type="button"
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white"
              onClick={() => setPaying(true)}
            >
              {own ? renewLabel(view.quote) : 'Record a payment at the office'} ({formatMoney(view.quote.total)})
            </button>
          ) : (
            <div className="space-y-6">
              <h3 className="text-base font-semibold">
                {own ? renewLabel(view.quote) : `${renewLabel(view.quote)}: paid at the office`}
              </h3>
              <QuoteLines quote={discounted ?? view.quote} />
              <CouponField memberId={memberId} onQuote={setDiscounted} />
              {own && (
                <PaymentOptions
                  amount={(discounted ?? view.quote).total}
                  reference={`Renewal ${memberNumber}`}
                  headingLevel={3}
                  online={discounted ? undefined : { purpose: 'membership_renewal', subjectId: memberId }}
                />
              )}
              <ReportPaymentForm
                key={`${discounted?.coupon ?? ''}-${(discounted ?? view.quote).total}`}
                postTo={own ? '/members/me/renewal' : `/admin/members/${memberId}/renewals`}
                amount={(discounted ?? view.quote).total}
                {...(own
                  ? { extraBody: discounted?.coupon ? { coupon: discounted.coupon } : {}, buyerDetails: true }
                  : {
                      modes: OFFICE_PAYMENT_MODES,
                      extraBody: {
                        throughYear: view.quote.years[view.quote.years.length - 1].year,
                        ...(discounted?.coupon ? { coupon: discounted.coupon } : {}),
                      },
                      label: 'Record the payment received',
                      submitLabel: 'Record and issue the receipt',
                      doneMessage: 'Recorded: the receipt is issued.',
                    })}
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
