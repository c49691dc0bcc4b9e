import toast from 'react-hot-toast';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS } from '../../lib/membership-classes';
import { ChangeRequestFormSchema, changeRequestBodyOf } from '../../lib/schemas/members';
import { api } from '../../stores/api-client';
import { FormProblem, FormProvider, FormSelectField, FormTextField, useServerSubmit, useZodForm } from '../staff';
import { PrivacyShortNotice } from '../../components/forms/PrivacyShortNotice';

/** The API's paths (`changes.lastName`) on the form's fields. */
const RENAME = {
  'changes.firstName': 'firstName',
  'changes.lastName': 'lastName',
  'changes.dateOfBirth': 'dateOfBirth',
  'changes.classCode': 'classCode',
} as const;

/**
 * What only staff change (name, date of birth, class): the member asks for it here. Checked with the
 * rules of `POST /api/members/me/change-requests`; the server's messages appear beside the same fields.
 */
export default function ChangeRequestForm({ onDone }: { onDone(): void }) {
  const form = useZodForm(ChangeRequestFormSchema, {
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    classCode: '',
    reason: '',
  });

  const { busy, submit } = useServerSubmit(
    form,
    async (values) => {
      await api.post('members/me/change-requests', changeRequestBodyOf(values));
      toast.success('Your request was sent to the national office.');
      onDone();
    },
    RENAME,
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
        <p className="sm:col-span-2 text-slate-700">
          Fill in only what should change. The national office checks it and updates your record.
        </p>
        <div className="sm:col-span-2">
          <FormProblem />
        </div>
        <FormTextField id="request-firstName" name="firstName" label="First name" />
        <FormTextField id="request-lastName" name="lastName" label="Last name" />
        <FormTextField id="request-dateOfBirth" name="dateOfBirth" label="Date of birth (YYYY-MM-DD)" />
        <FormSelectField id="request-classCode" name="classCode" label="Membership class">
          <option value="">No change</option>
          {MEMBERSHIP_CLASS_CODES.map((code) => (
            <option key={code} value={code}>
              {MEMBERSHIP_CLASS_LABELS[code]}
            </option>
          ))}
        </FormSelectField>
        <div className="sm:col-span-2">
          <FormTextField
            id="request-reason"
            name="reason"
            label="Why (for example, a certificate of the change of name)"
            multiline
            rows={3}
          />
        </div>
        <div className="space-y-3 sm:col-span-2">
          <PrivacyShortNotice use="check and make the change you ask for in your member record" />
          <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
            {busy ? 'Sending…' : 'Send the request'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
