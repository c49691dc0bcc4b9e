import { useState, type FormEvent } from 'react';
import { SubmitButton, TextField } from '../../../components/forms/FormFields';
import { formatDate, formatMoney } from '../../../lib/format';
import type { AdminEdition } from '../../../lib/schemas/natcon';
import { api } from '../../../stores/api-client';

type Save = (work: () => Promise<unknown>, done: string) => Promise<Record<string, string> | null>;

/** Rupees typed by staff as paise for the API ("9000" or "9,000.50"); NaN for anything else. */
function toPaise(text: string): number {
  const cleaned = text.replace(/[,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) : Number.NaN;
}

const empty = { name: '', fee: '', earlyBirdFee: '', earlyBirdUntil: '', seats: '' };

/** Delegate categories of an edition: fee, early-bird fee and last day, seats (taken ones shown), rates. */
export function CategoryEditor({ edition, save }: { edition: AdminEdition; save: Save }) {
  const [values, setValues] = useState(empty);
  const [memberRate, setMemberRate] = useState(false);
  const [studentRate, setStudentRate] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof typeof empty) => ({
    value: values[name],
    error: fields[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const body = {
      name: values.name,
      fee: toPaise(values.fee),
      seats: Number(values.seats),
      memberRate,
      studentRate,
      ...(values.earlyBirdFee
        ? { earlyBirdFee: toPaise(values.earlyBirdFee), earlyBirdUntil: values.earlyBirdUntil }
        : {}),
    };
    const problems = await save(
      () => api.post(`/admin/natcon/editions/${edition.id}/categories`, body),
      'Category added.',
    );
    setFields(problems ?? {});
    if (!problems) setValues(empty);
    setBusy(false);
  };

  const changeSeats = (id: number, current: number) => {
    const answer = window.prompt('Seats in this category', String(current));
    if (answer === null) return;
    void save(() => api.patch(`/admin/natcon/categories/${id}`, { seats: Number(answer) }), 'Seats changed.');
  };

  return (
    <section aria-labelledby="categories-heading" className="space-y-3">
      <h3 id="categories-heading" className="font-semibold">
        Delegate categories
      </h3>
      <ul className="divide-y divide-slate-200 text-sm">
        {edition.categories.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="flex-1">
              <span className="font-medium">{c.name}</span>: {formatMoney(c.fee)}
              {c.earlyBirdFee !== null
                ? `, early bird ${formatMoney(c.earlyBirdFee)} until ${formatDate(c.earlyBirdUntil)}`
                : ''}
              {c.memberRate ? ', member’s rate' : ''}
              {c.studentRate ? ', student ID' : ''} · {c.seatsTaken} of {c.seats} seats taken
            </span>
            <button
              type="button"
              onClick={() => changeSeats(c.id, c.seats)}
              className="rounded-md border border-slate-500 px-3 py-1 font-medium hover:bg-slate-50"
            >
              Change seats of {c.name}
            </button>
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-3"
      >
        <TextField id="category-name" label="Category" {...bind('name')} />
        <TextField id="category-fee" label="Fee (Rs)" inputMode="decimal" {...bind('fee')} />
        <TextField id="category-seats" label="Seats" inputMode="numeric" {...bind('seats')} />
        <TextField
          id="category-early-fee"
          label="Early-bird fee (Rs, optional)"
          inputMode="decimal"
          {...bind('earlyBirdFee')}
        />
        <TextField id="category-early-until" label="Early bird until" type="date" {...bind('earlyBirdUntil')} />
        <div className="space-y-1 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={memberRate} onChange={(e) => setMemberRate(e.target.checked)} /> Member’s
            rate
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={studentRate} onChange={(e) => setStudentRate(e.target.checked)} /> Student
            ID required
          </label>
        </div>
        <div>
          <SubmitButton busy={busy} busyLabel="Adding…">
            Add the category
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
