import toast from 'react-hot-toast';
import type { z } from 'zod';
import type { MemberRecord } from '../../lib/api-types';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS } from '../../lib/membership-classes';
import { SelfMemberPatch, StaffMemberPatch } from '../../lib/schemas/members';
import { api } from '../../stores/api-client';
import { FormProblem, FormProvider, FormSelectField, FormTextField, useServerSubmit, useZodForm } from '../staff';
import { PrivacyShortNotice } from '../../components/forms/PrivacyShortNotice';

const CONTACT_FIELDS: [keyof z.input<typeof SelfMemberPatch>, string][] = [
  ['title', 'Title'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['pincode', 'PIN code'],
  ['qualification', 'Qualification'],
  ['organisation', 'Organisation'],
  ['designation', 'Designation'],
];

const StaffForm = StaffMemberPatch;
const OwnForm = SelfMemberPatch;

function defaults(member: MemberRecord, staff: boolean) {
  const contact = Object.fromEntries(
    CONTACT_FIELDS.map(([name]) => [name, (member[name as keyof MemberRecord] as string | null) ?? '']),
  );
  return staff
    ? {
        ...contact,
        firstName: member.firstName,
        lastName: member.lastName,
        dateOfBirth: member.dateOfBirth ?? '',
        classCode: member.membershipClass,
      }
    : contact;
}

/**
 * Edits a member record with the API's own schema: the member their contact and professional details
 * (`PATCH /api/members/me`), staff also the name, date of birth and class (`PATCH /api/admin/members/{id}`).
 */
export default function DetailsForm({
  member,
  staff,
  onSaved,
  onCancel,
}: {
  member: MemberRecord;
  staff: boolean;
  onSaved(): void;
  onCancel(): void;
}) {
  const form = useZodForm(staff ? StaffForm : OwnForm, defaults(member, staff) as never);

  const { busy, submit } = useServerSubmit(form, async (values) => {
    const body = { ...(values as Record<string, unknown>) };
    const path = staff ? `admin/members/${member.id}` : 'members/me';
    await api.http.patch(path, { json: body });
    toast.success('Saved.');
    onSaved();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormProblem />
        {staff && (
          <>
            <FormTextField id="member-firstName" name="firstName" label="First name" />
            <FormTextField id="member-lastName" name="lastName" label="Last name" />
            <FormTextField id="member-dateOfBirth" name="dateOfBirth" label="Date of birth (YYYY-MM-DD)" />
            <FormSelectField id="member-classCode" name="classCode" label="Membership class">
              {MEMBERSHIP_CLASS_CODES.map((code) => (
                <option key={code} value={code}>
                  {MEMBERSHIP_CLASS_LABELS[code]}
                </option>
              ))}
            </FormSelectField>
          </>
        )}
        {CONTACT_FIELDS.map(([name, label]) => (
          <FormTextField key={name} id={`member-${name}`} name={name} label={label} />
        ))}
        <div className="sm:col-span-2">
          <PrivacyShortNotice use="keep the member record up to date and write to the member" />
        </div>
        <div className="flex gap-3 sm:col-span-2">
          <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2">
            Cancel
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
