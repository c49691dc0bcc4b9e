import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readPostBack, startStandin, type Standin } from '../../../../../tools/razorpay-standin';
import { checkoutForm, createGatewayClient, GatewayError, type GatewayClient } from './client';
import { parseWebhookEvent } from './entities';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';

/**
 * The gateway client against the stand-in over real HTTP, and the stand-in's webhooks received
 * by a small server standing where the site's webhook route will be.
 */

interface Received {
  body: string;
  signature: string | undefined;
  eventId: string | undefined;
}

let standin: Standin;
let client: GatewayClient;
let receiver: Server;
let received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['x-razorpay-signature'] as string | undefined,
        eventId: req.headers['x-razorpay-event-id'] as string | undefined,
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  standin = await startStandin({ webhookUrl: `http://127.0.0.1:${port}/webhook` });
  client = createGatewayClient({ apiUrl: standin.url, keyId: standin.keyId, keySecret: standin.keySecret });
});

afterAll(async () => {
  await standin.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  await standin.gateway.webhooks.idle();
  standin.gateway.webhooks.mode = { mode: 'deliver', copies: 1, delayMs: 0 };
  received = [];
});

const events = (name: string) => received.map((r) => parseWebhookEvent(r.body)!).filter((e) => e.event === name);

/**
 * Opens the hosted page as a browser would and presses a button; returns where the page posts the
 * payer back to, with the posted fields as its search parameters.
 */
async function pressOnHostedPage(orderId: string, button: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const form = checkoutForm(
    { apiUrl: standin.url, keyId: standin.keyId },
    { orderId, callbackUrl: 'http://site.test/cb?p=1', cancelUrl: '', name: 'NIPM', description: 'Fee' },
  );
  expect((await fetch(form.action)).status).toBe(405);
  const html = await (await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) })).text();
  expect(html).toContain(orderId);
  const action = new RegExp(`action="(/v1/checkout/embedded/${orderId}/${button})"`).exec(html)![1];
  const response = await fetch(new URL(action, standin.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ callback_url: 'http://site.test/cb?p=1', cancel_url: '' }),
    redirect: 'manual',
  });
  // Razorpay posts the payer back to callback_url as a form, not by a redirect.
  expect(response.status).toBe(200);
  const back = readPostBack(await response.text());
  for (const [name, value] of back.fields) back.action.searchParams.append(name, value);
  return back.action;
}

describe('gateway client against the stand-in', () => {
  it('creates an order with our receipt and reads it back', async () => {
    const order = await client.createOrder({ amount: 150000, currency: 'INR', receipt: 'NIPM-PAY-1' });
    expect(order).toMatchObject({ amount: 150000, amount_due: 150000, status: 'created', receipt: 'NIPM-PAY-1' });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await client.fetchOrder(order.id)).toMatchObject({ id: order.id, status: 'created' });
  });

  it('refuses wrong keys with a GatewayError of status 401', async () => {
    const wrong = createGatewayClient({ apiUrl: standin.url, keyId: standin.keyId, keySecret: 'not-the-secret' });
    const error = await wrong.fetchOrder('order_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(401);
  });

  it('pays on the hosted page: signed callback, order paid, payment.captured and order.paid signed', async () => {
    const order = await client.createOrder({ amount: 50000, currency: 'INR', receipt: 'NIPM-PAY-2' });
    const back = await pressOnHostedPage(order.id, 'pay');
    expect(back.origin + back.pathname).toBe('http://site.test/cb');
    expect(back.searchParams.get('p')).toBe('1');
    const paymentId = back.searchParams.get('razorpay_payment_id')!;
    const signature = back.searchParams.get('razorpay_signature');
    expect(back.searchParams.get('razorpay_order_id')).toBe(order.id);
    expect(isValidPaymentSignature({ orderId: order.id, paymentId, signature }, standin.keySecret)).toBe(true);
    expect(isValidPaymentSignature({ orderId: order.id, paymentId, signature }, 'another-secret')).toBe(false);

    expect(await client.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 50000 });
    const payments = await client.fetchOrderPayments(order.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: paymentId, status: 'captured', amount: 50000, currency: 'INR' });

    await standin.gateway.webhooks.idle();
    for (const delivery of received) {
      expect(isValidWebhookSignature(delivery.body, delivery.signature, standin.webhookSecret)).toBe(true);
      expect(isValidWebhookSignature(delivery.body + ' ', delivery.signature, standin.webhookSecret)).toBe(false);
    }
    expect(events('payment.captured')[0].payload.payment!.entity).toMatchObject({ id: paymentId, order_id: order.id });
    expect(events('order.paid')[0].payload.order!.entity).toMatchObject({ id: order.id, status: 'paid' });
  });

  it('a failed attempt sends payment.failed and returns the error to the callback', async () => {
    const order = await client.createOrder({ amount: 50000, currency: 'INR', receipt: 'NIPM-PAY-3' });
    const back = await pressOnHostedPage(order.id, 'fail');
    expect(back.searchParams.get('error[reason]')).toBe('payment_failed');
    expect((await client.fetchOrder(order.id)).status).toBe('attempted');
    await standin.gateway.webhooks.idle();
    expect(events('payment.failed')).toHaveLength(1);
  });

  it('refunds with an idempotency key: a retry is the same refund, a different body is refused, never over the amount', async () => {
    const order = await client.createOrder({ amount: 100000, currency: 'INR', receipt: 'NIPM-PAY-4' });
    const payment = standin.gateway.pay(standin.gateway.order(order.id)!);
    const first = await client.refundPayment(payment.id, { amount: 40000 }, 'refund-key-000001');
    const again = await client.refundPayment(payment.id, { amount: 40000 }, 'refund-key-000001');
    expect(again.id).toBe(first.id);
    await expect(client.refundPayment(payment.id, { amount: 30000 }, 'refund-key-000001')).rejects.toMatchObject({
      status: 400,
    });
    await expect(client.refundPayment(payment.id, { amount: 70000 }, 'refund-key-000002')).rejects.toMatchObject({
      status: 400,
      field: 'amount',
    });
    expect((await client.fetchPayment(payment.id)).amount_refunded).toBe(40000);
    await standin.gateway.webhooks.idle();
    expect(events('refund.processed').map((e) => e.payload.refund!.entity.id)).toEqual([first.id]);

    // The stand-in, as Razorpay, takes only the speeds it offers: the client asks for a normal refund.
    const instant = await fetch(`${standin.url}/v1/payments/${payment.id}/refund`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${standin.keyId}:${standin.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 10000, speed: 'instant' }),
    });
    expect(instant.status).toBe(400);
    expect(((await instant.json()) as { error: { field: string } }).error.field).toBe('speed');
  });

  it('holds webhooks and releases them in reverse order, or sends one event several times at once', async () => {
    standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    const order = await client.createOrder({ amount: 20000, currency: 'INR', receipt: 'NIPM-PAY-5' });
    standin.gateway.pay(standin.gateway.order(order.id)!);
    await standin.gateway.webhooks.idle();
    expect(received).toHaveLength(0);
    await standin.gateway.webhooks.release('reverse');
    expect(received.map((r) => parseWebhookEvent(r.body)!.event)).toEqual(['order.paid', 'payment.captured']);

    received = [];
    const captured = standin.gateway.webhooks.events.find(
      (e) => e.event === 'payment.captured' && JSON.parse(e.body).payload.payment.entity.order_id === order.id,
    )!;
    await standin.gateway.webhooks.redeliver(captured.id, 5);
    expect(received).toHaveLength(5);
    expect(new Set(received.map((r) => r.eventId))).toEqual(new Set([captured.id]));
  });

  it('reports settled payments with settlement id, UTR and fee in the recon report', async () => {
    const order = await client.createOrder({ amount: 100000, currency: 'INR', receipt: 'NIPM-PAY-6' });
    const payment = standin.gateway.pay(standin.gateway.order(order.id)!);
    const at = Date.UTC(2026, 10, 20, 6, 0, 0) / 1000;
    const settlement = standin.gateway.settle(at);
    const items = await client.settlementRecon({ year: 2026, month: 11, day: 20 });
    const line = items.find((item) => item.entity_id === payment.id)!;
    expect(line).toMatchObject({
      type: 'payment',
      settlement_id: settlement.settlementId,
      settlement_utr: settlement.utr,
      fee: 2000,
      credit: 98000,
      order_id: order.id,
      order_receipt: 'NIPM-PAY-6',
    });
    expect(await client.settlementRecon({ year: 2026, month: 11, day: 21 })).toEqual([]);
  });
});

describe('the hosted checkout form', () => {
  const config = { apiUrl: 'https://api.razorpay.com/v1/', keyId: 'rzp_live_Key' };
  const order = { orderId: 'order_1', callbackUrl: 'https://nipm.in/cb', cancelUrl: 'https://nipm.in/x', name: 'NIPM' };

  it('fills in the payer’s e-mail when the site knows it, and leaves the field out when it does not', () => {
    const known = checkoutForm(config, { ...order, description: 'Fee', email: 'asha@example.test' });
    expect(known.action).toBe('https://api.razorpay.com/v1/checkout/embedded');
    expect(known.fields['prefill[email]']).toBe('asha@example.test');
    const unknown = checkoutForm(config, { ...order, description: 'Fee' });
    expect(Object.keys(unknown.fields)).not.toContain('prefill[email]');
  });
});
