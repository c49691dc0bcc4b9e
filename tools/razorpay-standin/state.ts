import { randomBytes } from 'node:crypto';

/**
 * The stand-in's memory: orders, payments, refunds and settlements shaped as Razorpay's API
 * documents its entities (https://razorpay.com/docs/api/orders/entity, .../payments, .../refunds,
 * .../settlements/fetch-recon). Nothing is persisted: a stand-in lives as long as a test or a demo.
 */

export interface StandinOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface StandinPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: { rrn: string | null };
  created_at: number;
}

export interface StandinRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** One line of the settlement recon report (GET /v1/settlements/recon/combined). */
export interface StandinReconItem {
  entity_id: string;
  type: 'payment' | 'refund';
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  on_hold: false;
  settled: true;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  posted_at: null;
  credit_type: 'default';
  description: string | null;
  notes: null;
  payment_id: string | null;
  settlement_utr: string;
  order_id: string | null;
  order_receipt: string | null;
  method: 'upi';
  card_network: null;
  card_issuer: null;
  card_type: null;
  dispute_id: null;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `order_` + 14 characters, like `order_DaZlswtdcn9UNV`. */
export function entityId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

export const unixNow = (): number => Math.floor(Date.now() / 1000);

/** The gateway's fee on a payment: 2% including 18% GST on the fee, as an Indian merchant is charged. */
export function feeOf(amount: number): { fee: number; tax: number } {
  const fee = Math.round(amount * 0.02);
  return { fee, tax: Math.round((fee * 18) / 118) };
}

export class StandinState {
  orders = new Map<string, StandinOrder>();
  payments = new Map<string, StandinPayment>();
  refunds = new Map<string, StandinRefund>();
  /** Idempotency key -> the refund it made and the body it was made with. */
  refundKeys = new Map<string, { body: string; refundId: string }>();
  recon: StandinReconItem[] = [];
  /** Payments and refunds not yet in a settlement. */
  unsettled = new Set<string>();

  createOrder(input: { amount: number; currency: string; receipt: string | null; notes: Record<string, string> }) {
    const order: StandinOrder = {
      id: entityId('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: Object.keys(input.notes).length ? input.notes : [],
      created_at: unixNow(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  /** A payment attempt on an order; `override` pays a different amount or currency (a tampered payment). */
  attempt(order: StandinOrder, outcome: 'captured' | 'failed', override: { amount?: number; currency?: string } = {}) {
    const amount = override.amount ?? order.amount_due;
    const captured = outcome === 'captured';
    const charges = captured ? feeOf(amount) : { fee: null, tax: null };
    const payment: StandinPayment = {
      id: entityId('pay'),
      entity: 'payment',
      amount,
      currency: override.currency ?? order.currency,
      status: outcome,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured,
      description: null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: captured ? 'success@razorpay' : 'failure@razorpay',
      email: 'payer@example.com',
      contact: '+919000090000',
      notes: [],
      fee: charges.fee,
      tax: charges.tax,
      error_code: captured ? null : 'BAD_REQUEST_ERROR',
      error_description: captured ? null : 'Payment failed',
      error_source: captured ? null : 'customer',
      error_step: captured ? null : 'payment_authorization',
      error_reason: captured ? null : 'payment_failed',
      acquirer_data: { rrn: captured ? String(100000000000 + Math.floor(Math.random() * 899999999999)) : null },
      created_at: unixNow(),
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    if (captured) {
      order.status = 'paid';
      order.amount_paid = amount;
      order.amount_due = Math.max(0, order.amount - amount);
      this.unsettled.add(payment.id);
    } else if (order.status === 'created') {
      order.status = 'attempted';
    }
    return payment;
  }

  refund(payment: StandinPayment, amount: number, notes: Record<string, string>) {
    const refund: StandinRefund = {
      id: entityId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: Object.keys(notes).length ? notes : [],
      receipt: null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    return refund;
  }

  /** Settles every captured payment and processed refund not yet settled, at `at` (unix seconds). */
  settle(at: number): { settlementId: string; utr: string; items: StandinReconItem[] } {
    const settlementId = entityId('setl');
    const utr = `${at}${entityId('u').slice(2, 8).toLowerCase()}`;
    const items: StandinReconItem[] = [];
    for (const id of this.unsettled) {
      const payment = this.payments.get(id);
      const refund = this.refunds.get(id);
      if (refund && refund.status !== 'processed') continue;
      const base = {
        currency: 'INR',
        on_hold: false as const,
        settled: true as const,
        settled_at: at,
        settlement_id: settlementId,
        posted_at: null,
        credit_type: 'default' as const,
        description: null,
        notes: null,
        settlement_utr: utr,
        method: 'upi' as const,
        card_network: null,
        card_issuer: null,
        card_type: null,
        dispute_id: null,
      };
      if (payment) {
        const order = this.orders.get(payment.order_id);
        const { fee, tax } = feeOf(payment.amount);
        items.push({
          ...base,
          entity_id: payment.id,
          type: 'payment',
          debit: 0,
          credit: payment.amount - fee,
          amount: payment.amount,
          currency: payment.currency,
          fee,
          tax,
          created_at: payment.created_at,
          payment_id: null,
          order_id: payment.order_id,
          order_receipt: order?.receipt ?? null,
        });
      } else if (refund) {
        const paid = this.payments.get(refund.payment_id);
        items.push({
          ...base,
          entity_id: refund.id,
          type: 'refund',
          debit: refund.amount,
          credit: 0,
          amount: refund.amount,
          fee: 0,
          tax: 0,
          created_at: refund.created_at,
          payment_id: refund.payment_id,
          order_id: paid?.order_id ?? null,
          order_receipt: null,
        });
      }
      this.unsettled.delete(id);
    }
    this.recon.push(...items);
    return { settlementId, utr, items };
  }
}
