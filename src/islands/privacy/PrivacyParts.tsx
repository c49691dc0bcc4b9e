import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api, apiErrorOf } from '../../stores/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  CONSENT_PURPOSE_LABELS,
  OPTIONAL_CONSENT_OFFERS,
  OPTIONAL_PURPOSES,
  REQUEST_KIND_LABELS,
  type ConsentPurpose,
} from '../../lib/schemas/privacy';
import type { z } from 'zod';
import type { ConsentViewSchema, PrivacyRequestViewSchema } from '../../lib/schemas/privacy';
import { SubmitButton, TextField } from '../../components/forms/FormFields';

/** Parts of the privacy pages shared by the member's portal page and the status links' section. */

type ConsentView = z.infer<typeof ConsentViewSchema>;
type PrivacyRequestView = z.infer<typeof PrivacyRequestViewSchema>;

export const section = 'rounded-lg border border-slate-200 bg-white p-6';

/**
 * The consents with a withdraw button for each optional one; `withdrawPath` is the API path that
 * withdraws a purpose for this page's person (the portal's, or a status link's). With `givePath`
 * (the portal), an optional purpose not in force is offered, in the words of the form's own box.
 */
export function Consents({
  data,
  reload,
  withdrawPath,
  givePath,
}: {
  data: { consents: ConsentView[] };
  reload: () => void;
  withdrawPath: (purpose: string) => string;
  givePath?: (purpose: string) => string;
}) {
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      toast.success(done);
      reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };
  const withdraw = (purpose: string) =>
    act(() => api.delete(withdrawPath(purpose)), 'Withdrawn. You will get no more of these e-mails.');
  const inForce = new Set(data.consents.filter((c) => !c.withdrawnAt).map((c) => c.purpose));
  const offered = givePath ? OPTIONAL_PURPOSES.filter((purpose) => !inForce.has(purpose)) : [];
  return (
    <section aria-labelledby="consents-heading" className={section}>
      <h2 id="consents-heading" className="text-lg font-semibold">
        Your consents
      </h2>
      {data.consents.length === 0 ? (
        <p className="mt-2 text-slate-700">No consents are recorded.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data.consents.map((consent) => (
            <li
              key={consent.id}
              className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 pb-2"
            >
              <span>
                {CONSENT_PURPOSE_LABELS[consent.purpose as ConsentPurpose] ?? consent.purpose}
                <span className="block text-sm text-slate-600">
                  Given {formatDateTime(consent.givenAt)} ({consent.method}, notice version {consent.noticeVersion})
                  {consent.withdrawnAt ? `; withdrawn ${formatDateTime(consent.withdrawnAt)}` : ''}
                </span>
              </span>
              {consent.optional && !consent.withdrawnAt && (
                <button
                  type="button"
                  onClick={() => void withdraw(consent.purpose)}
                  className="text-brand-700 underline"
                >
                  Withdraw
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {givePath &&
        offered.map((purpose) => (
          <div key={purpose} className="mt-4 rounded border border-slate-200 p-3">
            <p>{OPTIONAL_CONSENT_OFFERS[purpose]}</p>
            <button
              type="button"
              onClick={() =>
                void act(() => api.post(givePath(purpose)), 'Thank you: you will get these e-mails from now on.')
              }
              className="mt-2 text-brand-700 underline"
            >
              Yes, send me these e-mails
            </button>
          </div>
        ))}
    </section>
  );
}

/** Asking for a correction or erasure, or raising a grievance, and the requests made so far with their deadlines. */
export function Requests({
  data,
  reload,
  requestsPath,
  intro,
  erasureLabel,
}: {
  data: { requests: PrivacyRequestView[] };
  reload: () => void;
  requestsPath: string;
  intro: string;
  erasureLabel: string;
}) {
  const [kind, setKind] = useState<'correction' | 'erasure' | 'grievance'>('correction');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api.post(requestsPath, { kind, details });
      toast.success('Sent. We answer within 90 days.');
      setDetails('');
      setError(null);
      reload();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setError(problem.fields?.details ?? problem.message);
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="requests-heading" className={section}>
      <h2 id="requests-heading" className="text-lg font-semibold">
        Correction, erasure and grievances
      </h2>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-3 max-w-xl space-y-3" noValidate>
        <label className="block text-sm font-medium" htmlFor="request-kind">
          What you ask for
        </label>
        <select
          id="request-kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
          className="block w-full rounded-md border border-slate-400 px-3 py-2"
        >
          <option value="correction">Correct my data</option>
          <option value="erasure">{erasureLabel}</option>
          <option value="grievance">Raise a grievance</option>
        </select>
        <TextField
          id="request-details"
          label="Details"
          multiline
          rows={3}
          value={details}
          error={error}
          onChange={(e) => setDetails(e.target.value)}
        />
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send the request
        </SubmitButton>
      </form>
      {data.requests.length > 0 && (
        <ul className="mt-4 space-y-3">
          {data.requests.map((request) => (
            <li key={request.id} className="rounded-md border border-slate-200 p-3">
              <p className="font-semibold">
                {REQUEST_KIND_LABELS[request.kind]} #{request.id}: {request.state}
              </p>
              <p className="text-sm text-slate-700">
                Received {formatDate(request.receivedAt)}; answer due by {formatDate(request.deadline.dueAt)}
                {request.answer ? `. Answer: ${request.answer}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
