import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../../../../tools/razorpay-standin';
import { createGatewayClient, GatewayError } from './client';
import { parseWebhookEvent } from './entities';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';

/**
 * What the site makes of a gateway that answers badly or not at all (each a GatewayError the
 * callers turn into "try again later"), a settlement report longer than one page, and the
 * refusals of the signature and event readers that need no gateway.
 */

interface Answer {
  status: number;
  body: string;
}

/**
 * A server at the gateway's address that gives `answers` in turn (the last one ever after), or
 * none at all (a gateway that hangs); it counts the requests it was sent.
 */
async function answering(...answers: Answer[]) {
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests++;
    const answer = answers[Math.min(requests, answers.length) - 1];
    if (answer) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const anOrder = {
  id: 'order_Retried0000001',
  entity: 'order',
  amount: 500_00,
  amount_paid: 0,
  amount_due: 500_00,
  currency: 'INR',
  receipt: 'NIPM-PAY-1',
  status: 'created',
  attempts: 0,
  created_at: 1_900_000_000,
};

const order = { amount: 500_00, currency: 'INR' as const, receipt: 'NIPM-PAY-1' };
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the gateway answering badly', () => {
  it('an error answer without Razorpay’s error body: the status is told', async () => {
    const gateway = await answering({ status: 503, body: '<html>Service Unavailable</html>' });
    const client = createGatewayClient({ apiUrl: gateway.url, keyId: 'k', keySecret: 's' });
    const error = await failureOf(client.createOrder(order));
    await gateway.close();
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({
      status: 503,
      code: 'GATEWAY_ERROR',
      message: 'The gateway answered 503.',
      field: null,
    });
  });

  it('an answer of an unknown shape is a bad answer (502), not an order', async () => {
    const gateway = await answering({ status: 200, body: JSON.stringify({ id: 'order_X', entity: 'invoice' }) });
    const client = createGatewayClient({ apiUrl: gateway.url, keyId: 'k', keySecret: 's' });
    const error = await failureOf(client.createOrder(order));
    await gateway.close();
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({
      status: 502,
      code: 'GATEWAY_BAD_ANSWER',
      message: 'The gateway answered in an unknown shape.',
    });
  });

  it('a gateway nobody answers at is unreachable (status 0)', async () => {
    const gateway = await answering({ status: 200, body: '{}' });
    await gateway.close();
    const client = createGatewayClient({ apiUrl: gateway.url, keyId: 'k', keySecret: 's' });
    const error = await failureOf(client.createOrder(order));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({
      status: 0,
      code: 'GATEWAY_UNREACHABLE',
      message: `Request failed due to a network error: POST ${gateway.url}/v1/orders`,
    });
  });
});

describe('retries and patience', () => {
  it('a question (GET) is asked again after a failure; an order (POST) is never made twice', async () => {
    const flaky = await answering({ status: 502, body: '{}' }, { status: 200, body: JSON.stringify(anOrder) });
    const client = createGatewayClient({ apiUrl: flaky.url, keyId: 'k', keySecret: 's' });
    expect(await client.fetchOrder(anOrder.id)).toMatchObject({ id: anOrder.id, status: 'created' });
    expect(flaky.requests()).toBe(2);
    await flaky.close();

    const failing = await answering({ status: 500, body: '{}' }, { status: 200, body: JSON.stringify(anOrder) });
    const again = createGatewayClient({ apiUrl: failing.url, keyId: 'k', keySecret: 's' });
    expect(await failureOf(again.createOrder(order))).toMatchObject({ status: 500 });
    expect(failing.requests()).toBe(1);
    await failing.close();
  });

  it('a gateway that does not answer is given up on after the time allowed', async () => {
    const hanging = await answering();
    const client = createGatewayClient({ apiUrl: hanging.url, keyId: 'k', keySecret: 's', timeoutMs: 200 });
    const started = Date.now();
    const error = await failureOf(client.createOrder(order));
    expect(Date.now() - started).toBeLessThan(3_000);
    await hanging.close();
    expect(error).toMatchObject({ status: 0, code: 'GATEWAY_UNREACHABLE' });
  });
});

describe('a settlement report of more than one page', () => {
  let standin: Standin;
  beforeAll(async () => {
    standin = await startStandin();
  });
  afterAll(async () => {
    await standin.stop();
  });

  it('reads every line of the day, page after page', async () => {
    const state = standin.gateway.state;
    for (let i = 0; i < 1_001; i++) {
      const made = state.createOrder({ amount: 100_00 + i, currency: 'INR', receipt: `NIPM-PAY-${i + 1}`, notes: {} });
      state.attempt(made, 'captured');
    }
    const at = Date.parse('2030-06-15T12:00:00+05:30') / 1000;
    const settled = standin.gateway.settle(at);
    const client = createGatewayClient({ apiUrl: standin.url, keyId: standin.keyId, keySecret: standin.keySecret });
    const items = await client.settlementRecon({ year: 2030, month: 6, day: 15 });
    expect(items).toHaveLength(1_001);
    expect(new Set(items.map((i) => i.entity_id)).size).toBe(1_001);
    expect(items.map((i) => i.entity_id)).toEqual(settled.items.map((i) => i.entity_id));
    expect(await client.settlementRecon({ year: 2030, month: 6, day: 14 })).toEqual([]);
  });
});

describe('refusals that need no gateway', () => {
  it('no checkout signature is valid without a key secret, not even one made with the empty key', () => {
    const signature = createHmac('sha256', '').update('order_A|pay_B').digest('hex');
    expect(isValidPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature }, '')).toBe(false);
  });

  it('a signature with anything after its hex is refused', () => {
    const paymentSignature = createHmac('sha256', 'keysecret').update('order_A|pay_B').digest('hex');
    const input = { orderId: 'order_A', paymentId: 'pay_B', signature: `${paymentSignature}zz` };
    expect(isValidPaymentSignature(input, 'keysecret')).toBe(false);
    const body = '{"entity":"event"}';
    const webhookSignature = createHmac('sha256', 'whsec').update(body).digest('hex');
    expect(isValidWebhookSignature(body, `${webhookSignature}!`, 'whsec')).toBe(false);
  });

  it('a body that is not JSON is not an event', () => {
    expect(parseWebhookEvent('{"entity":"event",')).toBeNull();
    expect(parseWebhookEvent('')).toBeNull();
  });
});
