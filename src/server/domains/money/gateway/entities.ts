import { z } from 'zod';

/**
 * Razorpay's entities as far as the site reads them (the API reference's entity pages and the
 * webhook payload samples). Schemas are `passthrough`: the gateway adds fields over time and the
 * site must not break when it does.
 */

export const GatewayOrderSchema = z
  .object({
    id: z.string(),
    entity: z.literal('order'),
    amount: z.number().int(),
    amount_paid: z.number().int(),
    amount_due: z.number().int(),
    currency: z.string(),
    receipt: z.string().nullable(),
    status: z.enum(['created', 'attempted', 'paid']),
    attempts: z.number().int(),
    created_at: z.number().int(),
  })
  .passthrough();
export type GatewayOrder = z.infer<typeof GatewayOrderSchema>;

export const GatewayPaymentSchema = z
  .object({
    id: z.string(),
    entity: z.literal('payment'),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
    order_id: z.string().nullable(),
    method: z.string().nullable().optional(),
    amount_refunded: z.number().int().optional(),
    captured: z.boolean(),
    fee: z.number().int().nullable().optional(),
    tax: z.number().int().nullable().optional(),
    error_code: z.string().nullable().optional(),
    error_description: z.string().nullable().optional(),
    created_at: z.number().int(),
  })
  .passthrough();
export type GatewayPayment = z.infer<typeof GatewayPaymentSchema>;

export const GatewayRefundSchema = z
  .object({
    id: z.string(),
    entity: z.literal('refund'),
    amount: z.number().int(),
    currency: z.string(),
    payment_id: z.string(),
    status: z.enum(['pending', 'processed', 'failed']),
    created_at: z.number().int(),
  })
  .passthrough();
export type GatewayRefund = z.infer<typeof GatewayRefundSchema>;

/** One line of GET /v1/settlements/recon/combined. */
export interface ReconItem {
  entity_id: string;
  type: 'payment' | 'refund' | 'transfer' | 'adjustment';
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  settled: boolean;
  settled_at: number | null;
  settlement_id: string | null;
  settlement_utr: string | null;
  payment_id: string | null;
  order_id: string | null;
  order_receipt: string | null;
}

/**
 * A webhook event: `payment.captured`, `payment.failed` (payment), `order.paid` (payment and
 * order), `refund.processed` and the other refund events (refund and payment).
 */
export const WebhookEventSchema = z
  .object({
    entity: z.literal('event'),
    event: z.string(),
    contains: z.array(z.string()),
    payload: z
      .object({
        payment: z.object({ entity: GatewayPaymentSchema }).optional(),
        order: z.object({ entity: GatewayOrderSchema }).optional(),
        refund: z.object({ entity: GatewayRefundSchema }).optional(),
      })
      .passthrough(),
    created_at: z.number().int(),
  })
  .passthrough();
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** The event, or null for a body that is not one (answered 400, nothing changed). */
export function parseWebhookEvent(rawBody: string): WebhookEvent | null {
  try {
    const parsed = WebhookEventSchema.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
