import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { api } from '../../stores/api-client';
import { FormDialog, FormTextField, useServerSubmit, useZodForm } from '../staff';

/**
 * One member who joined on paper, added by hand: the fields of one row of a members file, in the
 * same forms. The server judges it with the import's own code, so its messages (per field) are the
 * ones an imported row would get.
 */
const FIELDS = [
  ['memberNumber', 'Membership No', 'As printed on the member’s card.'],
  ['fullName', 'Full name', ''],
  ['classCode', 'Class', 'Associate, Corporate, Life, Institutional or Student.'],
  ['chapter', 'Chapter', 'Code or name.'],
  ['admittedOn', 'Admitted on', 'DD/MM/YYYY, 12-Mar-2019, …'],
  ['dateOfBirth', 'Date of birth', ''],
  ['email', 'E-mail', 'The member’s sign-in; an invitation can be sent later.'],
  ['mobile', 'Mobile', '10 digits, with or without +91.'],
  ['paidThrough', 'Paid through', 'The last financial year paid: 2025-26.'],
] as const;

const FormSchema = z.object(Object.fromEntries(FIELDS.map(([name]) => [name, z.string().max(1000)])));
type FormValues = z.infer<typeof FormSchema>;
const blank = Object.fromEntries(FIELDS.map(([name]) => [name, ''])) as FormValues;

export function AddExistingMember() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(FormSchema, blank);

  const { busy, submit: save } = useServerSubmit(form, async (values) => {
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => String(v).trim() !== ''));
    const added = await api.post<{ memberNumber: string }>('/admin/imports/member', body);
    toast.success(`Member ${added.memberNumber} added.`);
    form.reset(blank);
    setOpen(false);
  });

  return (
    <>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
        onClick={() => setOpen(true)}
      >
        Add one member by hand
      </button>
      <FormDialog
        open={open}
        title="Add an existing member"
        form={form}
        onSubmit={save}
        confirmLabel="Add member"
        busy={busy}
        onCancel={() => setOpen(false)}
      >
        {FIELDS.map(([name, label, hint]) => (
          <FormTextField key={name} id={`existing-${name}`} name={name} label={label} hint={hint || undefined} />
        ))}
      </FormDialog>
    </>
  );
}
