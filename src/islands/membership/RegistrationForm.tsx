import { useEffect, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { FormProblem, FormProvider, SERVER_ERROR, applyServerErrors, useZodForm } from '../staff';
import { api, apiErrorOf } from '../../stores/api-client';
import { DRAFT_KEY, STEP_KEY, parseDraft, parseStep, serialiseDraft } from '../../lib/registration-draft';
import {
  ApplicationFields,
  ApplicationInput,
  PROPOSED_CLASSES,
  REGISTRATION_STEPS,
  classRuleIssues,
  requiredDocuments,
  type ApplicationDraft,
  type DocumentKind,
  type FeeQuoteAnswer,
  type SubmittedApplication,
} from '../../lib/schemas/membership';
import type { MembershipClassCode } from '../../lib/membership-classes';
import { SubmitButton } from '../../components/forms/FormFields';
import {
  AddressStep,
  ChapterStep,
  ClassStep,
  DocumentsStep,
  PersonalStep,
  ProfessionStep,
  type ChapterOption,
} from './RegistrationSteps';
import { ReviewStep } from './ReviewStep';
import { ReviewSummary } from './ReviewSummary';
import { checkProposerNumber } from './proposer-check';
import { kolkataDate } from '../../lib/financial-year';
import { guardianIssues } from '../../lib/guardian';
import { PrivacyShortNotice } from '../../components/forms/PrivacyShortNotice';

const MB = 1024 * 1024;
const FILE_LIMITS: Record<DocumentKind, number> = { photo: 2 * MB, certificate: 5 * MB, 'id-card': 5 * MB };

const EMPTY: Partial<ApplicationDraft> = {
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  address: '',
  city: '',
  stateName: '',
  pincode: '',
  qualification: '',
  organisation: '',
  designation: '',
  institution: '',
  gstin: '',
  buyerName: '',
  buyerAddress: '',
  proposerNumber: '',
  seconderNumber: '',
  coupon: '',
  guardianName: '',
  guardianEmail: '',
  newsletter: false,
};

/**
 * The membership application, one step at a time on a phone: each step is checked with the shared
 * schema before the next, what was typed is kept across reloads, and the review shows the fee. On
 * submission the documents follow, and the applicant goes to the application's page to pay.
 */
export default function RegistrationForm({ chapters }: { chapters: ChapterOption[] }) {
  const form = useZodForm(ApplicationInput, EMPTY);
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<Partial<Record<DocumentKind, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<DocumentKind, string>>>({});
  const [quote, setQuote] = useState<FeeQuoteAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const restored = useRef(false);

  useEffect(() => {
    form.reset({ ...EMPTY, ...parseDraft(window.localStorage.getItem(DRAFT_KEY)) });
    setStep(parseStep(window.sessionStorage.getItem(STEP_KEY), REGISTRATION_STEPS.length));
    restored.current = true;
    const subscription = form.watch((values) => window.localStorage.setItem(DRAFT_KEY, serialiseDraft(values)));
    return () => subscription.unsubscribe();
    // The form object is stable; this runs once after the first render.
  }, []);

  useEffect(() => {
    if (!restored.current) return;
    window.sessionStorage.setItem(STEP_KEY, String(step));
  }, [step]);

  const classCode = form.watch('classCode') as MembershipClassCode | undefined;
  const required = classCode ? requiredDocuments(classCode) : (['photo', 'certificate'] as DocumentKind[]);
  const current = REGISTRATION_STEPS[step];

  function go(to: number) {
    setStep(to);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => heading.current?.focus());
  }

  /** Files may come later from the application's page: only a chosen file that is too large stops the step. */
  function checkFiles(): boolean {
    const errors: Partial<Record<DocumentKind, string>> = {};
    for (const kind of required) {
      const file = files[kind];
      if (file && file.size > FILE_LIMITS[kind]) errors[kind] = `At most ${FILE_LIMITS[kind] / MB} MB.`;
    }
    setFileErrors(errors);
    return Object.keys(errors).length === 0;
  }

  async function next() {
    form.clearErrors(SERVER_ERROR as Path<ApplicationDraft>);
    if (current.id === 'documents') {
      if (checkFiles()) go(step + 1);
      return;
    }
    const fields = current.fields as readonly string[];
    // Checked here rather than with the resolver's trigger: only this step's fields, the shared
    // schema's messages, and the class rules that zod would run only once every field is valid.
    const values = form.getValues();
    const parsed = ApplicationFields.safeParse(values);
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }))),
      ...classRuleIssues(values as Parameters<typeof classRuleIssues>[0]),
      ...guardianIssues(values as Parameters<typeof guardianIssues>[0], kolkataDate(new Date())),
    ].filter(
      (issue, index, all) => fields.includes(issue.path) && all.findIndex((o) => o.path === issue.path) === index,
    );
    form.clearErrors(fields as Path<ApplicationDraft>[]);
    issues.forEach((issue, index) =>
      form.setError(
        issue.path as Path<ApplicationDraft>,
        { type: 'step', message: issue.message },
        { shouldFocus: index === 0 },
      ),
    );
    if (issues.length > 0) return;
    if (current.id === 'chapter' && !(await proposersAccepted())) return;
    go(step + 1);
  }

  /** The proposer and seconder checked with the server before the documents step, not after the uploads. */
  async function proposersAccepted(): Promise<boolean> {
    if (!classCode || !PROPOSED_CLASSES.includes(classCode)) return true;
    const email = form.getValues('email');
    const problems = await Promise.all(
      (['proposer', 'seconder'] as const).map(async (role) => {
        const name = role === 'proposer' ? 'proposerNumber' : 'seconderNumber';
        return [name, await checkProposerNumber(String(form.getValues(name) ?? ''), role, email)] as const;
      }),
    );
    problems
      .filter(([, problem]) => problem)
      .forEach(([name, problem], index) =>
        form.setError(name, { type: 'proposer', message: problem! }, { shouldFocus: index === 0 }),
      );
    return problems.every(([, problem]) => !problem);
  }

  function stepOf(field: string): number {
    const index = REGISTRATION_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
    return index < 0 ? step : index;
  }

  async function uploadAll(submitted: SubmittedApplication): Promise<boolean> {
    let ok = true;
    for (const kind of required) {
      const file = files[kind];
      if (!file) continue;
      const body = new FormData();
      body.set('kind', kind);
      body.set('file', file);
      try {
        await api.http.post(`/membership/applications/${submitted.reference}/documents`, {
          searchParams: { token: submitted.statusToken },
          body,
          timeout: 60_000,
        });
      } catch {
        ok = false;
      }
    }
    return ok;
  }

  const submit = form.handleSubmit(
    async (values) => {
      setBusy(true);
      try {
        const submitted = await api.post<SubmittedApplication>('/membership/applications', {
          ...values,
          ...(quote ? { expectedTotal: quote.total } : {}),
        });
        const uploaded = await uploadAll(submitted);
        const complete = required.every((kind) => files[kind]);
        window.localStorage.removeItem(DRAFT_KEY);
        window.sessionStorage.removeItem(STEP_KEY);
        const status = new URL('/membership/status', window.location.origin);
        status.searchParams.set('token', submitted.statusToken);
        status.searchParams.set('new', !uploaded ? 'documents' : complete ? '1' : 'later');
        window.location.assign(status.toString());
      } catch (error) {
        const failure = await apiErrorOf(error);
        applyServerErrors(form, failure);
        const first = Object.keys(failure.fields)[0];
        if (first && stepOf(first) !== step) go(stepOf(first));
        setBusy(false);
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first && stepOf(first) !== step) go(stepOf(first));
    },
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="space-y-6">
        <div>
          <p className="text-sm text-slate-700">
            Step {step + 1} of {REGISTRATION_STEPS.length}
          </p>
          <div className="mt-1 h-2 w-full rounded bg-slate-200" aria-hidden="true">
            <div
              className="h-2 rounded bg-brand-700"
              style={{ width: `${((step + 1) / REGISTRATION_STEPS.length) * 100}%` }}
            />
          </div>
          <h2 ref={heading} tabIndex={-1} className="mt-3 text-xl font-bold focus:outline-none">
            {current.title}
          </h2>
        </div>
        {current.id === 'class' && <ClassStep />}
        {current.id === 'personal' && <PersonalStep />}
        {current.id === 'address' && <AddressStep />}
        {current.id === 'profession' && <ProfessionStep />}
        {current.id === 'chapter' && <ChapterStep chapters={chapters} />}
        {current.id === 'documents' && (
          <DocumentsStep
            required={required}
            files={files}
            errors={fileErrors}
            onChoose={(kind, file) => setFiles((before) => ({ ...before, [kind]: file }))}
          />
        )}
        {current.id === 'review' && (
          <ReviewStep
            onQuote={setQuote}
            summary={
              <ReviewSummary
                chapters={chapters}
                files={files}
                required={required}
                onChange={(to) => go(REGISTRATION_STEPS.findIndex((s) => s.id === to))}
              />
            }
          />
        )}
        <FormProblem />
        <div className="flex gap-3">
          {step > 0 && (
            <button
              type="button"
              onClick={() => go(step - 1)}
              className="flex-1 rounded-md border border-slate-500 px-4 py-3 font-semibold"
            >
              Back
            </button>
          )}
          {current.id === 'review' ? (
            <div className="flex-1 space-y-3">
              <PrivacyShortNotice use="decide your application, keep your membership record, take your payments and issue your receipts and invoices" />
              <SubmitButton busy={busy} busyLabel="Submitting…" fullWidth>
                Submit application
              </SubmitButton>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => void next()}
              className="flex-1 rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Continue
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
