import { useState, type FormEvent } from 'react';
import { SubmitButton, TextField } from '../../../components/forms/FormFields';
import type { AdminEdition } from '../../../lib/schemas/natcon';

type Save = (body: unknown) => Promise<Record<string, string> | null>;

/** An edition's details; the server validates them and its messages appear beside the fields. */
export function EditionForm({ heading, edition, onSave }: { heading: string; edition?: AdminEdition; onSave: Save }) {
  const [values, setValues] = useState({
    title: edition?.title ?? '',
    year: String(edition?.year ?? new Date().getFullYear() + 1),
    theme: edition?.theme ?? '',
    startsOn: edition?.startsOn ?? '',
    endsOn: edition?.endsOn ?? '',
    venue: edition?.venue ?? '',
    city: edition?.city ?? '',
    registrationOpensOn: edition?.registrationOpensOn ?? '',
    registrationClosesOn: edition?.registrationClosesOn ?? '',
    programme: edition?.programme ?? '',
  });
  const [published, setPublished] = useState(edition?.published ?? false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: fields[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFields((await onSave({ ...values, year: Number(values.year), published })) ?? {});
    setBusy(false);
  };

  const prefix = edition ? `edition-${edition.id}` : 'edition-new';
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-lg border border-slate-300 p-4"
    >
      <h3 className="font-semibold">{heading}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${prefix}-title`} label="Title" {...bind('title')} />
        <TextField id={`${prefix}-year`} label="Year" inputMode="numeric" {...bind('year')} />
        <TextField id={`${prefix}-theme`} label="Theme" {...bind('theme')} />
        <TextField id={`${prefix}-venue`} label="Venue" {...bind('venue')} />
        <TextField id={`${prefix}-city`} label="City" {...bind('city')} />
        <TextField id={`${prefix}-starts`} label="First day" type="date" {...bind('startsOn')} />
        <TextField id={`${prefix}-ends`} label="Last day" type="date" {...bind('endsOn')} />
        <TextField id={`${prefix}-opens`} label="Registration opens" type="date" {...bind('registrationOpensOn')} />
        <TextField id={`${prefix}-closes`} label="Registration closes" type="date" {...bind('registrationClosesOn')} />
      </div>
      <TextField id={`${prefix}-programme`} label="Programme" multiline rows={5} {...bind('programme')} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} /> Published
        on /natcon
      </label>
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save the edition
      </SubmitButton>
    </form>
  );
}
