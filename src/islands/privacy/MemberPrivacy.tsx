import { useCallback, useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api, apiErrorOf } from '../../stores/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  CONSENT_PURPOSE_LABELS,
  REQUEST_KIND_LABELS,
  type ConsentPurpose,
  type OwnPrivacy,
} from '../../lib/schemas/privacy';
import { Loading } from '../../components/portal/PortalStates';
import { FormAlert, SubmitButton, TextField } from '../../components/forms/FormFields';
import { FileDownloadButton } from '../member-record/FileDownloadButton';

type ExportState = { state: 'none' | 'pending' | 'ready' | 'failed'; url?: string };

const section = 'rounded-lg border border-slate-200 bg-white p-6';

/** Download everything: starts the job, then asks every two seconds until the ZIP is ready. */
function DownloadData() {
  const [state, setState] = useState<ExportState | null>(null);
  const poll = useCallback(async () => {
    const next = await api.get<ExportState>('me/privacy/export');
    setState(next);
    if (next.state === 'pending') setTimeout(() => void poll(), 2000);
  }, []);
  useEffect(() => {
    void poll();
  }, [poll]);
  const start = async () => {
    try {
      await api.post('me/privacy/export');
      setState({ state: 'pending' });
      setTimeout(() => void poll(), 1000);
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };
  return (
    <section aria-labelledby="download-heading" className={section}>
      <h2 id="download-heading" className="text-lg font-semibold">
        Download your data
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        One ZIP file with every record we keep about you (as JSON) and the documents you uploaded.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <button
          type="button"
          onClick={() => void start()}
          disabled={state?.state === 'pending'}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {state?.state === 'pending' ? 'Preparing…' : 'Prepare my data'}
        </button>
        {state?.state === 'ready' && state.url && (
          <FileDownloadButton
            path={state.url.replace(/^\/api\//, '')}
            filename="nipm-my-data.zip"
            label="Download the ZIP"
          />
        )}
        {state?.state === 'failed' && <span className="text-red-700">Preparing failed; please try again.</span>}
      </div>
    </section>
  );
}

function Consents({ data, reload }: { data: OwnPrivacy; reload: () => void }) {
  const withdraw = async (purpose: string) => {
    try {
      await api.delete(`me/privacy/consents/${purpose}`);
      toast.success('Withdrawn. You will get no more of these e-mails.');
      reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };
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
    </section>
  );
}

function Requests({ data, reload }: { data: OwnPrivacy; reload: () => void }) {
  const [kind, setKind] = useState<'correction' | 'erasure' | 'grievance'>('correction');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api.post('me/privacy/requests', { kind, details });
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
      <p className="mt-1 text-sm text-slate-700">
        Your phone, address and employer you can change yourself on your profile. For anything else, ask here.
      </p>
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
          <option value="erasure">Erase my data and end my account</option>
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

function Nominee({ data, reload }: { data: OwnPrivacy; reload: () => void }) {
  const [form, setForm] = useState({
    name: data.nominee?.name ?? '',
    relation: data.nominee?.relation ?? '',
    email: data.nominee?.email ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.put('me/privacy/nominee', { ...form, phone: null });
      toast.success('Your nominee is saved.');
      setProblem(null);
      reload();
    } catch (failure) {
      setProblem((await apiErrorOf(failure)).message);
    }
  };
  return (
    <section aria-labelledby="nominee-heading" className={section}>
      <h2 id="nominee-heading" className="text-lg font-semibold">
        Your nominee
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The person who may use these rights for you if you die or cannot act yourself.
      </p>
      <form onSubmit={(e) => void save(e)} className="mt-3 grid max-w-xl gap-3" noValidate>
        {problem && <FormAlert>{problem}</FormAlert>}
        {(['name', 'relation', 'email'] as const).map((field) => (
          <TextField
            key={field}
            id={`nominee-${field}`}
            label={{ name: 'Name', relation: 'Relation to you', email: 'E-mail address' }[field]}
            value={form[field]}
            onChange={(e) => setForm({ ...form, [field]: e.target.value })}
          />
        ))}
        <SubmitButton busy={false}>Save the nominee</SubmitButton>
      </form>
    </section>
  );
}

/** /member/privacy: the member's rights under the DPDP Act in one page (issue 26). */
export default function MemberPrivacy() {
  const [data, setData] = useState<OwnPrivacy | null>(null);
  const load = useCallback(() => {
    api
      .get<OwnPrivacy>('me/privacy')
      .then(setData)
      .catch(async (failure) => toast.error((await apiErrorOf(failure)).message));
  }, []);
  useEffect(load, [load]);
  if (!data) return <Loading what="your privacy settings" />;
  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        See, correct or erase what the institute keeps about you. Read the{' '}
        <a className="text-brand-700 underline" href="/privacy">
          privacy notice (version {data.noticeVersion})
        </a>
        .
      </p>
      <DownloadData />
      <Consents data={data} reload={load} />
      <Requests data={data} reload={load} />
      <Nominee data={data} reload={load} />
    </div>
  );
}
