import { useId, useState, type FormEvent } from 'react';
import { TextField, SelectField, FormAlert, SubmitButton } from '../../components/forms/FormFields';
import type { AwardCategory, Nomination } from '../../lib/schemas/natcon';
import { PrivacyShortNotice } from '../../components/forms/PrivacyShortNotice';

/**
 * Nominates a person or an organisation for an award, with a write-up and an optional supporting
 * PDF. Sent as a multipart form (the file travels with the fields); the server checks every field
 * and the file's content, and its messages appear beside the fields.
 */
export function NominationForm({ awards, orderNumber }: { awards: AwardCategory[]; orderNumber?: string }) {
  const fileId = useId();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Nomination | null>(null);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<'person' | 'organisation'>('person');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setProblem(null);
    const form = new FormData(event.currentTarget);
    const file = form.get('supportingPdf');
    if (file instanceof File && file.size === 0) form.delete('supportingPdf');
    for (const [key, value] of [...form.entries()]) if (value === '') form.delete(key);
    if (orderNumber) form.set('orderNumber', orderNumber);
    try {
      const response = await fetch('/api/natcon/nominations', { method: 'POST', body: form });
      const answer = (await response.json()) as {
        success: boolean;
        data?: Nomination;
        error?: { message: string; fields?: Record<string, string> };
      };
      if (answer.success && answer.data) setDone(answer.data);
      else {
        setFields(answer.error?.fields ?? {});
        setProblem(answer.error?.message ?? 'The nomination was not sent.');
      }
    } catch {
      setProblem('The nomination was not sent: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2">
        Thank you: nomination {done.reference} for {done.award} is received.
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      {problem && <FormAlert>{problem}</FormAlert>}
      <SelectField id="nomination-award" name="awardCategoryId" label="Award" error={fields.awardCategoryId}>
        {awards.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="nomination-kind"
        name="nomineeKind"
        label="Nominee is"
        value={kind}
        onChange={(event) => setKind(event.target.value as 'person' | 'organisation')}
        error={fields.nomineeKind}
      >
        <option value="person">A person</option>
        <option value="organisation">An organisation</option>
      </SelectField>
      <TextField
        id="nomination-name"
        name="nomineeName"
        label={kind === 'person' ? 'Nominee’s name' : 'Organisation’s name'}
        error={fields.nomineeName}
      />
      {kind === 'person' && (
        <TextField
          id="nomination-org"
          name="nomineeOrganisation"
          label="Nominee’s organisation (optional)"
          error={fields.nomineeOrganisation}
        />
      )}
      <TextField
        id="nomination-email"
        name="nomineeEmail"
        type="email"
        label="Nominee’s e-mail (optional)"
        error={fields.nomineeEmail}
      />
      <TextField
        id="nomination-by"
        name="nominatorName"
        label="Your name"
        autoComplete="name"
        error={fields.nominatorName}
      />
      <TextField
        id="nomination-by-email"
        name="nominatorEmail"
        type="email"
        label="Your e-mail"
        autoComplete="email"
        error={fields.nominatorEmail}
      />
      <TextField
        id="nomination-write-up"
        name="writeUp"
        label="Why they deserve it"
        multiline
        rows={6}
        hint="At least 50 characters: what they did, and the difference it made."
        error={fields.writeUp}
      />
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium">
          Supporting document (PDF, optional, up to 5 MB)
        </label>
        <input
          id={fileId}
          name="supportingPdf"
          type="file"
          accept="application/pdf"
          className="mt-1 block w-full text-sm"
        />
        {fields.supportingPdf && <p className="mt-1 text-sm text-red-700">{fields.supportingPdf}</p>}
      </div>
      <PrivacyShortNotice use="judge the award and tell you and the nominee the result" />
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send the nomination
      </SubmitButton>
    </form>
  );
}
