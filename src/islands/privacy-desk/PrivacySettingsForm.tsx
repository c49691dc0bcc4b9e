import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  DEFAULT_PRIVACY_SETTINGS,
  GrievanceOfficerSchema,
  RetentionSchema,
  type PrivacySettings,
} from '../../lib/schemas/privacy';
import { api, apiErrorOf } from '../../stores/api-client';
import { applyServerErrors, FormProblem, FormProvider, FormTextField, useZodForm } from '../staff';
import { Panel, primaryClass } from '../admin/shared';
import { DeskNav } from './DeskNav';

const period = (rule: z.ZodNumber) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'Give a whole number.')
    .transform(Number)
    .pipe(rule);

/**
 * What the inputs hold (text), checked field by field with the API's own rules (so each message shows
 * beside its input), then turned into the API's settings: no officer when the name is left empty.
 */
const SettingsForm = z
  .object({
    name: z.string(),
    designation: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    closedApplicationDays: period(RetentionSchema.shape.closedApplicationDays),
    natconEditionYears: period(RetentionSchema.shape.natconEditionYears),
    lapsedMemberInactiveYears: period(RetentionSchema.shape.lapsedMemberInactiveYears),
    lapsedNoticesPerDay: period(RetentionSchema.shape.lapsedNoticesPerDay),
    logDays: period(RetentionSchema.shape.logDays),
  })
  .superRefine((f, ctx) => {
    if (!f.name.trim()) return;
    const officer = GrievanceOfficerSchema.safeParse(officerOf(f));
    if (!officer.success)
      for (const issue of officer.error.issues) ctx.addIssue({ ...issue, path: issue.path.slice(-1) });
  })
  .transform((f) => ({
    officer: f.name.trim() ? GrievanceOfficerSchema.parse(officerOf(f)) : null,
    retention: {
      closedApplicationDays: f.closedApplicationDays,
      natconEditionYears: f.natconEditionYears,
      lapsedMemberInactiveYears: f.lapsedMemberInactiveYears,
      lapsedNoticesPerDay: f.lapsedNoticesPerDay,
      logDays: f.logDays,
    },
  }));

function officerOf(f: { name: string; designation: string; email: string; phone: string; address: string }) {
  return {
    name: f.name,
    designation: f.designation || 'Grievance Officer',
    email: f.email,
    phone: f.phone.trim() || null,
    address: f.address.trim() || null,
  };
}

type FormValues = z.input<typeof SettingsForm>;

function valuesOf(s: PrivacySettings): FormValues {
  return {
    name: s.officer?.name ?? '',
    designation: s.officer?.designation ?? 'Grievance Officer',
    email: s.officer?.email ?? '',
    phone: s.officer?.phone ?? '',
    address: s.officer?.address ?? '',
    closedApplicationDays: String(s.retention.closedApplicationDays),
    natconEditionYears: String(s.retention.natconEditionYears),
    lapsedMemberInactiveYears: String(s.retention.lapsedMemberInactiveYears),
    lapsedNoticesPerDay: String(s.retention.lapsedNoticesPerDay),
    logDays: String(s.retention.logDays),
  };
}

const RENAME = {
  'officer.name': 'name',
  'officer.email': 'email',
  'officer.designation': 'designation',
  'officer.phone': 'phone',
  'officer.address': 'address',
  'retention.closedApplicationDays': 'closedApplicationDays',
  'retention.natconEditionYears': 'natconEditionYears',
  'retention.lapsedMemberInactiveYears': 'lapsedMemberInactiveYears',
  'retention.lapsedNoticesPerDay': 'lapsedNoticesPerDay',
  'retention.logDays': 'logDays',
} as const;

/** The grievance officer named in the notice and the periods the retention job erases after (super admin). */
export default function PrivacySettingsForm() {
  const form = useZodForm(SettingsForm, valuesOf(DEFAULT_PRIVACY_SETTINGS));
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    api.get<PrivacySettings>('/admin/settings/privacy').then(
      (s) => {
        form.reset(valuesOf(s));
        setLoaded(true);
      },
      async (failure) => toast.error((await apiErrorOf(failure)).message),
    );
  }, [form]);

  const submit = form.handleSubmit(async (settings) => {
    try {
      const saved = await api.patch<PrivacySettings>('/admin/settings/privacy', settings);
      form.reset(valuesOf(saved));
      toast.success('Privacy settings saved.');
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      applyServerErrors(form, problem, RENAME);
      toast.error(problem.message);
    }
  });

  return (
    <Panel level={1} id="privacy-settings-heading" title="Privacy settings">
      <DeskNav current="/admin/settings/privacy" />
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={!loaded} className="mt-3 space-y-6">
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="font-semibold">
              Grievance officer (shown in the privacy notice; leave the name empty if not yet named)
            </legend>
            <FormTextField id="officer-name" name="name" label="Name" />
            <FormTextField id="officer-designation" name="designation" label="Designation" />
            <FormTextField id="officer-email" name="email" label="E-mail" type="email" />
            <FormTextField id="officer-phone" name="phone" label="Phone" />
            <FormTextField id="officer-address" name="address" label="Postal address" />
          </fieldset>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="font-semibold">Retention periods (the daily job erases after them)</legend>
            <FormTextField
              id="closed-days"
              name="closedApplicationDays"
              label="Rejected or withdrawn applications: days"
              inputMode="numeric"
            />
            <FormTextField
              id="edition-years"
              name="natconEditionYears"
              label="NATCON registrations: years after the edition"
              inputMode="numeric"
            />
            <FormTextField
              id="lapsed-years"
              name="lapsedMemberInactiveYears"
              label="Lapsed members not seen for: years"
              inputMode="numeric"
            />
            <FormTextField
              id="notices-per-day"
              name="lapsedNoticesPerDay"
              label="Erasure notices to lapsed members: at most this many a day"
              inputMode="numeric"
            />
            <FormTextField
              id="log-days"
              name="logDays"
              label="Logs and activity entries: days (365 at least)"
              inputMode="numeric"
            />
          </fieldset>
          <FormProblem />
          <button type="submit" className={primaryClass} disabled={form.formState.isSubmitting || !loaded}>
            Save settings
          </button>
        </form>
      </FormProvider>
    </Panel>
  );
}
