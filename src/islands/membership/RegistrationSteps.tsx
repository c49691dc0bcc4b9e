import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { FormSelectField } from '../staff';
import { BoundTextField } from './BoundFields';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS } from '../../lib/membership-classes';
import { CLASS_ELIGIBILITY } from '../../lib/membership-info';
import { DOCUMENT_LABELS, PROPOSED_CLASSES, type DocumentKind } from '../../lib/schemas/membership';
import { FieldError } from '../../components/forms/FormFields';

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
      {institutional && (
        <BoundTextField
          id="reg-gstin"
          name="gstin"
          label="GSTIN of the organisation (optional)"
          hint="15 characters, for the receipt."
        />
      )}
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
          <BoundTextField
            id="reg-proposerNumber"
            name="proposerNumber"
            label="Proposer's member number"
            autoCapitalize="characters"
          />
          <BoundTextField
            id="reg-seconderNumber"
            name="seconderNumber"
            label="Seconder's member number"
            autoCapitalize="characters"
          />
        </>
      ) : (
        <p className="text-sm text-slate-700">This class needs no proposer or seconder.</p>
      )}
    </div>
  );
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
        {required.includes('id-card') ? 'student ID card' : 'qualification certificate'} (up to 5 MB). You can also
        upload them later from your application&apos;s page.
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
