import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import { PAYMENT_PURPOSE_LABELS, type PaymentPurpose } from '../../../../lib/schemas/money';
import { conflict, invalid, notFound } from '../../errors';
import { decideByGatewayWithin } from '../payments';
import { requirePaymentPurposeHandler, type OnlineRequest } from '../purposes';
import { checkoutForm, GatewayError, type CheckoutForm } from './client';
import type { Gateway } from './config';
import { receiptOf } from './config';
import { closeUnpaid, confirmCapture } from './confirm';

/**
 * Starting an online payment: the purpose records a payment of mode `online` for the amount it
 * computes (never one from the browser) exactly as its own report would, the gateway is asked for
 * an order of that amount with our payment's id as the receipt, and the payer is sent to the
 * gateway's hosted page. A payer who comes back to pay again finds the earlier order asked about
 * first: paid, it is confirmed; not paid, it is closed and a new one made. The hosted page is
 * opened by a form POST, so `checkoutUrl` is the site's own page holding that form.
 */

export interface OnlineStart {
  paymentId: number;
  gatewayOrderId: string;
  amount: number;
  checkoutUrl: string;
}

export const GATEWAY_UNAVAILABLE =
  'The payment gateway could not be reached. Try again in a few minutes, or pay another way.';

async function settleEarlierOrder(
  db: DB,
  gateway: Gateway,
  purpose: string,
  subjectId: number,
  now: Date,
): Promise<void> {
  const open = await db
    .selectFrom('gateway_orders as g')
    .innerJoin('payments as p', 'p.id', 'g.payment_id')
    .select(['g.gateway_order_id'])
    .where('p.purpose', '=', purpose)
    .where('p.subject_id', '=', subjectId)
    .where('g.status', '=', 'open')
    .execute();
  for (const order of open) {
    const payments = await gateway.client.fetchOrderPayments(order.gateway_order_id);
    const captured = payments.find((p) => p.status === 'captured');
    if (captured) {
      await confirmCapture(db, order.gateway_order_id, captured, 'reconciler', now);
      throw conflict('This payment has already been made online; the receipt is on the status page.');
    }
    await closeUnpaid(db, order.gateway_order_id, 'Left unpaid; the payer started a new online payment.', now);
  }
}

export async function startOnlinePayment(
  db: DB,
  gateway: Gateway,
  purpose: string,
  request: OnlineRequest,
  siteUrl: string,
): Promise<OnlineStart> {
  const handler = requirePaymentPurposeHandler(purpose);
  if (!handler.reportOnline) throw invalid({ purpose: 'This cannot be paid online.' });
  try {
    await settleEarlierOrder(db, gateway, purpose, request.subjectId, request.now);
  } catch (error) {
    if (error instanceof GatewayError) throw conflict(GATEWAY_UNAVAILABLE);
    throw error;
  }
  const { payment, returnPath } = await handler.reportOnline(db, request);
  let order;
  try {
    order = await gateway.client.createOrder({
      amount: payment.amount,
      currency: 'INR',
      receipt: receiptOf(payment.id),
      notes: { purpose, paymentId: String(payment.id) },
    });
  } catch (error) {
    // The payment row must not hold the subject while no order exists: it is rejected at once.
    await db
      .transaction()
      .execute((trx) =>
        decideByGatewayWithin(trx, payment.id, 'rejected', 'The gateway did not create an order.', request.now),
      );
    if (error instanceof GatewayError) throw conflict(GATEWAY_UNAVAILABLE);
    throw error;
  }
  const at = nowIso(request.now);
  await db
    .insertInto('gateway_orders')
    .values({
      payment_id: payment.id,
      gateway_order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: 'open',
      return_path: returnPath,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return {
    paymentId: payment.id,
    gatewayOrderId: order.id,
    amount: payment.amount,
    checkoutUrl: new URL(`/api/payments/online/checkout/${encodeURIComponent(order.id)}`, siteUrl).toString(),
  };
}

export const INSTITUTE_NAME = 'National Institute of Personnel Management';

/**
 * The form that opens the gateway's hosted page for one of our orders, while it is open (paid or
 * closed: 404, the payer goes back to the status page). The description is the purpose's label
 * and our receipt, both from our records: nothing in the page comes from the request.
 */
export async function checkoutFormFor(
  db: DB,
  gateway: Gateway,
  gatewayOrderId: string,
  siteUrl: string,
): Promise<CheckoutForm & { amount: number; description: string }> {
  const row = await db
    .selectFrom('gateway_orders as g')
    .innerJoin('payments as p', 'p.id', 'g.payment_id')
    .select(['g.amount', 'p.id', 'p.purpose', 'p.payer_email'])
    .where('g.gateway_order_id', '=', gatewayOrderId)
    .where('g.status', '=', 'open')
    .executeTakeFirst();
  if (!row) throw notFound('This payment is no longer open; go back to its status page.');
  const label = (PAYMENT_PURPOSE_LABELS as Record<string, string>)[row.purpose as PaymentPurpose] ?? 'Payment';
  const description = `${label} (${receiptOf(row.id)})`;
  const callback = new URL('/api/payments/online/callback', siteUrl).toString();
  const form = checkoutForm(gateway.config, {
    orderId: gatewayOrderId,
    callbackUrl: callback,
    cancelUrl: `${callback}?razorpay_order_id=${encodeURIComponent(gatewayOrderId)}&cancelled=1`,
    name: INSTITUTE_NAME,
    description,
    email: row.payer_email,
  });
  return { ...form, amount: row.amount, description };
}
