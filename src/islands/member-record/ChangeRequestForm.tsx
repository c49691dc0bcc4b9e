import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS } from '../../lib/membership-classes';
import { api, apiErrorOf } from '../../stores/api-client';

/** What only staff change (name, date of birth, class): the member asks for it here. */
export default function ChangeRequestForm({ onDone }: { onDone(): void }) {
  const [values, setValues] = useState({ firstName: '', lastName: '', dateOfBirth: '', classCode: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { reason, ...wanted } = values;
    const changes = Object.fromEntries(Object.entries(wanted).filter(([, v]) => v.trim() !== ''));
    setBusy(true);
    try {
      await api.post('members/me/change-requests', { changes, ...(reason.trim() ? { reason } : {}) });
      toast.success('Your request was sent to the national office.');
      onDone();
    } catch (failure) {
      const error = await apiErrorOf(failure);
      setProblem([error.message, ...Object.values(error.fields)].join(' '));
    } finally {
      setBusy(false);
    }
  }

  const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2';
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
      <p className="sm:col-span-2 text-slate-700">
        Fill in only what should change. The national office checks it and updates your record.
      </p>
      {problem && (
        <p role="alert" className="sm:col-span-2 text-red-700">
          {problem}
        </p>
      )}
      <label>
        First name
        <input className={input} value={values.firstName} onChange={set('firstName')} />
      </label>
      <label>
        Last name
        <input className={input} value={values.lastName} onChange={set('lastName')} />
      </label>
      <label>
        Date of birth (YYYY-MM-DD)
        <input className={input} value={values.dateOfBirth} onChange={set('dateOfBirth')} />
      </label>
      <label>
        Membership class
        <select className={input} value={values.classCode} onChange={set('classCode')}>
          <option value="">No change</option>
          {MEMBERSHIP_CLASS_CODES.map((code) => (
            <option key={code} value={code}>
              {MEMBERSHIP_CLASS_LABELS[code]}
            </option>
          ))}
        </select>
      </label>
      <label className="sm:col-span-2">
        Why (for example, a certificate of the change of name)
        <textarea className={input} value={values.reason} onChange={set('reason')} rows={3} />
      </label>
      <div className="sm:col-span-2">
        <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
          {busy ? 'Sending…' : 'Send the request'}
        </button>
      </div>
    </form>
  );
}
