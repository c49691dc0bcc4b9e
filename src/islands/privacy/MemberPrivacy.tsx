import { useCallback, useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api, apiErrorOf } from '../../stores/api-client';
import type { OwnPrivacy } from '../../lib/schemas/privacy';
import { Loading } from '../../components/portal/PortalStates';
import { FormAlert, SubmitButton, TextField } from '../../components/forms/FormFields';
import { FileDownloadButton } from '../member-record/FileDownloadButton';
import { Consents, Requests, section } from './PrivacyParts';

type ExportState = { state: 'none' | 'pending' | 'ready' | 'failed'; url?: string };

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
      <Consents
        data={data}
        reload={load}
        withdrawPath={(purpose) => `me/privacy/consents/${purpose}`}
        givePath={(purpose) => `me/privacy/consents/${purpose}`}
      />
      <Requests
        data={data}
        reload={load}
        requestsPath="me/privacy/requests"
        intro="Your phone, address and employer you can change yourself on your profile. For anything else, ask here."
        erasureLabel="Erase my data and end my account"
      />
      <Nominee data={data} reload={load} />
    </div>
  );
}
