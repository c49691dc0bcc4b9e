import { z } from 'zod';
import { isoDate, pagingQuery, sortQuery } from './common';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from './text';

/**
 * Payments, coupons and payment settings as forms and the API share them (client-safe). Amounts
 * are integer paise everywhere; dates are `YYYY-MM-DD` calendar dates in Asia/Kolkata.
 */

export const PAYMENT_PURPOSES = ['membership_application', 'membership_renewal', 'natcon_order'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  membership_application: 'Membership application',
  membership_renewal: 'Membership renewal',
  natcon_order: 'NATCON registration',
};

/** `online`: paid through the gateway (Razorpay), confirmed by it, never reported by hand. */
export const PAYMENT_MODES = ['upi', 'bank_transfer', 'demand_draft', 'cheque', 'cash', 'online'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  upi: 'UPI',
  bank_transfer: 'Bank transfer (NEFT/RTGS/IMPS)',
  demand_draft: 'Demand draft',
  cheque: 'Cheque',
  cash: 'Cash',
  online: 'Online (card, UPI, net banking)',
};
/** A mode as people read it ("UPI", "Cheque"); an unknown code as it is. */
export function paymentModeLabel(mode: string): string {
  return (PAYMENT_MODE_LABELS as Record<string, string>)[mode] ?? mode;
}
/** The modes a payer reports from the site; cash is recorded at the office. */
export const REPORTABLE_PAYMENT_MODES = ['upi', 'bank_transfer', 'demand_draft', 'cheque'] as const;

export const PAYMENT_STATES = ['reported', 'verified', 'rejected'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  reported: 'Reported',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const COUPON_KINDS = ['percent', 'flat'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_SCOPES = ['membership', 'natcon', 'both'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
export const COUPON_SCOPE_LABELS: Record<CouponScope, string> = {
  membership: 'Membership',
  natcon: 'NATCON',
  both: 'Membership and NATCON',
};

/** The largest amount one payment may carry: Rs 10 crore, in paise (fits a 32-bit column). */
export const PAYMENT_AMOUNT_MAX = 1_000_000_000;
export const PAYMENT_REFERENCE_MAX = 40;
export const PAYMENT_NOTE_MAX = 1000;

const UPI_UTR = /^\d{12}$/;
/** Transaction ids the UPI apps show (for example `T2409011234567890123456`, `CICAgKDx…`). */
const UPI_TRANSACTION_ID = /^(?=.*\d)[A-Za-z0-9]{16,35}$/;
/** IMPS reference (RRN): 12 digits. NEFT UTR: 16 characters; RTGS UTR: 22; both start with the bank's 4 letters. */
const IMPS_REFERENCE = /^\d{12}$/;
const NEFT_UTR = /^[A-Z]{4}[A-Z0-9]{12}$/;
const RTGS_UTR = /^[A-Z]{4}[A-Z0-9]{18}$/;
const INSTRUMENT_NUMBER = /^\d{6}$/;

/** The message for a reference that does not fit its mode, or undefined when it fits. */
export function paymentReferenceError(mode: PaymentMode, reference: string | null | undefined): string | undefined {
  const value = normalizePaymentReference(mode, reference);
  switch (mode) {
    case 'upi':
      return value && (UPI_UTR.test(value) || UPI_TRANSACTION_ID.test(value))
        ? undefined
        : 'Enter the 12-digit UTR or the UPI transaction id your app shows.';
    case 'bank_transfer':
      return value && (IMPS_REFERENCE.test(value) || NEFT_UTR.test(value) || RTGS_UTR.test(value))
        ? undefined
        : 'Enter the UTR (16 characters for NEFT, 22 for RTGS) or the 12-digit IMPS reference.';
    case 'demand_draft':
      return value && INSTRUMENT_NUMBER.test(value) ? undefined : 'Enter the 6-digit demand draft number.';
    case 'cheque':
      return value && INSTRUMENT_NUMBER.test(value) ? undefined : 'Enter the 6-digit cheque number.';
    case 'cash':
      return !value || value.length <= PAYMENT_REFERENCE_MAX ? undefined : 'Use at most 40 characters.';
    case 'online':
      // The gateway confirms online payments; a payer cannot report one by hand.
      return 'Choose “Pay online” to pay through the gateway.';
  }
}

/** Trimmed, spaces removed; bank references upper-cased (UPI ids keep their case). Null when empty. */
export function normalizePaymentReference(mode: PaymentMode, reference: string | null | undefined): string | null {
  const value = (reference ?? '').replace(/\s+/g, '');
  if (!value) return null;
  return mode === 'upi' || mode === 'cash' || mode === 'online' ? value : value.toUpperCase();
}

/** The modes whose references name one bank transfer, whichever of them the payer picked. */
export const TRANSFER_MODES: readonly PaymentMode[] = ['upi', 'bank_transfer'];

/**
 * The key a transfer's reference counts once by (issue 28): trimmed, upper-cased, separators
 * removed, the same whether the payer chose UPI or bank transfer (a 12-digit UTR reported as UPI by
 * one payer and as IMPS by another is one transfer). Null for other modes and for no reference.
 */
export function paymentReferenceKey(mode: PaymentMode, reference: string | null | undefined): string | null {
  if (!TRANSFER_MODES.includes(mode)) return null;
  const key = (reference ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return key || null;
}

/** A coupon code as typed: letters, digits, - and _; empty means none; compared upper-cased. */
export const couponCodeField = z
  .string()
  .trim()
  .max(40)
  .refine((v) => /^[A-Za-z0-9_-]*$/.test(v), 'Use letters, digits, - and _ only.')
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

export const paiseAmount = z
  .number({ invalid_type_error: 'Enter the amount in paise as a whole number.' })
  .int('Enter the amount in paise as a whole number.')
  .min(1, 'Enter an amount above zero.')
  .max(PAYMENT_AMOUNT_MAX, 'This amount is too large.');

/**
 * What a payer reports: `{ mode, reference, amount, paidOn }` (joining, renewals and NATCON post
 * it to their own routes). The reference's format is checked per mode.
 */
export const reportPaymentFields = {
  mode: z.enum(PAYMENT_MODES, { errorMap: () => ({ message: 'Choose how you paid.' }) }),
  reference: z.string().trim().max(PAYMENT_REFERENCE_MAX, 'Use at most 40 characters.').nullable().optional(),
  amount: paiseAmount,
  paidOn: isoDate,
};

/** The reference's format per mode, as a refinement of any body with `mode` and `reference`. */
export function refinePaymentReference(
  body: { mode: PaymentMode; reference?: string | null },
  ctx: z.RefinementCtx,
): void {
  const message = paymentReferenceError(body.mode, body.reference);
  if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['reference'], message });
}

export const ReportPaymentBody = z.object(reportPaymentFields).strict().superRefine(refinePaymentReference);
export type ReportPaymentInput = z.infer<typeof ReportPaymentBody>;

export const DecisionBody = z
  .object({ note: z.string().trim().max(PAYMENT_NOTE_MAX, 'Use at most 1,000 characters.').optional() })
  .strict();

/** A payment as staff lists show it. */
export const PaymentSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  subjectId: z.number().int(),
  /** What the subject is called (application number, member number, order number) when its handler says. */
  subjectLabel: z.string().nullable(),
  chapterId: z.number().int().nullable(),
  payerName: z.string(),
  payerEmail: z.string(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  amount: z.number().int(),
  paidOn: z.string(),
  state: z.enum(PAYMENT_STATES),
  note: z.string().nullable(),
  reportedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  receiptFinancialYear: z.string().nullable(),
});
export type PaymentItem = z.infer<typeof PaymentSchema>;

/** The columns the staff's payments list can be ordered by. */
export const PAYMENT_SORT_FIELDS = ['reportedAt', 'amount', 'paidOn'] as const;
export type PaymentSortField = (typeof PAYMENT_SORT_FIELDS)[number];

const paymentFilters = z.object({
  state: z.enum(PAYMENT_STATES, { errorMap: () => ({ message: 'Choose reported, verified or rejected.' }) }).optional(),
  purpose: z.enum(PAYMENT_PURPOSES, { errorMap: () => ({ message: 'Choose a purpose from the list.' }) }).optional(),
  mode: z.enum(PAYMENT_MODES, { errorMap: () => ({ message: 'Choose a mode from the list.' }) }).optional(),
  /** Payer's name or e-mail, the reference or the receipt number. */
  q: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
  /** The chapter recorded with the payment (a chapter admin sees only its own whatever this says). */
  chapterId: z.coerce
    .number()
    .int('Choose a chapter from the list.')
    .positive('Choose a chapter from the list.')
    .optional(),
  /** Paid on or after this day. */
  from: isoDate.optional(),
  /** Paid on or before this day. */
  to: isoDate.optional(),
});

/** `GET /api/admin/payments/export.csv`: the list's filters and order, every row. */
export const PaymentExportQuery = paymentFilters.merge(sortQuery(PAYMENT_SORT_FIELDS, '-reportedAt')).strict();
/** `GET /api/admin/payments?state=&purpose=&mode=&chapterId=&from=&to=&q=&sort=&page=&pageSize=`. */
export const PaymentListQuery = pagingQuery().merge(PaymentExportQuery).strict();
export type PaymentFilters = z.infer<typeof PaymentExportQuery>;

const COUPON_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;

const couponFields = {
  code: z
    .string()
    .trim()
    .regex(COUPON_CODE, 'Use 3 to 40 letters, digits, - or _.')
    .transform((v) => v.toUpperCase()),
  kind: z.enum(COUPON_KINDS, { errorMap: () => ({ message: 'Choose percent or flat.' }) }),
  /** Percent 1-100, or paise for a flat discount. */
  value: z.number().int('Use a whole number.').min(1, 'Use a value above zero.').max(PAYMENT_AMOUNT_MAX),
  scope: z.enum(COUPON_SCOPES, { errorMap: () => ({ message: 'Choose where the coupon applies.' }) }),
  validFrom: isoDate,
  validTo: isoDate,
  maxUses: z.number().int('Use a whole number.').min(1, 'Allow at least one use.').max(1_000_000),
  active: z.boolean(),
};

type CouponShape = { kind?: CouponKind; value?: number; validFrom?: string; validTo?: string };

function couponRules(body: CouponShape, ctx: z.RefinementCtx) {
  if (body.kind === 'percent' && body.value !== undefined && body.value > 100) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['value'], message: 'A percentage is at most 100.' });
  }
  if (body.validFrom && body.validTo && body.validTo < body.validFrom) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['validTo'], message: 'End on or after the first day.' });
  }
}

export const CouponBody = z
  .object({ ...couponFields, active: couponFields.active.default(true) })
  .strict()
  .superRefine(couponRules);
export type CouponInput = z.input<typeof CouponBody>;

/** A change to a coupon: any of its fields (kind and value checked together on the server). */
export const CouponPatchBody = z
  .object(couponFields)
  .partial()
  .strict()
  .superRefine(couponRules)
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one field.', path: ['_'] });
export type CouponPatch = z.input<typeof CouponPatchBody>;

/** Filters of the coupon list: `status` is derived from the flag, the window (Kolkata) and the uses. */
export const COUPON_STATUSES = ['usable', 'inactive', 'expired', 'upcoming', 'used_up'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const CouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  scope: z.enum(COUPON_SCOPES),
  validFrom: z.string(),
  validTo: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Derived from the flag, the window (today in Kolkata) and the uses. */
  status: z.enum(COUPON_STATUSES),
});
export type CouponItem = z.infer<typeof CouponSchema>;

export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  usable: 'Usable',
  inactive: 'Inactive',
  expired: 'Expired',
  upcoming: 'Not yet valid',
  used_up: 'Used up',
};
export const COUPON_SORT_FIELDS = ['code', 'validTo', 'uses', 'createdAt'] as const;
export type CouponSortField = (typeof COUPON_SORT_FIELDS)[number];

const couponFilters = z.object({
  q: z.string().trim().max(40, 'Use at most 40 characters.').optional(),
  scope: z.enum(COUPON_SCOPES, { errorMap: () => ({ message: 'Choose a scope from the list.' }) }).optional(),
  status: z.enum(COUPON_STATUSES, { errorMap: () => ({ message: 'Choose a status from the list.' }) }).optional(),
});

/** `GET /api/admin/coupons/export.csv`: the list's filters and order, every row. */
export const CouponExportQuery = couponFilters.merge(sortQuery(COUPON_SORT_FIELDS, '-createdAt')).strict();
/** `GET /api/admin/coupons?q=&scope=&status=&sort=&page=&pageSize=`. */
export const CouponListQuery = pagingQuery().merge(CouponExportQuery).strict();
export type CouponFilters = z.infer<typeof CouponExportQuery>;

export const CouponRedemptionSchema = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  purpose: z.string(),
  subjectId: z.number().int(),
  subjectLabel: z.string().nullable(),
  discount: z.number().int(),
  redeemedAt: z.string(),
  releasedAt: z.string().nullable(),
});
export type CouponRedemptionItem = z.infer<typeof CouponRedemptionSchema>;

/** What a coupon takes off an amount (fee quotes, order totals). */
export const CouponPreviewSchema = z.object({
  couponId: z.number().int(),
  code: z.string(),
  discount: z.number().int(),
});

const text = (max: number, message = 'Enter a value.') =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const InstituteSettingsSchema = z
  .object({
    name: text(200, 'Enter the institute’s name.'),
    address: text(500, 'Enter the address printed on receipts.'),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(GSTIN, 'Enter a 15-character GSTIN, for example 19AAATN1234F1Z5.')
      .nullable(),
  })
  .strict();
export const GstSettingsSchema = z
  .object({ ratePercent: z.number().min(0, 'Use 0 to 28.').max(28, 'Use 0 to 28.').nullable() })
  .strict();
export const UpiSettingsSchema = z
  .object({
    vpa: z.string().trim().regex(VPA, 'Enter a UPI address such as nipm@sbi.'),
    payeeName: text(100, 'Enter the name payers see.'),
  })
  .strict();
export const BankSettingsSchema = z
  .object({
    accountName: text(200, 'Enter the account’s name.'),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{9,18}$/, 'Enter the account number: 9 to 18 digits.'),
    ifsc: z.string().trim().toUpperCase().regex(IFSC, 'Enter the 11-character IFSC, for example SBIN0001234.'),
    bankName: text(200, 'Enter the bank’s name.'),
    branch: text(200, 'Enter the branch.'),
  })
  .strict();

export const PaymentSettingsSchema = z.object({
  institute: InstituteSettingsSchema,
  gst: GstSettingsSchema,
  upi: UpiSettingsSchema,
  bank: BankSettingsSchema,
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** The answer of the settings routes: the values and which ones are still the samples. */
export const PaymentSettingsAnswer = PaymentSettingsSchema.extend({
  samples: z.array(z.enum(['institute', 'gst', 'upi', 'bank'])),
});

/** A change of settings: any of the four groups, each given whole. */
export const PaymentSettingsPatchBody = PaymentSettingsSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one group.', path: ['_'] });
export type PaymentSettingsPatch = z.infer<typeof PaymentSettingsPatchBody>;

/** `GET /api/payment-options`: what the pay screens show (public). */
export const PaymentOptionsSchema = z.object({
  institute: z.object({ name: z.string(), address: z.string() }),
  upi: UpiSettingsSchema,
  bank: BankSettingsSchema,
  /** True while any value shown is a sample the institute has not replaced. */
  sample: z.boolean(),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;
