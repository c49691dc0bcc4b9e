import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StandinOrder, StandinPayment } from './state';
import { StandinState, unixNow } from './state';
import { WebhookSender } from './webhooks';

/**
 * What the stand-in gateway does, apart from HTTP: the API's operations and the events each one
 * sends, the same whether a test calls them in process or through the control endpoints.
 */

export interface GatewayKeys {
  keyId: string;
  keySecret: string;
}

export class StandinGateway {
  readonly state = new StandinState();

  constructor(
    readonly keys: GatewayKeys,
    readonly webhooks: WebhookSender,
  ) {}

  /** The basic-auth check of every API call: `key_id:key_secret`. */
  authorized(header: string | undefined): boolean {
    if (!header?.startsWith('Basic ')) return false;
    const given = Buffer.from(header.slice(6), 'base64');
    const expected = Buffer.from(`${this.keys.keyId}:${this.keys.keySecret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The checkout's signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  paymentSignature(orderId: string, paymentId: string): string {
    return createHmac('sha256', this.keys.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  }

  /** A successful payment: payment.captured then order.paid, as Razorpay sends both. */
  pay(order: StandinOrder, override: { amount?: number; currency?: string } = {}): StandinPayment {
    const payment = this.state.attempt(order, 'captured', override);
    this.webhooks.emit('payment.captured', { payment: { ...payment } });
    this.webhooks.emit('order.paid', { payment: { ...payment }, order: { ...order } });
    return payment;
  }

  fail(order: StandinOrder): StandinPayment {
    const payment = this.state.attempt(order, 'failed');
    this.webhooks.emit('payment.failed', { payment: { ...payment } });
    return payment;
  }

  /** A refund is created pending and processed at once: refund.created, then refund.processed. */
  refund(payment: StandinPayment, amount: number, notes: Record<string, string>) {
    const refund = this.state.refund(payment, amount, notes);
    this.webhooks.emit('refund.created', { refund: { ...refund }, payment: { ...payment } });
    refund.status = 'processed';
    this.state.unsettled.add(refund.id);
    this.webhooks.emit('refund.processed', { refund: { ...refund }, payment: { ...payment } });
    return refund;
  }

  /** Settles what is unsettled, dated `at` (unix seconds; default now). */
  settle(at: number = unixNow()) {
    return this.state.settle(at);
  }

  order(id: string): StandinOrder | undefined {
    return this.state.orders.get(id);
  }
}
