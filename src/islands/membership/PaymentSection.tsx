import PaymentOptions from '../payments/PaymentOptions';
import ReportPaymentForm from '../payments/ReportPaymentForm';
import type { ApplicationStatus } from '../../lib/schemas/membership';

/** How to pay the application's fee (UPI, bank transfer, DD or cheque) and the form to report it. */
export function PaymentSection({
  status,
  token,
  onReported,
}: {
  status: ApplicationStatus;
  token: string;
  onReported: () => void;
}) {
  return (
    <section aria-labelledby="pay-heading" className="space-y-6">
      <h2 id="pay-heading" className="text-lg font-semibold">
        Pay your fee
      </h2>
      <PaymentOptions
        amount={status.amountDue}
        reference={status.reference}
        headingLevel={3}
        online={{ purpose: 'membership_application', subjectId: status.id, statusToken: token }}
      />
      <div>
        <h3 className="font-semibold">Report your payment</h3>
        <p className="mt-1 text-sm text-slate-700">
          Once you have paid, tell us how, so the national office can verify it.
        </p>
        <div className="mt-3">
          <ReportPaymentForm
            postTo={`/membership/applications/${status.reference}/payments?token=${encodeURIComponent(token)}`}
            amount={status.amountDue}
            onReported={onReported}
          />
        </div>
      </div>
    </section>
  );
}
