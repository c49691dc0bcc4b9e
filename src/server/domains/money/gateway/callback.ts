import type { DB } from '../../../platform/db';
import type { PayerTeller } from '../decision-mail';
import type { Gateway } from './config';
import { closeUnpaid, confirmCapture, gatewayOrderByOrderId } from './confirm';
import { isValidPaymentSignature } from './signatures';

/**
 * The payer's return from the hosted page. Success carries razorpay_payment_id, razorpay_order_id
 * and razorpay_signature (HMAC-SHA256 of `order_id|payment_id` with the key secret): a valid
 * signature is not taken as payment by itself, the gateway is asked for the payment, and what it
 * says goes through the same confirmation as a webhook. A failure or cancel carries no signature:
 * the gateway is asked about the order and, when it is not paid, the order is closed so the payer
 * may choose again. Either way the payer is sent to the purpose's status page.
 */

/** The purpose's status page, told the outcome; handleCallback answers it, or the home page for an unknown order. */
const withOutcome = (path: string, outcome: string) => `${path}${path.includes('?') ? '&' : '?'}payment=${outcome}`;

export async function handleCallback(
  db: DB,
  gateway: Gateway,
  query: Record<string, string | undefined>,
  now: Date,
  tell?: PayerTeller,
): Promise<string> {
  let orderId = query.razorpay_order_id;
  if (!orderId && query['error[metadata]']) {
    try {
      orderId = (JSON.parse(query['error[metadata]']) as { order_id?: string }).order_id;
    } catch {
      orderId = undefined;
    }
  }
  const order = orderId ? await gatewayOrderByOrderId(db, orderId) : undefined;
  if (!order || !orderId) return '/';
  const paymentId = query.razorpay_payment_id;
  if (paymentId) {
    const signed = isValidPaymentSignature(
      { orderId, paymentId, signature: query.razorpay_signature },
      gateway.config.keySecret,
    );
    if (!signed) return withOutcome(order.return_path, 'unconfirmed');
    const payment = await gateway.client.fetchPayment(paymentId).catch(() => null);
    if (!payment || payment.order_id !== orderId) {
      // The gateway could not be asked now: the webhook or the reconciler will confirm it.
      return withOutcome(order.return_path, 'pending');
    }
    const result = await confirmCapture(db, orderId, payment, 'callback', now, tell);
    const paid = result.outcome === 'verified' || result.outcome === 'already';
    return withOutcome(order.return_path, paid ? 'paid' : 'pending');
  }
  const payments = await gateway.client.fetchOrderPayments(orderId).catch(() => null);
  if (payments === null) return withOutcome(order.return_path, 'pending');
  const captured = payments.find((p) => p.status === 'captured');
  if (captured) {
    await confirmCapture(db, orderId, captured, 'callback', now, tell);
    return withOutcome(order.return_path, 'paid');
  }
  // A cancel comes back by our cancel_url (`cancelled`) or, without it, posted as an error of reason payment_cancelled.
  const cancelled = Boolean(query.cancelled) || query['error[reason]'] === 'payment_cancelled';
  await closeUnpaid(
    db,
    orderId,
    cancelled ? 'The payer cancelled on the payment page.' : 'The online payment failed.',
    now,
  );
  return withOutcome(order.return_path, 'not_paid');
}
