import { useEffect, useState, type FormEvent } from 'react';
import { api, apiErrorOf } from '../../stores/api-client';
import type { ApplicationStatus } from '../../lib/schemas/membership';
import { FormAlert, SubmitButton, TextField } from '../../components/forms/FormFields';
import { History, StateSummary } from './StatusParts';

type Tracked = Omit<ApplicationStatus, 'documents' | 'payments'>;

/** Finds an application by its number and e-mail and shows where it stands. */
export default function TrackApplication() {
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [tracked, setTracked] = useState<Tracked | null>(null);
  const [busy, setBusy] = useState(false);

  async function look(ref: string, mail: string) {
    setBusy(true);
    setProblem(null);
    setFields({});
    try {
      setTracked(await api.get<Tracked>('/membership/track', { reference: ref.trim(), email: mail.trim() }));
    } catch (error) {
      const failure = await apiErrorOf(error);
      setTracked(null);
      setFields(failure.fields);
      setProblem(failure.message);
    } finally {
      setBusy(false);
    }
  }

  // The /membership page's form arrives here with both values in the address.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const ref = params.get('reference') ?? '';
    const mail = params.get('email') ?? '';
    setReference(ref);
    setEmail(mail);
    if (ref && mail) void look(ref, mail);
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void look(reference, email);
  }

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          id="track-reference"
          label="Application number"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          placeholder="APP-XXXXXXXX"
          autoCapitalize="characters"
          error={fields.reference}
        />
        <TextField
          id="track-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fields.email}
        />
        {problem && <FormAlert>{problem}</FormAlert>}
        <SubmitButton busy={busy} fullWidth>
          Track
        </SubmitButton>
      </form>
      {tracked && (
        <div className="space-y-6">
          <StateSummary status={tracked} />
          <p className="text-sm text-slate-700">
            To pay, upload documents or download your receipt, open the link in your confirmation e-mail.
          </p>
          <History history={tracked.history} />
        </div>
      )}
    </div>
  );
}
