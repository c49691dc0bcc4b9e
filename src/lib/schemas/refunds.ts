import { z } from 'zod';
import { isCalendarDay } from '../financial-year';
import { pagingQuery } from './common';
import { REFUND_MODES } from './online';

/** The staff's refunds queue (roles 2 and 5): refunds due, in progress and made (client-safe). */

export const REFUND_STATES = ['due', 'pending', 'processed', 'failed'] as const;

export const REFUND_STATE_LABELS: Record<(typeof REFUND_STATES)[number], string> = {
  due: 'To make',
  pending: 'Sent to the gateway',
  processed: 'Made',
  failed: 'Refused by the gateway',
};

export const RefundQueueExportQuery = z
  .object({
    state: z.enum(REFUND_STATES, { errorMap: () => ({ message: 'Choose a refund state.' }) }).optional(),
    q: z.string().trim().max(100).optional(),
  })
  .strict();
export const RefundQueueQuery = pagingQuery().merge(RefundQueueExportQuery).strict();
export type RefundQueueFilters = z.infer<typeof RefundQueueExportQuery>;

export const RefundQueueItemSchema = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  purpose: z.string(),
  subjectId: z.number().int(),
  subjectLabel: z.string().nullable(),
  payerName: z.string(),
  payerEmail: z.string(),
  receiptNumber: z.string().nullable(),
  paidAmount: z.number().int(),
  /** Paid through the gateway: the refund goes back through it, with no mode to record. */
  online: z.boolean(),
  amount: z.number().int(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  mode: z.string(),
  reference: z.string().nullable(),
  refundedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundQueueItem = z.infer<typeof RefundQueueItemSchema>;

/** Making a due refund: offline, how the money was sent back; online, nothing (the gateway sends it). */
export const MakeRefundBody = z
  .object({
    mode: z.enum(REFUND_MODES as [string, ...string[]]).optional(),
    reference: z.string().trim().max(60).optional(),
    refundedOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written YYYY-MM-DD.')
      .refine(isCalendarDay, 'Use a date written YYYY-MM-DD.')
      .optional(),
  })
  .strict();
