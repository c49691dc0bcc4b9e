import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { DomainError } from '../../src/server/domains/errors';
import { GATEWAY_UNAVAILABLE, startOnlinePayment } from '../../src/server/domains/money/gateway/online';
import { nowIso } from '../../src/server/platform/db';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter } from '../support/fixtures';
import {
  applicationState,
  orderRow,
  paymentRow,
  startApplicationOnline,
  whileGatewayDown,
  type StartedOnline,
} from '../support/gateway';
import { registerTestPurpose, reportTestPayment, TEST_PURPOSE } from '../support/money';
import { applicationAwaitingPayment, startOnlineWorld, type OnlineWorld } from '../support/online';

/**
 * Starting an online payment when the payer comes back to pay again, when the gateway cannot be
 * reached, and opening the hosted page of an order that is no longer open: what the payer is
 * answered, and that no payment is left holding the application without an order.
 */

interface Envelope<T> {
  data: T;
  error: { code: string; message: string; fields?: Record<string, string> };
}

describeEachDatabase('Starting an online payment', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;

  beforeAll(async () => {
    registerTestPurpose();
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Start Chapter' })).id;
    world = await startOnlineWorld(database.db);
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });
  beforeEach(() => {
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
  });
  afterEach(() => {
    world.standin.gateway.webhooks.drop();
  });

  const db = () => database.db;
  const startAgain = (application: { id: number; token: string }) =>
    world.api.request('POST', '/api/payments/online', {
      body: { purpose: 'membership_application', subjectId: application.id, statusToken: application.token },
    });
  const paymentsOf = (applicationId: number) =>
    db()
      .selectFrom('payments')
      .select(['id', 'state', 'note', 'mode'])
      .where('purpose', '=', 'membership_application')
      .where('subject_id', '=', applicationId)
      .orderBy('id')
      .execute();
  /** The fields the checkout page's form posts to the gateway. */
  const hiddenFields = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1].replace(/&amp;/g, '&'),
        m[2].replace(/&amp;/g, '&'),
      ]),
    );
  const checkoutPage = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  };

  it('a payer who starts again finds the unpaid order closed, and pays on a new one', async () => {
    const { application, started } = await startApplicationOnline(world, db(), chapterId);
    // What the office sees on the gateway's dashboard: our receipt and notes naming the payment.
    expect(world.standin.gateway.order(started.gatewayOrderId)).toMatchObject({
      amount: started.amount,
      currency: 'INR',
      receipt: `NIPM-PAY-${started.paymentId}`,
      notes: { purpose: 'membership_application', paymentId: String(started.paymentId) },
    });
    // An attempt that failed on the hosted page is no payment: the order is left unpaid.
    world.standin.gateway.fail(world.standin.gateway.order(started.gatewayOrderId)!);
    const again = await startAgain(application);
    expect(again.status).toBe(201);
    const next = ((await again.json()) as Envelope<StartedOnline>).data;
    expect(next.paymentId).not.toBe(started.paymentId);
    expect(next.gatewayOrderId).not.toBe(started.gatewayOrderId);
    expect(next.amount).toBe(started.amount);

    expect(await paymentRow(db(), started.paymentId)).toMatchObject({
      state: 'rejected',
      note: 'Left unpaid; the payer started a new online payment.',
    });
    expect((await orderRow(db(), started.paymentId)).status).toBe('closed');
    expect((await orderRow(db(), next.paymentId)).status).toBe('open');
    expect(await applicationState(db(), application.id)).toBe('payment_reported');

    const closed = await checkoutPage(started.checkoutUrl);
    expect(closed.status).toBe(404);
    expect(JSON.parse(closed.text).error.message).toBe('This payment is no longer open; go back to its status page.');
    const open = await checkoutPage(next.checkoutUrl);
    expect(open.status).toBe(200);
    expect(open.text).toContain(`<p>Membership application (NIPM-PAY-${next.paymentId}): `);
    const callback = `${world.siteUrl}/api/payments/online/callback`;
    const payer = await paymentRow(db(), next.paymentId);
    expect(hiddenFields(open.text)).toEqual({
      key_id: world.standin.keyId,
      order_id: next.gatewayOrderId,
      name: 'National Institute of Personnel Management',
      description: `Membership application (NIPM-PAY-${next.paymentId})`,
      callback_url: callback,
      cancel_url: `${callback}?razorpay_order_id=${next.gatewayOrderId}&cancelled=1`,
      'prefill[email]': payer.payer_email,
    });
  });

  it('a payer who paid meanwhile is told so (409) and the earlier payment is confirmed, no new one made', async () => {
    const { application, started } = await startApplicationOnline(world, db(), chapterId);
    const paid = world.standin.gateway.pay(world.standin.gateway.order(started.gatewayOrderId)!);
    const again = await startAgain(application);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Envelope<never>).error.message).toBe(
      'This payment has already been made online; the receipt is on the status page.',
    );
    expect(await paymentRow(db(), started.paymentId)).toMatchObject({
      state: 'verified',
      reference: paid.id,
      note: 'Paid online (upi), confirmed by the reconciler.',
    });
    expect((await orderRow(db(), started.paymentId)).status).toBe('paid');
    expect(await paymentsOf(application.id)).toHaveLength(1);
    expect(await applicationState(db(), application.id)).toBe('payment_verified');
  });

  it('while the gateway cannot be asked about the earlier order: 409, and nothing changes', async () => {
    const { application, started } = await startApplicationOnline(world, db(), chapterId);
    const again = await whileGatewayDown(world, () => startAgain(application));
    expect(again.status).toBe(409);
    expect(((await again.json()) as Envelope<never>).error.message).toBe(GATEWAY_UNAVAILABLE);
    expect(GATEWAY_UNAVAILABLE).toBe(
      'The payment gateway could not be reached. Try again in a few minutes, or pay another way.',
    );
    expect(await paymentsOf(application.id)).toEqual([
      { id: started.paymentId, state: 'reported', note: null, mode: 'online' },
    ]);
    expect((await orderRow(db(), started.paymentId)).status).toBe('open');
  });

  it('when the gateway makes no order: 409, the payment is rejected at once and the application may be paid again', async () => {
    const application = await applicationAwaitingPayment(db(), chapterId);
    const refused = await whileGatewayDown(world, () => startAgain(application));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Envelope<never>).error.message).toBe(GATEWAY_UNAVAILABLE);
    const [payment] = await paymentsOf(application.id);
    expect(payment).toMatchObject({ state: 'rejected', note: 'The gateway did not create an order.', mode: 'online' });
    expect(
      await db().selectFrom('gateway_orders').select('status').where('payment_id', '=', payment.id).execute(),
    ).toEqual([]);
    expect(await applicationState(db(), application.id)).toBe('awaiting_payment');

    const later = await startAgain(application);
    expect(later.status).toBe(201);
    expect(await applicationState(db(), application.id)).toBe('payment_reported');
  });

  it('a purpose with no online payment is refused for its purpose field', async () => {
    const refusal = await startOnlinePayment(
      db(),
      world.api.deps.gateway!,
      TEST_PURPOSE,
      { subjectId: 1, statusToken: 'token-1', caller: null, now: new Date(), ip: '127.0.0.1' },
      world.siteUrl,
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'invalid', fields: { purpose: 'This cannot be paid online.' } });
  });

  it('the hosted page of a purpose without a label of its own describes it as a payment', async () => {
    // Reported as the purpose records any payment, then made online as a purpose's reportOnline would.
    const payment = await reportTestPayment(db(), { amount: 500_00 });
    await db().updateTable('payments').set({ mode: 'online', reference: null }).where('id', '=', payment.id).execute();
    const orderId = `order_Unlabelled${payment.id}`;
    const at = nowIso();
    await db()
      .insertInto('gateway_orders')
      .values({
        payment_id: payment.id,
        gateway_order_id: orderId,
        amount: 500_00,
        currency: 'INR',
        status: 'open',
        return_path: '/',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const page = await checkoutPage(`${world.siteUrl}/api/payments/online/checkout/${orderId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<p>Payment (NIPM-PAY-${payment.id}): `);
  });
});
