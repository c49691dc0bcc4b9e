import { z } from 'zod';
import { KEEP_KINDS, NATCON_MAX_DELEGATES_PER_ORDER } from '../natcon';
import { isoDate, MAX_RECORD_ID } from './common';
import { multiLineText } from './text';

/**
 * The order policy of an edition (issues 28 and 24: holds, reminders, offers, cancellations), the
 * bodies of the new order actions, and the price preview the registration form shows.
 */

const hours = (label: string, max: number) =>
  z
    .number({ invalid_type_error: `Enter ${label} in hours.` })
    .int(`Enter ${label} in whole hours.`)
    .min(1, `${label} is at least one hour.`)
    .max(max, `${label} is at most ${max} hours.`);

const policyShape = {
  holdHours: hours('How long an unpaid order holds its seats', 720),
  reminderHours: hours('When the buyer is reminded', 720),
  offerHours: hours('How long an offered seat waits', 720),
  selfCancel: z.boolean(),
  selfCancelUntil: isoDate.nullable(),
  keepKind: z.enum(KEEP_KINDS),
  keepValue: z
    .number({ invalid_type_error: 'Enter what is kept.' })
    .int('Enter a whole number.')
    .min(0, 'What is kept cannot be negative.')
    .max(100_000_000, 'This is too large.'),
};

/** The policy as answered with the edition. */
export const OrderPolicyAnswerSchema = z.object(policyShape);

export const OrderPolicySchema = z
  .object(policyShape)
  .strict()
  .refine((p) => p.keepKind !== 'percent' || p.keepValue <= 100, {
    message: 'A percentage is at most 100.',
    path: ['keepValue'],
  })
  .refine((p) => p.reminderHours < p.holdHours, {
    message: 'Remind the buyer before the hold ends: fewer hours than the hold.',
    path: ['reminderHours'],
  });
export type OrderPolicy = z.infer<typeof OrderPolicySchema>;

export const GuestConfirmBodySchema = z
  .object({ note: multiLineText(z.string().trim().min(1, 'Say why it is confirmed without payment.').max(2000)) })
  .strict();

export const BuyerCancelBodySchema = z
  .object({ reason: multiLineText(z.string().trim().max(2000)).optional().nullable() })
  .strict();

/** What a cancellation did: the refund to make (paise) and what was kept. */
export const CancellationSchema = z.object({
  orderNumber: z.string(),
  paid: z.number().int(),
  kept: z.number().int(),
  refund: z.number().int(),
});
export type Cancellation = z.infer<typeof CancellationSchema>;

/** The registration form's question: what would this order cost, with this coupon, today? */
export const PricePreviewBodySchema = z
  .object({
    editionId: z.number().int().positive().max(MAX_RECORD_ID).optional(),
    categoryId: z.number().int().positive().max(MAX_RECORD_ID),
    delegates: z
      .array(z.object({ categoryId: z.number().int().positive().max(MAX_RECORD_ID).optional() }).strict())
      .min(1, 'Add at least one delegate.')
      .max(NATCON_MAX_DELEGATES_PER_ORDER, `At most ${NATCON_MAX_DELEGATES_PER_ORDER} delegates in one order.`),
    coupon: z.string().trim().max(40).optional().nullable(),
  })
  .strict();
export type PricePreviewBody = z.infer<typeof PricePreviewBodySchema>;

export const PricePreviewSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  couponCode: z.string().nullable(),
  gstPercent: z.number().nullable(),
  gst: z.number().int(),
  total: z.number().int(),
});
export type PricePreview = z.infer<typeof PricePreviewSchema>;
