import { z } from 'zod';
import { MEMBERSHIP_CLASS_CODES } from '../membership-classes';
import { MEMBER_STATUSES } from '../member-status';
import { MAX_RECORD_ID, pagingQuery, recordId, sortQuery } from './common';
import { multiLineText, singleLineText } from './text';
import { gstBuyerFields } from './gst-buyer';
import { InvoiceRefSchema } from './gst';
import { couponCodeField, PAYMENT_NOTE_MAX, refinePaymentReference, reportPaymentFields } from './money';

/**
 * The member register, staff edits and the member's own edits: one zod description shared by the
 * API (which validates and documents with it) and the screens (whose forms validate with it).
 */

export const REGISTER_PAGE_SIZE_MAX = 100;
export const REGISTER_PAGE_SIZE_DEFAULT = 25;

export const REGISTER_SORT_FIELDS = ['name', 'memberNumber', 'admittedOn', 'paidThrough'] as const;
export type RegisterSortField = (typeof REGISTER_SORT_FIELDS)[number];

export const REGIONS = ['East', 'West', 'North', 'South'] as const;

const digitsId = recordId('Choose a chapter.');

/** The register's filters, shared by the list and its CSV export. */
export const RegisterFilterQuery = z
  .object({
    q: singleLineText(z.string().trim().max(100, 'Search with at most 100 characters.')).optional(),
    classCode: z.enum(MEMBERSHIP_CLASS_CODES).optional(),
    chapterId: digitsId.optional(),
    region: z.enum(REGIONS).optional(),
    status: z.enum(MEMBER_STATUSES).optional(),
    /** Start year of the financial year of admission: 2024 = admitted in 2024-25. */
    admissionYear: z
      .string()
      .regex(/^(19|20)\d{2}$/, 'Use a financial year such as 2024 (for 2024-25).')
      .transform(Number)
      .optional(),
  })
  .merge(sortQuery(REGISTER_SORT_FIELDS, 'name'));
export type RegisterFilter = z.output<typeof RegisterFilterQuery>;

export const RegisterQuery = RegisterFilterQuery.merge(
  pagingQuery(REGISTER_PAGE_SIZE_MAX, REGISTER_PAGE_SIZE_DEFAULT),
).strict();

export const RegisterItemSchema = z.object({
  id: z.number().int(),
  memberNumber: z.string(),
  name: z.string(),
  classCode: z.string(),
  chapterId: z.number().int(),
  chapterName: z.string(),
  region: z.string(),
  status: z.enum(MEMBER_STATUSES),
  email: z.string(),
  phone: z.string().nullable(),
  organisation: z.string().nullable(),
  admittedOn: z.string(),
  paidThroughYear: z.number().int().nullable(),
  /** The chapter a pending transfer request would move the member to (issue 28). */
  pendingTransferTo: z.string().nullable(),
});
export type RegisterItem = z.infer<typeof RegisterItemSchema>;

const optionalText = (max: number) =>
  singleLineText(z.string().trim().max(max, `Use at most ${max} characters.`))
    .transform((v: string) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Contact and professional details: what the member corrects themself. */
export const contactFields = {
  title: optionalText(20),
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(320).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9][0-9 -]{6,18}[0-9])?$/, 'Enter a phone number of digits, spaces or dashes.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  address: multiLineText(z.string().trim().max(500, 'Use at most 500 characters.'))
    .transform((v: string) => (v === '' ? null : v))
    .nullable()
    .optional(),
  city: optionalText(100),
  state: optionalText(100),
  pincode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'Enter the 6-digit PIN code.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  qualification: optionalText(200),
  organisation: optionalText(200),
  designation: optionalText(200),
  experienceYears: z.number().int().min(0).max(70).nullable().optional(),
};

/** Fields only staff change; a member asks for them through a change request. */
export const STAFF_ONLY_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'classCode', 'chapterId'] as const;

const staffOnlyFields = {
  firstName: singleLineText(z.string().trim().min(1, 'Enter the first name.').max(100)).optional(),
  lastName: singleLineText(z.string().trim().min(1, 'Enter the last name.').max(100)).optional(),
  // Empty is "not recorded" (null), as the record's form sends it for a member without one.
  dateOfBirth: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Use a date written YYYY-MM-DD.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  classCode: z.enum(MEMBERSHIP_CLASS_CODES).optional(),
  chapterId: z.number().int().positive().max(MAX_RECORD_ID).optional(),
};

/** `PATCH /api/members/me`: the member's own contact and professional details, nothing else. */
export const SelfMemberPatch = z.object(contactFields).strict();
export type SelfMemberPatchInput = z.input<typeof SelfMemberPatch>;

/** `PATCH /api/admin/members/{id}`: staff may change everything, a chapter move with a note. */
export const StaffMemberPatch = z
  .object({
    ...contactFields,
    ...staffOnlyFields,
    transferNote: multiLineText(z.string().trim().max(500)).optional(),
  })
  .strict();
export type StaffMemberPatchInput = z.input<typeof StaffMemberPatch>;

/** `POST /api/members/me/change-requests`. */
export const ChangeRequestBody = z
  .object({
    changes: z
      .object(staffOnlyFields)
      .strict()
      .refine((c) => Object.values(c).some((v) => v !== undefined), 'Say what should change.'),
    reason: multiLineText(z.string().trim().max(1000)).optional(),
  })
  .strict();

/**
 * The change-request form as the member fills it in (empty = no change): the same rules as
 * `ChangeRequestBody`, on text boxes; `changeRequestBodyOf` makes the API's body.
 */
export const ChangeRequestFormSchema = z
  .object({
    firstName: singleLineText(z.string().trim().max(100, 'Use at most 100 characters.')),
    lastName: singleLineText(z.string().trim().max(100, 'Use at most 100 characters.')),
    dateOfBirth: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Use a date written YYYY-MM-DD.'),
    classCode: z.union([z.literal(''), z.enum(MEMBERSHIP_CLASS_CODES)]),
    reason: multiLineText(z.string().trim().max(1000, 'Use at most 1,000 characters.')),
  })
  .refine((v) => Boolean(v.firstName || v.lastName || v.dateOfBirth || v.classCode), {
    message: 'Say what should change.',
    path: ['firstName'],
  });
export type ChangeRequestFormValues = z.input<typeof ChangeRequestFormSchema>;

export function changeRequestBodyOf(
  values: z.output<typeof ChangeRequestFormSchema>,
): z.input<typeof ChangeRequestBody> {
  const changes = {
    ...(values.firstName ? { firstName: values.firstName } : {}),
    ...(values.lastName ? { lastName: values.lastName } : {}),
    ...(values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
    ...(values.classCode ? { classCode: values.classCode } : {}),
  };
  return { changes, ...(values.reason ? { reason: values.reason } : {}) };
}

export const NoteBody = z
  .object({
    body: multiLineText(z.string().trim().min(1, 'Write the note.').max(2000, 'Use at most 2000 characters.')),
  })
  .strict();

export const ChangeRequestDecisionBody = z.object({ state: z.enum(['done', 'declined']) }).strict();

export const ChangeRequestParams = z.object({
  id: recordId(),
  requestId: recordId(),
});

export const AccountStateBody = z.object({ active: z.boolean() }).strict();

export const MemberNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});

export const MemberTransferSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});

export const ChangeRequestSchema = z.object({
  id: z.number().int(),
  changes: z.record(z.unknown()),
  reason: z.string().nullable(),
  state: z.enum(['open', 'done', 'declined']),
  createdAt: z.string(),
});

/** A member's own request as they see it: what they asked for and what staff decided, when. */
export const OwnChangeRequestSchema = ChangeRequestSchema.extend({ decidedAt: z.string().nullable() });
export type OwnChangeRequest = z.infer<typeof OwnChangeRequestSchema>;

/** What staff see beside the record: history, notes, the account, open requests. */
export const MemberStaffViewSchema = z.object({
  notes: z.array(MemberNoteSchema),
  transfers: z.array(MemberTransferSchema),
  changeRequests: z.array(ChangeRequestSchema),
  account: z.object({ userId: z.number().int(), email: z.string(), active: z.boolean() }).nullable(),
});
export type MemberStaffView = z.infer<typeof MemberStaffViewSchema>;

/** One financial year a renewal pays for. */
export const RenewalYearSchema = z.object({ year: z.number().int(), label: z.string(), amount: z.number().int() });

/** What renewing costs now: the years to pay (the unpaid ones; the next one for a current member). */
export const RenewalQuoteSchema = z.object({
  classCode: z.string(),
  years: z.array(RenewalYearSchema),
  subtotal: z.number().int(),
  /** Taken off the subtotal by a coupon (before GST); quotes stored before coupons have none. */
  discount: z.number().int().default(0),
  coupon: z.string().nullable().default(null),
  gstRatePercent: z.number().nullable(),
  gst: z.number().int(),
  total: z.number().int(),
});
export type RenewalQuote = z.infer<typeof RenewalQuoteSchema>;

/** `GET /api/members/{id}/renewal?coupon=`: what the quote would be with a coupon (400 `fields.coupon` when it does not apply). */
export const RenewalViewQuery = z.object({ coupon: couponCodeField }).strict();

/** The member reports paying the renewal: the payment, and a membership coupon taken in the same transaction. */
export const RenewalPaymentBody = z
  .object({ ...reportPaymentFields, coupon: couponCodeField, ...gstBuyerFields })
  .strict()
  .superRefine(refinePaymentReference);
export type RenewalPaymentInput = z.infer<typeof RenewalPaymentBody>;

export const OFFICE_PAYMENT_MODES = ['cash', 'cheque'] as const;

/**
 * Staff record a renewal paid at the office in cash or by cheque; it is verified by them at once.
 * `throughYear` (start year: 2027 = 2027-28) is the year the payment pays through, so a second
 * recording of the same money is refused rather than paying another year.
 */
export const OfficeRenewalBody = z
  .object({
    mode: z.enum(OFFICE_PAYMENT_MODES, { errorMap: () => ({ message: 'Choose cash or cheque.' }) }),
    reference: reportPaymentFields.reference,
    amount: reportPaymentFields.amount,
    paidOn: reportPaymentFields.paidOn,
    throughYear: z
      .number({ invalid_type_error: 'Choose the year the payment pays through.' })
      .int('Choose the year the payment pays through.')
      .min(1950, 'Choose the year the payment pays through.')
      .max(2200, 'Choose the year the payment pays through.'),
    coupon: couponCodeField,
    note: z.string().trim().max(PAYMENT_NOTE_MAX, 'Use at most 1,000 characters.').optional(),
  })
  .strict()
  .superRefine(refinePaymentReference);
export type OfficeRenewalInput = z.infer<typeof OfficeRenewalBody>;

export const MemberPaymentSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  amount: z.number().int(),
  mode: z.string(),
  reference: z.string().nullable(),
  paidOn: z.string(),
  state: z.enum(['reported', 'verified', 'rejected']),
  receiptNumber: z.string().nullable(),
  /** Financial years (labels) the payment covers, for renewals. */
  years: z.array(z.string()),
  /** The GST tax invoice issued when the payment was verified (issue 25); absent where not looked up. */
  invoice: InvoiceRefSchema.nullable().optional(),
});
export type MemberPayment = z.infer<typeof MemberPaymentSchema>;

/** `GET /api/members/{id}/renewal`: the record's money side. */
export const MemberRenewalViewSchema = z.object({
  status: z.enum(MEMBER_STATUSES),
  paidThroughYear: z.number().int().nullable(),
  /** Every financial year since admission (and the next one when it is paid), newest first. */
  years: z.array(
    z.object({
      year: z.number().int(),
      label: z.string(),
      paid: z.boolean(),
      receiptNumber: z.string().nullable(),
      /** The payment whose receipt it is (a renewal, or the joining application's payment). */
      paymentId: z.number().int().nullable(),
    }),
  ),
  /** What renewing costs now; null for Life members or when nothing can be paid yet. */
  quote: RenewalQuoteSchema.nullable(),
  /** A renewal payment reported and waiting for the office. */
  pending: MemberPaymentSchema.nullable(),
  payments: z.array(MemberPaymentSchema),
});
export type MemberRenewalView = z.infer<typeof MemberRenewalViewSchema>;

/** The public check of a membership: nothing but name, class and whether it is current. */
export const MemberVerificationSchema = z.object({
  memberNumber: z.string(),
  name: z.string(),
  classLabel: z.string(),
  current: z.boolean(),
});
export type MemberVerification = z.infer<typeof MemberVerificationSchema>;

/** The digital membership card. */
export const MemberCardSchema = z.object({
  memberNumber: z.string(),
  name: z.string(),
  classLabel: z.string(),
  chapter: z.string(),
  validThrough: z.string(),
  current: z.boolean(),
  /** Where the card's QR code points: the public check of this membership. */
  verifyUrl: z.string(),
  /** Whether `/api/members/{id}/photo` has a photograph (one sent with the application) to put on the card. */
  hasPhoto: z.boolean(),
});
export type MemberCard = z.infer<typeof MemberCardSchema>;

/** `/membership/verify/NIPM/KOL/00012`: the member number's slashes stay path separators. */
export function memberCardVerifyPath(memberNumber: string): string {
  return `/membership/verify/${memberNumber.split('/').map(encodeURIComponent).join('/')}`;
}
