import { useCallback, useEffect, useState } from 'react';
import { api, apiErrorOf } from '../../stores/api-client';
import { CLOSED_STATES, type ApplicationStatus } from '../../lib/schemas/membership';
import { formatMoney } from '../../lib/format';
import { FormAlert } from '../../components/forms/FormFields';
import { DocumentUploads } from './DocumentUploads';
import { PaymentSection } from './PaymentSection';
import { History, StateSummary } from './StatusParts';
import { WithdrawApplication } from './WithdrawApplication';
import { OnlineReturn } from '../payments/OnlineReturn';
import { LinkPrivacy } from '../privacy/LinkPrivacy';

/**
 * The applicant's page, opened with the status token from the confirmation e-mail: where the
 * application stands, how to pay and report the payment, the documents, receipts and history.
 */
export default function ApplicationStatusPage() {
  const [token, setToken] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const [returned, setReturned] = useState<string | null>(null);
  const [status, setStatus] = useState<ApplicationStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async (key: string) => {
    try {
      setStatus(await api.get<ApplicationStatus>('/membership/status', { token: key }));
      setProblem(null);
    } catch (error) {
      setProblem((await apiErrorOf(error)).message);
    }
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const key = params.get('token');
    setFresh(params.get('new'));
    setReturned(params.get('payment'));
    setToken(key);
    if (key) void load(key);
    else
      setProblem(
        'Open this page with the link from your confirmation e-mail, or track your application with its number.',
      );
  }, [load]);

  if (problem) {
    return (
      <div className="space-y-4">
        <FormAlert>{problem}</FormAlert>
        <p>
          <a href="/membership/track" className="text-brand-700 underline">
            Track my application
          </a>
        </p>
      </div>
    );
  }
  if (!status || !token) return <p aria-busy="true">Loading your application…</p>;

  const reload = () => void load(token);
  return (
    <div className="space-y-8">
      <OnlineReturn outcome={returned} />
      {fresh && (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-semibold">Application {status.reference} received.</p>
          <p>
            We have e-mailed you a link to this page. Keep it: it is the key to your application.
            {fresh === 'documents' && ' Some documents could not be uploaded; please upload them below.'}
            {fresh === 'later' && ' Upload your documents below when you have them: your chapter needs them.'}
          </p>
        </div>
      )}
      <StateSummary status={status} />
      {status.state === 'awaiting_payment' && <PaymentSection status={status} token={token} onReported={reload} />}
      <PaymentList status={status} token={token} />
      {!CLOSED_STATES.includes(status.state) && <DocumentUploads status={status} token={token} onUploaded={reload} />}
      <History history={status.history} />
      <LinkPrivacy linkKey={{ kind: 'application', token }} />
      {!CLOSED_STATES.includes(status.state) && (
        <WithdrawApplication status={status} token={token} onWithdrawn={setStatus} />
      )}
    </div>
  );
}

function PaymentList({ status, token }: { status: ApplicationStatus; token: string }) {
  if (!status.payments.length) return null;
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading" className="text-lg font-semibold">
        Payments
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {status.payments.map((payment) => (
          <li key={payment.id} className="rounded-md border border-slate-200 p-3" data-testid="payment">
            <span className="font-medium">{payment.mode.replace('_', ' ').toUpperCase()}</span> {payment.reference}:{' '}
            <span>{payment.state}</span>
            {payment.note && <span className="block text-slate-700">{payment.note}</span>}
            {payment.refundDue && (
              <span className="block font-medium" data-testid="refund-due">
                To be refunded to you in full.
              </span>
            )}
            {payment.refunded > 0 && (
              <span className="block font-medium" data-testid="refunded">
                Refunded to you: {formatMoney(payment.refunded)}.
              </span>
            )}
            {payment.receiptNumber && (
              <a
                className="mt-1 block text-brand-700 underline"
                href={`/api/payments/${payment.id}/receipt.pdf?token=${encodeURIComponent(token)}`}
              >
                Download receipt {payment.receiptNumber} (PDF)
              </a>
            )}
            {payment.invoice && (
              <a
                className="mt-1 block text-brand-700 underline"
                href={`/api/invoices/${payment.invoice.id}.pdf?token=${encodeURIComponent(token)}`}
              >
                Download tax invoice {payment.invoice.number} (PDF)
              </a>
            )}
            {payment.creditNotes.map((note) => (
              <a
                key={note.id}
                className="mt-1 block text-brand-700 underline"
                href={`/api/credit-notes/${note.id}.pdf?token=${encodeURIComponent(token)}`}
              >
                Download credit note {note.number} (PDF)
              </a>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
