import { z } from 'zod';
import { isoDate } from './common';
import {
  COUPON_KINDS,
  COUPON_SCOPES,
  PAYMENT_AMOUNT_MAX,
  PAYMENT_MODES,
  paymentReferenceError,
  BankSettingsSchema,
  GstSettingsSchema,
  InstituteSettingsSchema,
  UpiSettingsSchema,
  type CouponInput,
  type PaymentSettings,
  type CouponItem,
  type ReportPaymentInput,
} from './money';

/**
 * The money forms as people fill them in: amounts in rupees with up to two decimals (the API takes
 * paise), numbers as typed text. Each form schema checks what the API's schema checks, so a form
 * shows the same messages before sending; `…BodyOf` turns checked values into the API's body.
 */

const RUPEES = /^\d{1,8}(\.\d{1,2})?$/;
const RUPEES_MESSAGE = 'Enter an amount in rupees, for example 9000 or 9000.50.';

/** `'9000.5'` → 900050 paise, by string arithmetic (no float rounding). */
export function rupeesToPaise(text: string): number {
  const [rupees, paise = ''] = text.trim().split('.');
  return Number(rupees) * 100 + Number(paise.padEnd(2, '0'));
}

/** 900050 → `'9000.50'`; whole rupees without decimals (`'9000'`). */
export function paiseToRupees(paise: number): string {
  const rest = paise % 100;
  return rest ? `${Math.floor(paise / 100)}.${String(rest).padStart(2, '0')}` : String(paise / 100);
}

export const CouponFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, 'Use 3 to 40 letters, digits, - or _.'),
    kind: z.enum(COUPON_KINDS, { errorMap: () => ({ message: 'Choose percent or flat.' }) }),
    /** A percentage, or rupees for a flat discount. */
    value: z.string().trim().regex(RUPEES, 'Enter a number, with at most two decimals.'),
    scope: z.enum(COUPON_SCOPES, { errorMap: () => ({ message: 'Choose where the coupon applies.' }) }),
    validFrom: isoDate,
    validTo: isoDate,
    maxUses: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,5}$/, 'Enter a whole number from 1.'),
    active: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'percent' && RUPEES.test(values.value)) {
      const percent = Number(values.value);
      if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['value'],
          message: 'Use a whole percentage from 1 to 100.',
        });
      }
    }
    if (values.kind === 'flat' && RUPEES.test(values.value) && rupeesToPaise(values.value) < 1) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['value'], message: 'Use a value above zero.' });
    }
    if (values.validTo < values.validFrom) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['validTo'], message: 'End on or after the first day.' });
    }
  });
export type CouponFormValues = z.input<typeof CouponFormSchema>;

export function couponBodyOf(values: z.output<typeof CouponFormSchema>): Required<CouponInput> {
  return {
    code: values.code,
    kind: values.kind,
    value: values.kind === 'flat' ? rupeesToPaise(values.value) : Number(values.value),
    scope: values.scope,
    validFrom: values.validFrom,
    validTo: values.validTo,
    maxUses: Number(values.maxUses),
    active: values.active,
  };
}

export function couponFormValuesOf(coupon: CouponItem): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === 'flat' ? paiseToRupees(coupon.value) : String(coupon.value),
    scope: coupon.scope,
    validFrom: coupon.validFrom,
    validTo: coupon.validTo,
    maxUses: String(coupon.maxUses),
    active: coupon.active,
  };
}

export const ReportPaymentFormSchema = z
  .object({
    // Every mode: the form offers the payer the reportable ones and the office cash and cheque; each route refuses the rest.
    mode: z.enum(PAYMENT_MODES, { errorMap: () => ({ message: 'Choose how you paid.' }) }),
    reference: z.string().trim(),
    amount: z.string().trim().regex(RUPEES, RUPEES_MESSAGE),
    paidOn: isoDate,
    // An employer that pays a member's fee (issue 25): checked in full by the server, sent only when given.
    gstin: z.string().trim().optional(),
    buyerName: z.string().trim().optional(),
    buyerAddress: z.string().trim().optional(),
  })
  .superRefine((values, ctx) => {
    const message = paymentReferenceError(values.mode, values.reference);
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['reference'], message });
    if (RUPEES.test(values.amount)) {
      const paise = rupeesToPaise(values.amount);
      if (paise < 1 || paise > PAYMENT_AMOUNT_MAX) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['amount'], message: 'Enter an amount above zero.' });
      }
    }
  });
export type ReportPaymentFormValues = z.input<typeof ReportPaymentFormSchema>;

/** The employer's GST details the payer gave, if any: the fields left empty are not sent. */
export function buyerDetailsOf(values: z.output<typeof ReportPaymentFormSchema>): Record<string, string> {
  const given: Record<string, string> = {};
  if (values.gstin) given.gstin = values.gstin.toUpperCase();
  if (values.buyerName) given.buyerName = values.buyerName;
  if (values.buyerAddress) given.buyerAddress = values.buyerAddress;
  return given;
}

export function reportPaymentBodyOf(values: z.output<typeof ReportPaymentFormSchema>): ReportPaymentInput {
  return {
    mode: values.mode,
    reference: values.reference.replace(/\s+/g, ''),
    amount: rupeesToPaise(values.amount),
    paidOn: values.paidOn,
  };
}

/** An empty box means "none" (null) for the settings that may be absent. */
const emptyAsNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * The payment settings as typed: every box is text; an empty GSTIN or GST rate means none. Its output
 * is the API's `PaymentSettings` itself, each group checked by the API's own group schema.
 */
export const PaymentSettingsFormSchema = z.object({
  institute: InstituteSettingsSchema.extend({
    gstin: z.string().transform(emptyAsNull).pipe(InstituteSettingsSchema.shape.gstin),
  }),
  gst: GstSettingsSchema.extend({
    ratePercent: z
      .string()
      .trim()
      .regex(/^(\d{1,2}(\.\d{1,2})?)?$/, 'Enter a percentage such as 18, or leave it empty for no GST.')
      .transform((text) => (text === '' ? null : Number(text)))
      .pipe(GstSettingsSchema.shape.ratePercent),
  }),
  upi: UpiSettingsSchema,
  bank: BankSettingsSchema,
});
export type PaymentSettingsFormValues = z.input<typeof PaymentSettingsFormSchema>;

export function paymentSettingsFormValuesOf(settings: PaymentSettings): PaymentSettingsFormValues {
  return {
    institute: { ...settings.institute, gstin: settings.institute.gstin ?? '' },
    gst: { ratePercent: settings.gst.ratePercent === null ? '' : String(settings.gst.ratePercent) },
    upi: { ...settings.upi },
    bank: { ...settings.bank },
  };
}
