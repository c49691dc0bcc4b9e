import { useState, type FormEvent } from 'react';
import { SelectField, SubmitButton, TextField } from '../../../components/forms/FormFields';

/** Adds an award category with its criteria and who may be nominated. */
export function AwardForm({ onSave }: { onSave: (body: unknown) => Promise<Record<string, string> | null> }) {
  const [name, setName] = useState('');
  const [criteria, setCriteria] = useState('');
  const [nomineeKind, setNomineeKind] = useState('person');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const problems = await onSave({ name, criteria, nomineeKind });
    setFields(problems ?? {});
    if (!problems) {
      setName('');
      setCriteria('');
    }
    setBusy(false);
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 sm:grid-cols-3">
      <TextField
        id="award-name"
        label="Award"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fields.name}
      />
      <SelectField
        id="award-kind"
        label="Nominees"
        value={nomineeKind}
        onChange={(e) => setNomineeKind(e.target.value)}
        error={fields.nomineeKind}
      >
        <option value="person">People</option>
        <option value="organisation">Organisations</option>
        <option value="either">Either</option>
      </SelectField>
      <TextField
        id="award-criteria"
        label="Criteria"
        value={criteria}
        onChange={(e) => setCriteria(e.target.value)}
        error={fields.criteria}
      />
      <div>
        <SubmitButton busy={busy} busyLabel="Adding…">
          Add the award
        </SubmitButton>
      </div>
    </form>
  );
}
