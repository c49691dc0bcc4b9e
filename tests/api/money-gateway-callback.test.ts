import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { hmacSha256Hex } from '../../src/server/domains/money/gateway/signatures';
import { readPostBack } from '../../tools/razorpay-standin';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter } from '../support/fixtures';
import {
  applicationState,
  orderRow,
  paymentAudit,
  paymentRow,
  startApplicationOnline,
  whileGatewayDown,
} from '../support/gateway';
import { decisionMailsTo, openHostedPage, startOnlineWorld, type OnlineWorld } from '../support/online';

/**
 * The payer's return from the hosted page, followed as the browser follows it: where the payer is
 * sent (the status page with `payment=paid|pending|not_paid|unconfirmed`, or the home page for an
 * order the site does not know), and what the return did to the payment and the order.
 */

describeEachDatabase('The payer’s return from the gateway', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Callback Chapter' })).id;
    world = await startOnlineWorld(database.db);
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });
  // The returns are what is tested: the gateway's webhooks are held back and lost.
  beforeEach(() => {
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
  });
  afterEach(() => {
    world.standin.gateway.webhooks.drop();
  });

  const db = () => database.db;
  const start = () => startApplicationOnline(world, db(), chapterId);
  const standin = () => world.standin.gateway;

  /** The payer's browser arriving at the callback; answers where the site sends it. */
  async function arrive(query: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<string> {
    const params = new URLSearchParams(query);
    const response =
      method === 'GET'
        ? await fetch(`${world.siteUrl}/api/payments/online/callback?${params}`, { redirect: 'manual' })
        : await fetch(`${world.siteUrl}/api/payments/online/callback`, {
            method: 'POST',
            body: params,
            redirect: 'manual',
          });
    expect(response.status).toBe(303);
    return response.headers.get('location')!;
  }

  /** Presses a button of the hosted page and follows its post-back into the site. */
  async function press(checkoutUrl: string, button: 'fail' | 'cancel'): Promise<string> {
    const html = await openHostedPage(world, checkoutUrl);
    const action = new RegExp(`action="([^"]*/${button})"`).exec(html)![1];
    const fields = new URLSearchParams(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]),
    );
    // The stand-in's cancel redirects to cancel_url when one was given: drop it to get the post-back instead.
    if (button === 'cancel') fields.delete('cancel_url');
    const pressed = await fetch(new URL(action, world.standin.url), { method: 'POST', body: fields });
    const back = readPostBack(await pressed.text());
    const answer = await fetch(back.action, { method: 'POST', body: back.fields, redirect: 'manual' });
    expect(answer.status).toBe(303);
    return answer.headers.get('location')!;
  }

  it('a failed attempt posted back closes the order, rejects the payment and gives the application back', async () => {
    const { application, started, statusPath } = await start();
    expect(await press(started.checkoutUrl, 'fail')).toBe(`${statusPath}&payment=not_paid`);
    expect((await orderRow(db(), started.paymentId)).status).toBe('closed');
    expect(await paymentRow(db(), started.paymentId)).toMatchObject({
      state: 'rejected',
      note: 'The online payment failed.',
    });
    expect(await applicationState(db(), application.id)).toBe('awaiting_payment');
  });

  it('a cancellation posted back (no cancel_url) closes the order as cancelled by the payer', async () => {
    const { started, statusPath } = await start();
    expect(await press(started.checkoutUrl, 'cancel')).toBe(`${statusPath}&payment=not_paid`);
    expect(await paymentRow(db(), started.paymentId)).toMatchObject({
      state: 'rejected',
      note: 'The payer cancelled on the payment page.',
    });
  });

  it('a return for an order the site does not know, or naming none, goes to the home page', async () => {
    const { started } = await start();
    expect(await arrive({ razorpay_order_id: 'order_NotOursAtAll01' })).toBe('/');
    expect(await arrive({ 'error[metadata]': JSON.stringify({ order_id: 'order_NotOursAtAll01' }) }, 'POST')).toBe('/');
    expect(await arrive({ 'error[metadata]': `{"order_id":"${started.gatewayOrderId}"` }, 'POST')).toBe('/');
    expect(await arrive({ 'error[metadata]': JSON.stringify({ payment_id: 'pay_X' }) }, 'POST')).toBe('/');
    expect(await arrive({})).toBe('/');
    expect((await orderRow(db(), started.paymentId)).status).toBe('open');
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');
  });

  it('a return with a wrong signature is not taken as payment: unconfirmed, nothing changed', async () => {
    const { started, statusPath } = await start();
    const paid = standin().pay(standin().order(started.gatewayOrderId)!);
    const signature = hmacSha256Hex(`${started.gatewayOrderId}|${paid.id}`, 'not-the-key-secret');
    expect(
      await arrive({
        razorpay_payment_id: paid.id,
        razorpay_order_id: started.gatewayOrderId,
        razorpay_signature: signature,
      }),
    ).toBe(`${statusPath}&payment=unconfirmed`);
    expect((await orderRow(db(), started.paymentId)).status).toBe('open');
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');
  });

  it('a signed return while the gateway cannot be asked, or naming another order’s payment, is pending', async () => {
    const { started, statusPath } = await start();
    const paid = standin().pay(standin().order(started.gatewayOrderId)!);
    const query = {
      razorpay_payment_id: paid.id,
      razorpay_order_id: started.gatewayOrderId,
      razorpay_signature: standin().paymentSignature(started.gatewayOrderId, paid.id),
    };
    expect(await whileGatewayDown(world, () => arrive(query))).toBe(`${statusPath}&payment=pending`);
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');

    // A payment of another order, signed for this one: the gateway's word on it does not pay this order.
    const other = await start();
    const crossed = {
      razorpay_payment_id: paid.id,
      razorpay_order_id: other.started.gatewayOrderId,
      razorpay_signature: standin().paymentSignature(other.started.gatewayOrderId, paid.id),
    };
    expect(await arrive(crossed)).toBe(`${other.statusPath}&payment=pending`);
    expect((await paymentRow(db(), other.started.paymentId)).state).toBe('reported');
    expect((await orderRow(db(), other.started.paymentId)).status).toBe('open');

    // Asked again once it answers: paid, and paid again for a second return.
    expect(await arrive(query)).toBe(`${statusPath}&payment=paid`);
    expect(await arrive(query, 'POST')).toBe(`${statusPath}&payment=paid`);
    expect(await paymentRow(db(), started.paymentId)).toMatchObject({
      state: 'verified',
      note: 'Paid online (upi), confirmed by the callback.',
      reference: paid.id,
    });
  });

  it('a signed return of a failed attempt is pending, and the order stays open to pay again', async () => {
    const { started, statusPath } = await start();
    const failed = standin().fail(standin().order(started.gatewayOrderId)!);
    const location = await arrive({
      razorpay_payment_id: failed.id,
      razorpay_order_id: started.gatewayOrderId,
      razorpay_signature: standin().paymentSignature(started.gatewayOrderId, failed.id),
    });
    expect(location).toBe(`${statusPath}&payment=pending`);
    expect((await orderRow(db(), started.paymentId)).status).toBe('open');
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');
  });

  it('a cancel return for an order paid meanwhile confirms it: paid, receipt mailed', async () => {
    const { application, started, statusPath } = await start();
    standin().fail(standin().order(started.gatewayOrderId)!);
    const paid = standin().pay(standin().order(started.gatewayOrderId)!);
    const location = await arrive({ razorpay_order_id: started.gatewayOrderId, cancelled: '1' });
    expect(location).toBe(`${statusPath}&payment=paid`);
    const payment = await paymentRow(db(), started.paymentId);
    expect(payment).toMatchObject({
      state: 'verified',
      reference: paid.id,
      note: 'Paid online (upi), confirmed by the callback.',
    });
    expect(await applicationState(db(), application.id)).toBe('payment_verified');
    expect((await paymentAudit(db(), started.paymentId)).map((e) => e.action)).toEqual(['payment.verified']);
    await world.api.settle();
    expect(decisionMailsTo(world.api.outbox(), payment.payer_email).receipts).toHaveLength(1);
  });

  it('a cancel return while the gateway cannot be asked is pending and closes nothing', async () => {
    const { started, statusPath } = await start();
    const location = await whileGatewayDown(world, () =>
      arrive({ razorpay_order_id: started.gatewayOrderId, cancelled: '1' }),
    );
    expect(location).toBe(`${statusPath}&payment=pending`);
    expect((await orderRow(db(), started.paymentId)).status).toBe('open');
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');
  });
});
