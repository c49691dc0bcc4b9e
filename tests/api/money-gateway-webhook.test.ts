import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { receiptOf } from '../../src/server/domains/money/gateway/config';
import { nowIso } from '../../src/server/platform/db';
import { signBody } from '../../tools/razorpay-standin';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { ROLE } from '../../src/lib/roles';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { orderRow, paymentAudit, paymentRow, startApplicationOnline } from '../support/gateway';
import { registerTestPurpose, reportTestPayment, type TestPurpose } from '../support/money';
import { startOnlineWorld, type OnlineWorld } from '../support/online';

/**
 * The gateway's webhook beyond the happy path: bodies that are not events, events without an id,
 * events with nothing of ours in them (each answered 200 and its outcome kept with the claimed
 * event), a capture on an order the site had already closed, and an event whose processing fails,
 * which must be processed when the gateway sends it again.
 */

interface Envelope<T> {
  data: T;
  error: { code: string; message: string; fields?: Record<string, string> };
}

describeEachDatabase('The gateway’s webhook, unusual events', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;
  let purpose: TestPurpose;
  let admin: CreatedUser;

  beforeAll(async () => {
    purpose = registerTestPurpose();
    database = await kind.create();
    admin = await createUser(database.db, { roleId: ROLE.admin });
    chapterId = (await createChapter(database.db, { name: 'Webhook Chapter' })).id;
    world = await startOnlineWorld(database.db);
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });
  beforeEach(async () => {
    await world.freshWebhooks();
  });
  afterEach(async () => {
    await world.settleWebhooks();
  });

  const db = () => database.db;
  const standin = () => world.standin.gateway;
  const claimedEvents = () => db().selectFrom('gateway_events').select(['event_id', 'event', 'outcome']).execute();
  const outcomeOf = async (eventId: string) =>
    (await db().selectFrom('gateway_events').select('outcome').where('event_id', '=', eventId).executeTakeFirst())
      ?.outcome;

  /** What the site made of the last two events the stand-in sent, in alphabetical order. */
  const outcomesOfLastTwo = async () =>
    (
      await Promise.all(
        standin()
          .webhooks.events.slice(-2)
          .map((event) => outcomeOf(event.id)),
      )
    ).sort();

  /** Posts a body signed with the webhook secret, as the gateway would. */
  const deliver = (body: string, eventId?: string) =>
    fetch(`${world.siteUrl}/api/payments/gateway/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signBody(body, world.standin.webhookSecret),
        ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
      },
      body,
    });
  const envelope = (event: string, payload: Record<string, unknown>) =>
    JSON.stringify({ entity: 'event', event, contains: Object.keys(payload), payload, created_at: 1_900_000_000 });

  it('refuses a body without the gateway’s signature (400), saying why, and claims nothing', async () => {
    const before = await claimedEvents();
    const body = envelope('payment.authorized', {});
    for (const signature of [signBody(body, 'another-secret'), undefined]) {
      const response = await fetch(`${world.siteUrl}/api/payments/gateway/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-razorpay-signature': signature } : {}) },
        body,
      });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as Envelope<never>;
      expect(error.message).toBe('The webhook signature does not match.');
      expect(error.fields).toEqual({ signature: 'The webhook signature does not match.' });
    }
    expect(await claimedEvents()).toEqual(before);
  });

  it('refuses a signed body that is not a gateway event (400) and claims nothing', async () => {
    const before = await claimedEvents();
    for (const body of ['{"entity":"event","event":', JSON.stringify({ entity: 'event', event: 'order.paid' })]) {
      const response = await deliver(body, `evt_NotAnEvent${body.length}`);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as Envelope<never>;
      expect(error.message).toBe('Not a gateway event.');
      expect(error.fields).toEqual({ body: 'Not a gateway event.' });
    }
    expect(await claimedEvents()).toEqual(before);
  });

  it('an event sent without an id is known by its body’s hash: sent again, it is a duplicate', async () => {
    const body = envelope('payment.authorized', {});
    const first = await deliver(body);
    expect(first.status).toBe(200);
    expect(((await first.json()) as Envelope<unknown>).data).toEqual({
      status: 'processed',
      outcome: 'ignored: payment.authorized',
    });
    const id = createHash('sha256').update(body).digest('hex').slice(0, 60);
    expect(await outcomeOf(id)).toBe('ignored: payment.authorized');
    const again = await deliver(body);
    expect(((await again.json()) as Envelope<unknown>).data).toEqual({ status: 'duplicate' });
    const claimed = (await claimedEvents()).filter((e) => e.event === 'payment.authorized');
    expect(claimed).toEqual([{ event_id: id, event: 'payment.authorized', outcome: 'ignored: payment.authorized' }]);
  });

  it('events with nothing of ours to act on are answered 200 and kept with what was found', async () => {
    // An order.paid may carry the order alone: without the payment there is nothing to confirm.
    const orderAlone = {
      order: {
        entity: {
          id: 'order_AloneNoPayment',
          entity: 'order',
          amount: 500_00,
          amount_paid: 500_00,
          amount_due: 0,
          currency: 'INR',
          receipt: 'NIPM-PAY-1',
          status: 'paid',
          attempts: 1,
          created_at: 1_900_000_000,
        },
      },
    };
    for (const [event, outcome, payload] of [
      ['payment.captured', 'ignored: no payment', {}],
      ['order.paid', 'ignored: no payment', {}],
      ['order.paid', 'ignored: no payment', orderAlone],
      ['refund.processed', 'ignored: no refund', {}],
    ] as const) {
      const id = `evt_Empty${event.replace('.', '')}${Object.keys(payload).length}`;
      const response = await deliver(envelope(event, payload), id);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Envelope<unknown>).data).toEqual({ status: 'processed', outcome });
      expect(await outcomeOf(id)).toBe(outcome);
    }

    // A shop's order on the same gateway account: paid, failed once, refunded.
    const client = world.api.deps.gateway!.client;
    const foreign = await client.createOrder({ amount: 800_00, currency: 'INR', receipt: 'SHOP-9' });
    standin().fail(standin().order(foreign.id)!);
    const paid = standin().pay(standin().order(foreign.id)!);
    await client.refundPayment(paid.id, { amount: 800_00 }, 'shop-refund-000001');
    await standin().webhooks.idle();
    const outcomes = await Promise.all(
      standin()
        .webhooks.events.slice(-5)
        .map(async (e) => [e.event, await outcomeOf(e.id)]),
    );
    expect(outcomes).toEqual([
      ['payment.failed', 'attempt failed'],
      ['payment.captured', 'unknown_order'],
      ['order.paid', 'unknown_order'],
      ['refund.created', 'ignored: refund.created'],
      ['refund.processed', 'refund unknown or already processed'],
    ]);
  });

  it('a capture on an order the site had closed is flagged for staff; the order.paid after it changes nothing', async () => {
    const { started } = await startApplicationOnline(world, db(), chapterId);
    const cancel = await world.api.request(
      'GET',
      `/api/payments/online/callback?razorpay_order_id=${started.gatewayOrderId}&cancelled=1`,
    );
    expect(cancel.status).toBe(303);
    const paid = standin().pay(standin().order(started.gatewayOrderId)!);
    await standin().webhooks.idle();
    const flag = 'Paid after the payment was closed: refund it or record it by hand.';
    // The stand-in sends payment.captured and order.paid at once, as Razorpay may: whichever the site reads first
    // flags the order, and the other finds it already flagged.
    expect(await outcomesOfLastTwo()).toEqual(['already', `flagged: ${flag}`]);
    expect(await orderRow(db(), started.paymentId)).toMatchObject({
      status: 'flagged',
      flag,
      gateway_payment_id: paid.id,
    });
    expect(await paymentRow(db(), started.paymentId)).toMatchObject({
      state: 'rejected',
      note: 'The payer cancelled on the payment page.',
    });
    const audit = await paymentAudit(db(), started.paymentId);
    expect(audit.map((e) => e.action)).toEqual(['payment.rejected', 'payment.gateway_flagged']);
    expect(audit[1].detail).toEqual({
      source: 'webhook',
      gatewayOrderId: started.gatewayOrderId,
      gatewayPaymentId: paid.id,
      flag,
    });
  });

  it('a capture in another currency is flagged for staff with both amounts', async () => {
    const { started } = await startApplicationOnline(world, db(), chapterId);
    standin().pay(standin().order(started.gatewayOrderId)!, { currency: 'USD' });
    await standin().webhooks.idle();
    const flag = `The gateway reports USD ${started.amount} paise for an order of INR ${started.amount} paise.`;
    expect(await outcomesOfLastTwo()).toEqual(['already', `flagged: ${flag}`]);
    expect(await orderRow(db(), started.paymentId)).toMatchObject({ status: 'flagged', flag });
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');
  });

  it('our refund processed is recorded once; the same word again finds it already processed', async () => {
    const { started } = await startApplicationOnline(world, db(), chapterId);
    standin().pay(standin().order(started.gatewayOrderId)!);
    await standin().webhooks.idle();
    expect((await paymentRow(db(), started.paymentId)).state).toBe('verified');
    const refund = await world.api.request('POST', `/api/admin/payments/${started.paymentId}/refunds`, {
      token: admin.token,
      body: { amount: 100_00, reason: 'Paid twice by mistake.' },
    });
    expect(refund.status).toBe(201);
    const ourRefund = ((await refund.json()) as Envelope<{ id: number }>).data;
    await standin().webhooks.idle();
    // The gateway's refund carries our refund's id, so its word finds our refund whatever comes first.
    const paid = (await orderRow(db(), started.paymentId)).gateway_payment_id;
    const made = [...standin().state.refunds.values()].filter((r) => r.payment_id === paid);
    expect(made.map((r) => [r.amount, r.notes])).toEqual([[100_00, { nipm_refund_id: String(ourRefund.id) }]]);
    const [created, processed] = standin().webhooks.events.slice(-2);
    expect([created.event, await outcomeOf(created.id)]).toEqual(['refund.created', 'ignored: refund.created']);
    expect([processed.event, await outcomeOf(processed.id)]).toEqual(['refund.processed', 'refund processed']);
    const again = await deliver(processed.body, `${processed.id}again`);
    expect(((await again.json()) as Envelope<unknown>).data).toEqual({
      status: 'processed',
      outcome: 'refund unknown or already processed',
    });
    const refunds = await db()
      .selectFrom('refunds')
      .select('state')
      .where('payment_id', '=', started.paymentId)
      .execute();
    expect(refunds).toEqual([{ state: 'processed' }]);
  });

  it('an event whose processing fails gives its claim back, and the gateway’s retry verifies the payment', async () => {
    const subjectId = 4_242;
    const payment = await reportTestPayment(db(), { subjectId, amount: 900_00 });
    await db().updateTable('payments').set({ mode: 'online', reference: null }).where('id', '=', payment.id).execute();
    const order = await world.api.deps.gateway!.client.createOrder({
      amount: 900_00,
      currency: 'INR',
      receipt: receiptOf(payment.id),
    });
    const at = nowIso();
    await db()
      .insertInto('gateway_orders')
      .values({
        payment_id: payment.id,
        gateway_order_id: order.id,
        amount: 900_00,
        currency: 'INR',
        status: 'open',
        return_path: '/',
        created_at: at,
        updated_at: at,
      })
      .execute();
    purpose.failOn.add(subjectId);
    standin().webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    const paid = standin().pay(standin().order(order.id)!);
    const captured = standin().webhooks.events.at(-2)!;
    expect(captured.event).toBe('payment.captured');
    standin().webhooks.drop();

    await standin().webhooks.redeliver(captured.id, 1);
    expect(captured.deliveries.at(-1)!.status).toBe(500);
    expect(await outcomeOf(captured.id)).toBeUndefined();
    expect(await paymentRow(db(), payment.id)).toMatchObject({ state: 'reported', receipt_number: null });
    expect((await orderRow(db(), payment.id)).status).toBe('open');

    purpose.failOn.delete(subjectId);
    await standin().webhooks.redeliver(captured.id, 1);
    expect(captured.deliveries.at(-1)!.status).toBe(200);
    expect(await outcomeOf(captured.id)).toBe('verified');
    expect(await paymentRow(db(), payment.id)).toMatchObject({
      state: 'verified',
      reference: paid.id,
      note: 'Paid online (upi), confirmed by the webhook.',
    });
    expect(purpose.verified).toContain(payment.id);
  });
});
