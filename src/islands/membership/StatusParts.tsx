import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { membershipClassLabel } from '../../lib/membership-classes';
import { APPLICATION_STATE_LABELS, type ApplicationStatus } from '../../lib/schemas/membership';

/** Pieces of the applicant's status and tracking pages. */

export function StateSummary({
  status,
}: {
  status: Pick<
    ApplicationStatus,
    'reference' | 'state' | 'classCode' | 'name' | 'chapter' | 'appliedOn' | 'amountDue' | 'nextStep' | 'memberNumber'
  >;
}) {
  return (
    <section aria-labelledby="state-heading" className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Application</dt>
        <dd data-testid="application-reference">{status.reference}</dd>
        <dt className="font-medium">Applicant</dt>
        <dd>{status.name}</dd>
        <dt className="font-medium">Class</dt>
        <dd>{membershipClassLabel(status.classCode)}</dd>
        <dt className="font-medium">Chapter</dt>
        <dd>{status.chapter}</dd>
        <dt className="font-medium">Applied on</dt>
        <dd>{formatDate(status.appliedOn)}</dd>
        <dt className="font-medium">Fee</dt>
        <dd>{formatMoney(status.amountDue)}</dd>
        {status.memberNumber && (
          <>
            <dt className="font-medium">Member number</dt>
            <dd>{status.memberNumber}</dd>
          </>
        )}
      </dl>
      <div className="rounded-md border border-brand-100 bg-brand-50 p-4">
        <h2 id="state-heading" className="text-lg font-semibold">
          <span className="sr-only">State: </span>
          <span data-testid="application-state">{APPLICATION_STATE_LABELS[status.state]}</span>
        </h2>
        <p className="mt-1 text-sm" data-testid="next-step">
          {status.nextStep}
        </p>
      </div>
    </section>
  );
}

export function History({ history }: { history: ApplicationStatus['history'] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
        {history.map((event, index) => (
          <li key={index}>
            <span className="font-medium">{APPLICATION_STATE_LABELS[event.to]}</span>{' '}
            <span className="text-slate-700">{formatDateTime(event.at)}</span>
            {event.note && <span className="block text-slate-700">{event.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
