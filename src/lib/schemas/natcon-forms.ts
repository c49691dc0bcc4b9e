import { z } from 'zod';
import { paiseToRupees, rupeesToPaise } from './money-forms';
import {
  categoryFields,
  editionFields,
  ENDS_AFTER_START,
  CLOSES_AFTER_OPENING,
  type AdminEdition,
  type CategoryBody,
  type EditionBody,
  type OrderPolicy,
} from './natcon';
import { KEEP_KINDS } from '../natcon';

/**
 * The NATCON settings forms as the super admin fills them in: years, seats and fees as typed text
 * (fees in rupees; the API takes paise). Each form schema checks what the API's schema checks, so the
 * form shows the same messages before sending; `…BodyOf` turns checked values into the API's body.
 */

const RUPEES = /^\d{1,6}(\.\d{1,2})?$/;
const rupees = (label: string) =>
  z.string().trim().regex(RUPEES, `Enter ${label} in rupees, for example 9000 or 9000.50.`);

export const EditionFormSchema = editionFields
  .extend({
    year: z
      .string()
      .trim()
      .regex(/^(20\d\d|2100)$/, 'Enter a year from 2000 to 2100.'),
    programme: z.string(),
    published: z.boolean(),
    /** '' in the form: no State chosen yet. */
    stateCode: z
      .string()
      .transform((v) => v || null)
      .pipe(
        z
          .string()
          .regex(/^\d{2}$/, 'Choose the State it is held in.')
          .nullable(),
      ),
  })
  .refine(...ENDS_AFTER_START)
  .refine(...CLOSES_AFTER_OPENING);
export type EditionFormValues = z.input<typeof EditionFormSchema>;

export function editionBodyOf(values: z.output<typeof EditionFormSchema>): EditionBody {
  return { ...values, year: Number(values.year) };
}

export function editionFormValuesOf(edition: AdminEdition | null, thisYear: number): EditionFormValues {
  return {
    title: edition?.title ?? '',
    year: String(edition?.year ?? thisYear + 1),
    theme: edition?.theme ?? '',
    startsOn: edition?.startsOn ?? '',
    endsOn: edition?.endsOn ?? '',
    venue: edition?.venue ?? '',
    city: edition?.city ?? '',
    registrationOpensOn: edition?.registrationOpensOn ?? '',
    registrationClosesOn: edition?.registrationClosesOn ?? '',
    programme: edition?.programme ?? '',
    published: edition?.published ?? false,
    stateCode: edition?.stateCode ?? '',
  };
}

export const CategoryFormSchema = z
  .object({
    name: categoryFields.name,
    fee: rupees('the fee'),
    earlyBirdFee: rupees('the early-bird fee').or(z.literal('')),
    earlyBirdUntil: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written YYYY-MM-DD.')
      .or(z.literal('')),
    seats: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'Enter the number of seats, 0 or more.')
      .refine((seats) => Number(seats) <= 100_000, 'At most 100,000 seats.'),
    memberRate: z.boolean(),
    studentRate: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if ((values.earlyBirdFee === '') !== (values.earlyBirdUntil === '')) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['earlyBirdUntil'],
        message: 'Give the early-bird fee and its last day together.',
      });
    }
    if (
      RUPEES.test(values.earlyBirdFee) &&
      RUPEES.test(values.fee) &&
      rupeesToPaise(values.earlyBirdFee) > rupeesToPaise(values.fee)
    ) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['earlyBirdFee'],
        message: 'The early-bird fee is at most the fee.',
      });
    }
  });
export type CategoryFormValues = z.input<typeof CategoryFormSchema>;

export function categoryBodyOf(values: z.output<typeof CategoryFormSchema>): CategoryBody {
  return {
    name: values.name,
    fee: rupeesToPaise(values.fee),
    earlyBirdFee: values.earlyBirdFee ? rupeesToPaise(values.earlyBirdFee) : null,
    earlyBirdUntil: values.earlyBirdUntil || null,
    seats: Number(values.seats),
    memberRate: values.memberRate,
    studentRate: values.studentRate,
  };
}

export function categoryFormValuesOf(category: AdminEdition['categories'][number] | null): CategoryFormValues {
  return {
    name: category?.name ?? '',
    fee: category ? paiseToRupees(category.fee) : '',
    earlyBirdFee: category?.earlyBirdFee != null ? paiseToRupees(category.earlyBirdFee) : '',
    earlyBirdUntil: category?.earlyBirdUntil ?? '',
    seats: category ? String(category.seats) : '',
    memberRate: category?.memberRate ?? false,
    studentRate: category?.studentRate ?? false,
  };
}

const wholeHours = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `Enter ${label} in whole hours.`);

/** The order policy as typed (hours, a date or nothing, what is kept in rupees or per cent). */
export const PolicyFormSchema = z
  .object({
    holdHours: wholeHours('the hold'),
    reminderHours: wholeHours('the reminder'),
    offerHours: wholeHours('the offer'),
    selfCancel: z.boolean(),
    selfCancelUntil: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Use a date written YYYY-MM-DD.'),
    keepKind: z.enum(KEEP_KINDS),
    keepValue: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter a number, for example 500 or 10.'),
  })
  .refine((p) => p.keepKind !== 'percent' || Number(p.keepValue) <= 100, {
    message: 'A percentage is at most 100.',
    path: ['keepValue'],
  })
  .refine((p) => Number(p.reminderHours) < Number(p.holdHours), {
    message: 'Remind the buyer before the hold ends: fewer hours than the hold.',
    path: ['reminderHours'],
  });
export type PolicyFormValues = z.input<typeof PolicyFormSchema>;

export function policyBodyOf(values: z.output<typeof PolicyFormSchema>): OrderPolicy {
  return {
    holdHours: Number(values.holdHours),
    reminderHours: Number(values.reminderHours),
    offerHours: Number(values.offerHours),
    selfCancel: values.selfCancel,
    selfCancelUntil: values.selfCancelUntil || null,
    keepKind: values.keepKind,
    keepValue: values.keepKind === 'fixed' ? rupeesToPaise(values.keepValue) : Math.round(Number(values.keepValue)),
  };
}

export function policyFormValuesOf(policy: OrderPolicy): PolicyFormValues {
  return {
    holdHours: String(policy.holdHours),
    reminderHours: String(policy.reminderHours),
    offerHours: String(policy.offerHours),
    selfCancel: policy.selfCancel,
    selfCancelUntil: policy.selfCancelUntil ?? '',
    keepKind: policy.keepKind,
    keepValue: policy.keepKind === 'fixed' ? paiseToRupees(policy.keepValue) : String(policy.keepValue),
  };
}
