import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter } from '../support/fixtures';
import {
  applicationAwaitingPayment,
  decisionMailsTo,
  payOnHostedPage,
  startOnlineWorld,
  type OnlineWorld,
} from '../support/online';
import { reconcileOpenOrders } from '../../src/server/domains/money/gateway/reconcile';
import { signBody } from '../../tools/razorpay-standin';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { createUser } from '../support/fixtures';
import { ensureFees, SAMPLE_FEES } from './joining-support';
import { memberWith } from './members-support';

/**
 * Online payment end to end against the stand-in gateway over real HTTP: the site listens on a
 * port, the stand-in delivers its signed webhooks there, and the payer's return is followed as a
 * browser would follow the hosted page's redirect.
 */

interface Started {
  paymentId: number;
  gatewayOrderId: string;
  amount: number;
  checkoutUrl: string;
}

describeEachDatabase('Online payments through the gateway', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Online Chapter' })).id;
    world = await startOnlineWorld(database.db);
  });

  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });

  beforeEach(async () => {
    await world.freshWebhooks();
  });

  const db = () => database.db;

  async function start(): Promise<{ application: { id: number; token: string; amountDue: number }; started: Started }> {
    const application = await applicationAwaitingPayment(db(), chapterId);
    const response = await world.api.request('POST', '/api/payments/online', {
      body: { purpose: 'membership_application', subjectId: application.id, statusToken: application.token },
    });
    expect(response.status).toBe(201);
    const started = ((await response.json()) as { data: Started }).data;
    return { application, started };
  }

  const paymentRow = (id: number) =>
    db()
      .selectFrom('payments')
      .select(['state', 'receipt_number', 'mode', 'reference', 'amount'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const orderRow = (id: number) =>
    db().selectFrom('gateway_orders').selectAll().where('payment_id', '=', id).executeTakeFirstOrThrow();
  const applicationState = async (id: number) =>
    (await db().selectFrom('applications').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  it('starts at the amount the server computes, pays on the hosted page and returns paid with a receipt', async () => {
    const { application, started } = await start();
    expect(started.amount).toBe(application.amountDue);
    expect((await paymentRow(started.paymentId)).mode).toBe('online');
    expect(await applicationState(application.id)).toBe('payment_reported');

    const location = await payOnHostedPage(world, started.checkoutUrl);
    expect(location).toBe(`/membership/status?token=${encodeURIComponent(application.token)}&payment=paid`);
    const payment = await paymentRow(started.paymentId);
    expect(payment.state).toBe('verified');
    expect(payment.receipt_number).toMatch(/^NIPM\/RCPT\//);
    expect(payment.reference).toMatch(/^pay_/);
    expect(await applicationState(application.id)).toBe('payment_verified');

    // Return and webhooks (payment.captured, order.paid) all arrive: one of them verified, the rest changed nothing.
    await world.standin.gateway.webhooks.idle();
    expect((await paymentRow(started.paymentId)).receipt_number).toBe(payment.receipt_number);
    const verifications = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'payment.verified')
      .where('entity_id', '=', String(started.paymentId))
      .execute();
    expect(verifications).toHaveLength(1);
    // The payer is e-mailed once, with the receipt attached, by whichever of them verified.
    const payer = await db()
      .selectFrom('payments')
      .select('payer_email')
      .where('id', '=', started.paymentId)
      .executeTakeFirstOrThrow();
    expect(decisionMailsTo(world.api.outbox(), payer.payer_email).receipts).toHaveLength(1);
  });

  it('a webhook with a wrong signature is refused with 400 and changes nothing', async () => {
    const { started } = await start();
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    world.standin.gateway.pay(world.standin.gateway.order(started.gatewayOrderId)!);
    const captured = world.standin.gateway.webhooks.events.at(-2)!;
    const before = await db().selectFrom('gateway_events').select('event_id').execute();
    const response = await fetch(`${world.siteUrl}/api/payments/gateway/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signBody(captured.body, 'not-the-webhook-secret'),
        'x-razorpay-event-id': captured.id,
      },
      body: captured.body,
    });
    expect(response.status).toBe(400);
    expect((await paymentRow(started.paymentId)).state).toBe('reported');
    expect(await db().selectFrom('gateway_events').select('event_id').execute()).toHaveLength(before.length);
    world.standin.gateway.webhooks.drop();
  });

  it('the same payment.captured delivered 20 times at once gives one verification and one receipt number', async () => {
    const { started } = await start();
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    world.standin.gateway.pay(world.standin.gateway.order(started.gatewayOrderId)!);
    const captured = world.standin.gateway.webhooks.events.at(-2)!;
    expect(captured.event).toBe('payment.captured');
    world.standin.gateway.webhooks.drop();
    const receiptsBefore = await db()
      .selectFrom('payments')
      .select('id')
      .where('receipt_number', 'is not', null)
      .execute();
    await world.standin.gateway.webhooks.redeliver(captured.id, 20);
    expect(captured.deliveries.slice(-20).every((d) => d.status === 200)).toBe(true);
    const payment = await paymentRow(started.paymentId);
    expect(payment.state).toBe('verified');
    const receiptsAfter = await db()
      .selectFrom('payments')
      .select('id')
      .where('receipt_number', 'is not', null)
      .execute();
    expect(receiptsAfter.length - receiptsBefore.length).toBe(1);
    const claimed = await db()
      .selectFrom('gateway_events')
      .select('event_id')
      .where('event_id', '=', captured.id)
      .execute();
    expect(claimed).toHaveLength(1);
  });

  it('the payer’s return and the webhook racing give one receipt', async () => {
    const { started } = await start();
    const paid = await fetch(`${world.standin.url}/__control/orders/${started.gatewayOrderId}/pay`, { method: 'POST' });
    const { payment, signature } = (await paid.json()) as { payment: { id: string }; signature: string };
    const query = `razorpay_payment_id=${payment.id}&razorpay_order_id=${started.gatewayOrderId}&razorpay_signature=${signature}`;
    const returns = await Promise.all(
      Array.from({ length: 5 }, () => world.api.request('GET', `/api/payments/online/callback?${query}`)),
    );
    await world.standin.gateway.webhooks.idle();
    expect(returns.every((r) => r.status === 303)).toBe(true);
    const row = await paymentRow(started.paymentId);
    expect(row.state).toBe('verified');
    const audits = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'payment.verified')
      .where('entity_id', '=', String(started.paymentId))
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('an amount that differs from the order verifies nothing and is flagged for staff', async () => {
    const { started } = await start();
    world.standin.gateway.pay(world.standin.gateway.order(started.gatewayOrderId)!, { amount: started.amount - 100 });
    await world.standin.gateway.webhooks.idle();
    expect((await paymentRow(started.paymentId)).state).toBe('reported');
    const order = await orderRow(started.paymentId);
    expect(order.status).toBe('flagged');
    expect(order.flag).toContain(`${started.amount - 100}`);
  });

  it('events out of order never move a state back', async () => {
    const { application, started } = await start();
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    const order = world.standin.gateway.order(started.gatewayOrderId)!;
    world.standin.gateway.fail(order);
    world.standin.gateway.pay(order);
    await world.standin.gateway.webhooks.release('reverse');
    const payment = await paymentRow(started.paymentId);
    expect(payment.state).toBe('verified');
    expect((await orderRow(started.paymentId)).status).toBe('paid');
    expect(await applicationState(application.id)).toBe('payment_verified');
  });

  it('the reconciler verifies a payment whose webhooks never came', async () => {
    const { started } = await start();
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    world.standin.gateway.pay(world.standin.gateway.order(started.gatewayOrderId)!);
    world.standin.gateway.webhooks.drop();
    const early = await reconcileOpenOrders(db(), world.api.deps.gateway!, new Date());
    expect(early.verified).toBe(0);
    const later = new Date(Date.now() + 16 * 60_000);
    const run = await reconcileOpenOrders(db(), world.api.deps.gateway!, later);
    expect(run.verified).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(started.paymentId)).state).toBe('verified');
  });

  it('a member renews online: the renewal quoted now is paid and the member is paid through the next year', async () => {
    const year = financialYearStart(kolkataDate(new Date()));
    for (let y = year - 1; y <= year + 1; y++) await ensureFees(db(), y);
    const member = await memberWith(db(), chapterId, { firstName: 'Online', paid: year });
    const user = await createUser(db(), { roleId: '1', memberId: member.id });
    const stranger = await world.api.request('POST', '/api/payments/online', {
      body: { purpose: 'membership_renewal', subjectId: member.id },
    });
    expect(stranger.status).toBe(404);
    const response = await world.api.request('POST', '/api/payments/online', {
      token: user.token,
      body: { purpose: 'membership_renewal', subjectId: member.id },
    });
    expect(response.status).toBe(201);
    const started = ((await response.json()) as { data: Started }).data;
    expect(started.amount).toBe(SAMPLE_FEES.associate.subscription);
    const location = await payOnHostedPage(world, started.checkoutUrl);
    expect(location).toBe('/member/memberdetail?payment=paid');
    const paidThrough = await db()
      .selectFrom('members')
      .select('paid_through_year')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(paidThrough.paid_through_year).toBe(year + 1);
  });

  it('a payer who cancels gets the application back to pay again', async () => {
    const { application, started } = await start();
    const response = await world.api.request(
      'GET',
      `/api/payments/online/callback?razorpay_order_id=${started.gatewayOrderId}&cancelled=1`,
    );
    expect(response.headers.get('location')).toContain('payment=not_paid');
    expect((await paymentRow(started.paymentId)).state).toBe('rejected');
    expect(await applicationState(application.id)).toBe('awaiting_payment');
  });
});
