import { z } from 'zod';
import { MEMBERSHIP_CLASS_CODES, type MembershipClassCode } from '../membership-classes';
import { parseFinancialYearLabel } from '../financial-year';
import { isoDate, MAX_RECORD_ID, pagingQuery, recordId, sortQuery } from './common';
import { singleLineText } from './text';
import { couponCodeField } from './money';
import { InvoiceRefSchema } from './gst';

/**
 * The membership application, checked by the same schema in the registration form (step by step)
 * and by `POST /api/membership/applications`. Client-safe: plain zod, no server code.
 */

/** Classes whose applicants need a proposer and a seconder (Corporate or Life members). */
export const PROPOSED_CLASSES: readonly MembershipClassCode[] = ['associate', 'corporate', 'life'];

export const APPLICATION_STATES = [
  'awaiting_guardian',
  'awaiting_payment',
  'payment_reported',
  'payment_verified',
  'under_scrutiny',
  'recommended',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStateCode = (typeof APPLICATION_STATES)[number];

export const APPLICATION_STATE_LABELS: Record<ApplicationStateCode, string> = {
  awaiting_guardian: 'Waiting for a parent’s or guardian’s consent',
  awaiting_payment: 'Awaiting payment',
  payment_reported: 'Payment reported',
  payment_verified: 'Payment verified',
  under_scrutiny: 'Under scrutiny',
  recommended: 'Recommended',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const CLOSED_STATES: readonly ApplicationStateCode[] = ['approved', 'rejected', 'withdrawn'];

export const DOCUMENT_KINDS = ['photo', 'certificate', 'id-card'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  photo: 'Photograph',
  certificate: 'Qualification certificate',
  'id-card': 'Student ID card',
};

const text = (max: number, required: string) => singleLineText(z.string().trim().min(1, required).max(max));
const optionalText = (max: number) =>
  singleLineText(z.string().trim().max(max))
    .optional()
    .transform((v) => (v ? v : undefined));

export const MEMBER_NUMBER_PATTERN = /^[A-Z0-9/-]{3,30}$/i;
const memberNumber = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || MEMBER_NUMBER_PATTERN.test(v), 'Enter a member number such as NIPM/KOL/00012.')
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

/** An optional e-mail field: what the form sends empty is absent. */
const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().toLowerCase().max(320).email('Enter a valid e-mail address.').optional(),
);

/** GSTIN: 2-digit state code, PAN (5 letters, 4 digits, letter), entity digit, Z, check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const ApplicationFields = z
  .object({
    classCode: z.enum(MEMBERSHIP_CLASS_CODES, { errorMap: () => ({ message: 'Choose a membership class.' }) }),
    title: z.enum(['', 'Mr', 'Ms', 'Mrs', 'Dr', 'Prof']).optional(),
    firstName: text(100, 'Enter your first name.'),
    lastName: text(100, 'Enter your last name.'),
    email: z.string().trim().toLowerCase().max(320).email('Enter a valid e-mail address.'),
    phone: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)/, ''))
      .refine((v) => /^[6-9]\d{9}$/.test(v), 'Enter a 10-digit Indian mobile number.'),
    dateOfBirth: isoDate.refine((v) => v >= '1900-01-01' && v <= '2015-12-31', 'Enter your date of birth.'),
    address: text(300, 'Enter your address.'),
    city: text(100, 'Enter your city.'),
    stateName: text(100, 'Enter your state.'),
    pincode: z
      .string()
      .trim()
      .regex(/^[1-9]\d{5}$/, 'Enter a 6-digit PIN code.'),
    qualification: text(200, 'Enter your highest qualification.'),
    organisation: optionalText(200),
    designation: optionalText(200),
    experienceYears: z.coerce
      .number({ invalid_type_error: 'Enter your years of experience.' })
      .int('Use whole years.')
      .min(0, 'Use whole years from 0 to 60.')
      .max(60, 'Use whole years from 0 to 60.'),
    chapterId: z.coerce
      .number({ invalid_type_error: 'Choose your chapter.' })
      .int()
      .positive('Choose your chapter.')
      .max(MAX_RECORD_ID, 'Choose your chapter.'),
    proposerNumber: memberNumber,
    seconderNumber: memberNumber,
    institution: optionalText(200),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || GSTIN_PATTERN.test(v), 'Enter a 15-character GSTIN such as 19AAACN1234F1Z5.')
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** With a GSTIN: the legal name and registered address of the buyer that pays (the tax invoice's recipient). */
    buyerName: optionalText(200),
    buyerAddress: optionalText(500),
    coupon: couponCodeField,
    declaration: z.literal(true, { errorMap: () => ({ message: 'Confirm the declaration to apply.' }) }),
    /** A parent or guardian of an applicant under 18, who consents through a link e-mailed to them. */
    guardianName: optionalText(120),
    guardianEmail: optionalEmail,
    /** The optional consent to the newsletter: its own box, never ticked beforehand. */
    newsletter: z.boolean().optional(),
    /** The total the applicant saw on the review step: a changed fee is told, not silently charged. */
    expectedTotal: z.number().int().min(0).optional(),
  })
  .strict();

/**
 * Field rules that depend on the class, as a plain function so the form can check them on the step
 * that holds the fields (a zod refinement runs only once every other field is valid).
 */
export function classRuleIssues(value: {
  classCode?: string;
  proposerNumber?: string;
  seconderNumber?: string;
  institution?: string;
  organisation?: string;
}): { path: 'proposerNumber' | 'seconderNumber' | 'institution' | 'organisation'; message: string }[] {
  const issues: ReturnType<typeof classRuleIssues> = [];
  const proposer = value.proposerNumber?.trim().toUpperCase();
  const seconder = value.seconderNumber?.trim().toUpperCase();
  if (PROPOSED_CLASSES.includes(value.classCode as MembershipClassCode)) {
    if (!proposer) issues.push({ path: 'proposerNumber', message: 'Enter the member number of your proposer.' });
    if (!seconder) issues.push({ path: 'seconderNumber', message: 'Enter the member number of your seconder.' });
    if (proposer && proposer === seconder) {
      issues.push({ path: 'seconderNumber', message: 'The seconder must be another member.' });
    }
  }
  if (value.classCode === 'student' && !value.institution?.trim()) {
    issues.push({ path: 'institution', message: 'Enter the institution where you study.' });
  }
  if (value.classCode === 'institutional' && !value.organisation?.trim()) {
    issues.push({ path: 'organisation', message: 'Enter the name of the organisation.' });
  }
  return issues;
}

export const ApplicationInput = ApplicationFields.superRefine((value, ctx) => {
  for (const issue of classRuleIssues(value))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});

export type ApplicationInputValue = z.infer<typeof ApplicationInput>;
/** What the form holds while it is typed (before the schema's transforms). */
export type ApplicationDraft = z.input<typeof ApplicationFields>;

/** The form's steps and the fields each one checks before going on. */
export const REGISTRATION_STEPS = [
  { id: 'class', title: 'Membership class', fields: ['classCode'] },
  {
    id: 'personal',
    title: 'About you',
    fields: ['title', 'firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'guardianName', 'guardianEmail'],
  },
  { id: 'address', title: 'Address', fields: ['address', 'city', 'stateName', 'pincode'] },
  {
    id: 'profession',
    title: 'Qualification and work',
    fields: [
      'qualification',
      'organisation',
      'designation',
      'experienceYears',
      'institution',
      'gstin',
      'buyerName',
      'buyerAddress',
    ],
  },
  { id: 'chapter', title: 'Chapter and proposers', fields: ['chapterId', 'proposerNumber', 'seconderNumber'] },
  { id: 'documents', title: 'Documents', fields: [] },
  { id: 'review', title: 'Review and fee', fields: ['coupon', 'declaration', 'newsletter'] },
] as const satisfies readonly { id: string; title: string; fields: readonly (keyof ApplicationDraft)[] }[];

/** The answer to a submission. */
export const SubmittedApplicationSchema = z.object({
  reference: z.string(),
  statusToken: z.string(),
  amountDue: z.number().int(),
  discount: z.number().int(),
  financialYear: z.string(),
  state: z.enum(APPLICATION_STATES),
});
export type SubmittedApplication = z.infer<typeof SubmittedApplicationSchema>;

export const FeeQuoteSchema = z.object({
  classCode: z.enum(MEMBERSHIP_CLASS_CODES),
  financialYear: z.string(),
  entranceFee: z.number().int(),
  subscription: z.number().int(),
  oneTimeFee: z.number().int(),
  halfYear: z.boolean(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  gstRatePercent: z.number().nullable(),
  gst: z.number().int(),
  total: z.number().int(),
  coupon: z.string().nullable(),
});
export type FeeQuoteAnswer = z.infer<typeof FeeQuoteSchema>;

export const FeeRowSchema = z.object({
  classCode: z.enum(MEMBERSHIP_CLASS_CODES),
  financialYear: z.string(),
  entranceFee: z.number().int(),
  subscription: z.number().int(),
  oneTimeFee: z.number().int(),
  sample: z.boolean(),
  updatedAt: z.string(),
});
export type FeeRow = z.infer<typeof FeeRowSchema>;

const paise = (label: string) =>
  z
    .number({ invalid_type_error: `Enter the ${label} in paise.` })
    .int(`Enter the ${label} in whole paise.`)
    .min(0, `The ${label} cannot be negative.`)
    .max(100_000_000, `The ${label} is more than Rs 10,00,000.`);

/** The Fees tab's edit of one class in one year. */
export const FeeUpdateInput = z
  .object({
    entranceFee: paise('entrance fee'),
    subscription: paise('subscription'),
    oneTimeFee: paise('one-time fee'),
  })
  .strict();

export const TransitionInput = z
  .object({
    to: z.enum(APPLICATION_STATES, { errorMap: () => ({ message: 'Choose a state.' }) }),
    note: singleLineText(z.string().trim().max(1000)).optional(),
  })
  .strict();

export const ApplicationEventSchema = z.object({
  from: z.enum(APPLICATION_STATES).nullable(),
  to: z.enum(APPLICATION_STATES),
  by: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

export const ApplicationPaymentSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  mode: z.string(),
  /** null for cash paid without a slip. */
  reference: z.string().nullable(),
  amount: z.number().int(),
  paidOn: z.string(),
  reportedAt: z.string(),
  note: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** Paise sent back to the payer so far (by the office, or through the gateway). */
  refunded: z.number().int(),
  /** The application was withdrawn and this money is not yet all sent back: it is owed to the applicant. */
  refundDue: z.boolean(),
  /** The GST tax invoice issued when the payment was verified (issue 25), if any. */
  invoice: InvoiceRefSchema.nullable(),
  /** Credit notes against that invoice (a refund, a withdrawal), oldest first: `/api/credit-notes/{id}.pdf`. */
  creditNotes: z.array(InvoiceRefSchema),
});

export const ApplicationDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  contentType: z.string(),
  filename: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});

/** What the applicant sees on the status page. */
export const ApplicationStatusSchema = z.object({
  /** The application's id: what an online payment is started for (with the status token). */
  id: z.number().int(),
  reference: z.string(),
  state: z.enum(APPLICATION_STATES),
  classCode: z.enum(MEMBERSHIP_CLASS_CODES),
  name: z.string(),
  email: z.string(),
  chapter: z.string(),
  financialYear: z.string(),
  appliedOn: z.string(),
  quote: FeeQuoteSchema,
  amountDue: z.number().int(),
  history: z.array(ApplicationEventSchema),
  payments: z.array(ApplicationPaymentSchema),
  documents: z.array(ApplicationDocumentSchema),
  requiredDocuments: z.array(z.enum(DOCUMENT_KINDS)),
  memberNumber: z.string().nullable(),
  nextStep: z.string(),
  /** An applicant under 18: the parent or guardian asked to consent, and when they did. */
  guardian: z.object({ name: z.string(), email: z.string(), givenAt: z.string().nullable() }).nullable(),
});
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

/** One row of the staff queue. */
export const ApplicationListItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  state: z.enum(APPLICATION_STATES),
  classCode: z.enum(MEMBERSHIP_CLASS_CODES),
  name: z.string(),
  email: z.string(),
  chapterId: z.number().int(),
  chapter: z.string(),
  financialYear: z.string(),
  appliedOn: z.string(),
  amountDue: z.number().int(),
});
export type ApplicationListItem = z.infer<typeof ApplicationListItemSchema>;

/** The full application for staff. */
export const ApplicationDetailSchema = ApplicationListItemSchema.extend({
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  address: z.string(),
  city: z.string(),
  stateName: z.string(),
  pincode: z.string(),
  qualification: z.string(),
  organisation: z.string().nullable(),
  designation: z.string().nullable(),
  experienceYears: z.number().int(),
  institution: z.string().nullable(),
  gstin: z.string().nullable(),
  proposer: z.object({ memberNumber: z.string(), name: z.string() }).nullable(),
  seconder: z.object({ memberNumber: z.string(), name: z.string() }).nullable(),
  coupon: z.string().nullable(),
  discount: z.number().int(),
  quote: FeeQuoteSchema,
  memberNumber: z.string().nullable(),
  decisionNote: z.string().nullable(),
  history: z.array(ApplicationEventSchema),
  payments: z.array(ApplicationPaymentSchema),
  documents: z.array(ApplicationDocumentSchema),
  requiredDocuments: z.array(z.enum(DOCUMENT_KINDS)),
  /** States the caller may move it to now. */
  allowedTransitions: z.array(z.enum(APPLICATION_STATES)),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetailSchema>;

export function requiredDocuments(classCode: MembershipClassCode): DocumentKind[] {
  return classCode === 'student' ? ['photo', 'id-card'] : ['photo', 'certificate'];
}

/** The staff queue's filters (the API's query and the screen's address alike). */
export const ApplicationQueueFilters = z.object({
  state: z.enum(APPLICATION_STATES).optional(),
  classCode: z.enum(MEMBERSHIP_CLASS_CODES).optional(),
  chapterId: recordId('Choose a chapter.').optional(),
  financialYear: z
    .string()
    .refine((v) => parseFinancialYearLabel(v) !== undefined, 'Use a financial year such as 2026-27.')
    .transform((v) => parseFinancialYearLabel(v)!)
    .optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: z.string().trim().max(100).optional(),
});

export const APPLICATION_SORT_FIELDS = ['appliedOn', 'name', 'reference', 'state'] as const;

export const ApplicationQueueQuery = ApplicationQueueFilters.merge(pagingQuery())
  .merge(sortQuery(APPLICATION_SORT_FIELDS, '-appliedOn'))
  .strict();

export const ApplicationExportQuery = ApplicationQueueFilters.merge(
  sortQuery(APPLICATION_SORT_FIELDS, '-appliedOn'),
).strict();
