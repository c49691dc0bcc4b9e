import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { FormSelectField } from '../staff';
import { BoundTextField } from './BoundFields';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS } from '../../lib/membership-classes';
import { CLASS_ELIGIBILITY } from '../../lib/membership-info';
import {
  ApplicationFields,
  classRuleIssues,
  DOCUMENT_LABELS,
  PROPOSED_CLASSES,
  type DocumentKind,
} from '../../lib/schemas/membership';
import { needsGuardian } from '../../lib/guardian';
import { kolkataDate } from '../../lib/financial-year';
import { checkProposerNumber } from './proposer-check';
import { FieldError, TextField } from '../../components/forms/FormFields';

/** The fields of each step of the registration form (the form itself is `RegistrationForm`). */

export interface ChapterOption {
  id: number;
  name: string;
}

export function ClassStep() {
  const { register, clearErrors, control } = useFormContext();
  const { errors } = useFormState({ control, name: 'classCode' });
  const error = (errors.classCode?.message as string | undefined) ?? null;
  return (
    <fieldset aria-describedby={error ? 'classCode-error' : undefined}>
      <legend className="text-base font-semibold">Which membership class are you applying for?</legend>
      <div className="mt-3 space-y-3">
        {MEMBERSHIP_CLASS_CODES.map((code) => (
          <label
            key={code}
            className="flex gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              value={code}
              {...register('classCode', { onChange: () => clearErrors('classCode') })}
              className="mt-1 h-5 w-5"
            />
            <span>
              <span className="block font-semibold">{MEMBERSHIP_CLASS_LABELS[code]}</span>
              <span className="block text-sm text-slate-700">{CLASS_ELIGIBILITY[code]}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="classCode-error" message={error} />
    </fieldset>
  );
}

export function PersonalStep() {
  const dateOfBirth = useWatch({ name: 'dateOfBirth' }) as string | undefined;
  const minor = needsGuardian(dateOfBirth, kolkataDate(new Date()));
  return (
    <div className="space-y-4">
      <FormSelectField id="reg-title" name="title" label="Title (optional)">
        <option value="">—</option>
        {['Mr', 'Ms', 'Mrs', 'Dr', 'Prof'].map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </FormSelectField>
      <BoundTextField id="reg-firstName" name="firstName" label="First name" autoComplete="given-name" />
      <BoundTextField id="reg-lastName" name="lastName" label="Last name" autoComplete="family-name" />
      <BoundTextField id="reg-email" name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" />
      <BoundTextField
        id="reg-phone"
        name="phone"
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint="10 digits, for example 98300 12345."
      />
      <BoundTextField id="reg-dateOfBirth" name="dateOfBirth" label="Date of birth" type="date" autoComplete="bday" />
      {minor && (
        <fieldset
          className="space-y-4 rounded-md border border-amber-300 bg-amber-50 p-4"
          data-testid="guardian-fields"
        >
          <legend className="px-1 font-semibold">Your parent or guardian</legend>
          <p className="text-sm text-slate-800">
            As you are under 18, the law asks for the consent of a parent or guardian before we use your data. We will
            e-mail them a link; your application waits until they consent.
          </p>
          <BoundTextField id="reg-guardianName" name="guardianName" label="Parent's or guardian's name" />
          <BoundTextField
            id="reg-guardianEmail"
            name="guardianEmail"
            label="Parent's or guardian's e-mail"
            type="email"
            inputMode="email"
          />
        </fieldset>
      )}
    </div>
  );
}

export function AddressStep() {
  return (
    <div className="space-y-4">
      <BoundTextField
        id="reg-address"
        name="address"
        label="Address"
        multiline
        rows={3}
        autoComplete="street-address"
      />
      <BoundTextField id="reg-city" name="city" label="City" autoComplete="address-level2" />
      <BoundTextField id="reg-stateName" name="stateName" label="State" autoComplete="address-level1" />
      <BoundTextField id="reg-pincode" name="pincode" label="PIN code" inputMode="numeric" autoComplete="postal-code" />
    </div>
  );
}

export function ProfessionStep() {
  const classCode = useWatch({ name: 'classCode' }) as string;
  const institutional = classCode === 'institutional';
  return (
    <div className="space-y-4">
      <BoundTextField id="reg-qualification" name="qualification" label="Highest qualification" />
      <BoundTextField
        id="reg-organisation"
        name="organisation"
        label={institutional ? 'Name of the organisation' : 'Organisation (optional)'}
        autoComplete="organization"
      />
      <BoundTextField
        id="reg-designation"
        name="designation"
        label={institutional ? 'Your designation in the organisation' : 'Designation (optional)'}
        autoComplete="organization-title"
      />
      <BoundTextField
        id="reg-experienceYears"
        name="experienceYears"
        label="Years of experience"
        type="number"
        inputMode="numeric"
        min={0}
        max={60}
      />
      {classCode === 'student' && (
        <BoundTextField id="reg-institution" name="institution" label="Institution where you study" />
      )}
      <fieldset className="space-y-4 rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-medium">
          {institutional ? 'GST details of the organisation' : 'If your employer pays the fee (optional)'}
        </legend>
        <p className="text-sm text-slate-700">
          A registered buyer gets a tax invoice in its name and can claim the GST. Leave these empty to be invoiced
          yourself, at the address above.
        </p>
        <BoundTextField
          id="reg-gstin"
          name="gstin"
          label="GSTIN (optional)"
          hint="15 characters, such as 19AAACN1234F1Z5."
          autoCapitalize="characters"
        />
        <BoundTextField id="reg-buyerName" name="buyerName" label="Legal name registered with the GSTIN" />
        <BoundTextField
          id="reg-buyerAddress"
          name="buyerAddress"
          label="Address registered with the GSTIN"
          autoComplete="off"
        />
      </fieldset>
    </div>
  );
}

export function ChapterStep({ chapters }: { chapters: ChapterOption[] }) {
  const classCode = useWatch({ name: 'classCode' }) as string;
  const proposed = (PROPOSED_CLASSES as readonly string[]).includes(classCode);
  return (
    <div className="space-y-4">
      <FormSelectField
        id="reg-chapterId"
        name="chapterId"
        label="Chapter"
        hint="The chapter nearest to where you live or work."
      >
        <option value="">Choose a chapter</option>
        {chapters.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </FormSelectField>
      {proposed ? (
        <>
          <p className="text-sm text-slate-700">
            Two Corporate or Life members of NIPM propose and second your application. Ask them for their member
            numbers.
          </p>
          <ProposerField role="proposer" label="Proposer's member number" />
          <ProposerField role="seconder" label="Seconder's member number" />
        </>
      ) : (
        <p className="text-sm text-slate-700">This class needs no proposer or seconder.</p>
      )}
    </div>
  );
}

/**
 * A proposer's or seconder's number, checked with the server as soon as it is entered (on leaving
 * the field), so a wrong number is found here and not after the uploads.
 */
function ProposerField({ role, label }: { role: 'proposer' | 'seconder'; label: string }) {
  const name = role === 'proposer' ? 'proposerNumber' : 'seconderNumber';
  const { register, setError, clearErrors, getValues, control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = (errors[name]?.message as string | undefined) ?? undefined;
  const field = register(name, {
    onBlur: async () => {
      const typed = String(getValues(name) ?? '');
      // The same rule the Continue button applies: the blur that clicking Continue causes must agree
      // with it, not answer later and wipe its message.
      const format = ApplicationFields.shape[name].safeParse(typed);
      const rule = format.success
        ? classRuleIssues(getValues()).find((issue) => issue.path === name)?.message
        : format.error.issues[0]?.message;
      if (rule) {
        setError(name, { type: 'step', message: rule });
        return;
      }
      const problem = await checkProposerNumber(typed, role, getValues('email'));
      if (String(getValues(name) ?? '') !== typed) return;
      if (problem) setError(name, { type: 'proposer', message: problem });
      else clearErrors(name);
    },
  });
  return <TextField id={`reg-${name}`} label={label} autoCapitalize="characters" {...field} error={error} />;
}

export interface DocumentsStepProps {
  required: DocumentKind[];
  files: Partial<Record<DocumentKind, File>>;
  errors: Partial<Record<DocumentKind, string>>;
  onChoose: (kind: DocumentKind, file: File | undefined) => void;
}

export function DocumentsStep({ required, files, errors, onChoose }: DocumentsStepProps) {
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        A photograph (JPEG, PNG or WebP, up to 2 MB) and a PDF or picture of your{' '}
        {required.includes('id-card') ? 'student ID card' : 'qualification certificate'} (up to 5 MB). Choose them now,
        or continue without them and upload them later from your application&apos;s page (the link in your confirmation
        e-mail): your chapter needs them to scrutinise your application.
      </p>
      {required.map((kind) => (
        <div key={kind}>
          <label htmlFor={`reg-file-${kind}`} className="block text-sm font-medium">
            {DOCUMENT_LABELS[kind]}
          </label>
          <input
            id={`reg-file-${kind}`}
            type="file"
            accept={
              kind === 'photo' ? 'image/jpeg,image/png,image/webp' : 'application/pdf,image/jpeg,image/png,image/webp'
            }
            aria-invalid={errors[kind] ? true : undefined}
            aria-describedby={errors[kind] ? `reg-file-${kind}-error` : undefined}
            onChange={(event) => onChoose(kind, event.currentTarget.files?.[0])}
            className="mt-1 block w-full text-sm"
          />
          {files[kind] && <p className="mt-1 text-sm text-slate-700">Chosen: {files[kind]!.name}</p>}
          <FieldError id={`reg-file-${kind}-error`} message={errors[kind]} />
        </div>
      ))}
    </div>
  );
}
