import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { kolkataDate } from '../../src/lib/financial-year';
import { payerTeller } from '../../src/server/domains/money/decision-mail';
import { reconcileOpenOrders } from '../../src/server/domains/money/gateway/reconcile';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter } from '../support/fixtures';
import {
  applicationState,
  orderRow,
  paymentAudit,
  paymentRow,
  startApplicationOnline,
  unreachableGateway,
} from '../support/gateway';
import { decisionMailsTo, startOnlineWorld, type OnlineWorld } from '../support/online';

/**
 * The reconciler, as every server runs it every five minutes: it asks the gateway about orders
 * open longer than 15 minutes (a webhook may never come), verifies what was paid, flags what was
 * paid wrongly, closes what is still unpaid an hour after it was made, and leaves everything as it
 * was while the gateway cannot be reached. Each run's summary is what the server's log shows.
 */

const MINUTE = 60_000;
const nothing = { asked: 0, verified: 0, flagged: 0, closed: 0, unreachable: 0 };

describeEachDatabase('The gateway reconciler', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;
  /** When the test's orders were made: every run's `now` is counted from it. */
  let t0: Date;

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Reconcile Chapter' })).id;
    world = await startOnlineWorld(database.db);
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });
  beforeEach(async () => {
    await world.freshWebhooks();
    t0 = new Date();
    world.api.clock.now = t0;
  });
  // Each test counts only its own orders: whatever one leaves open is settled a day later.
  afterEach(async () => {
    await world.settleWebhooks();
    await reconcileOpenOrders(db(), gateway(), new Date(Date.now() + 24 * 60 * MINUTE));
  });

  const db = () => database.db;
  const gateway = () => world.api.deps.gateway!;
  const after = (ms: number) => new Date(t0.getTime() + ms);
  const start = () => startApplicationOnline(world, db(), chapterId);
  /** Pays on the gateway while its webhooks are lost, so only the reconciler can learn of it. */
  const payUnheard = (gatewayOrderId: string, override: { amount?: number } = {}) => {
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    const payment = world.standin.gateway.pay(world.standin.gateway.order(gatewayOrderId)!, override);
    world.standin.gateway.webhooks.drop();
    return payment;
  };

  it('asks only after 15 minutes, and closes an unpaid order only once it is more than an hour old', async () => {
    const { application, started } = await start();
    expect(await reconcileOpenOrders(db(), gateway(), after(15 * MINUTE))).toEqual(nothing);
    expect(await reconcileOpenOrders(db(), gateway(), after(15 * MINUTE + 1))).toEqual({ ...nothing, asked: 1 });
    expect(await reconcileOpenOrders(db(), gateway(), after(60 * MINUTE))).toEqual({ ...nothing, asked: 1 });
    expect((await orderRow(db(), started.paymentId)).status).toBe('open');
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');

    // A failed attempt is not a payment: the order is still closed as unpaid.
    world.standin.gateway.fail(world.standin.gateway.order(started.gatewayOrderId)!);
    expect(await reconcileOpenOrders(db(), gateway(), after(60 * MINUTE + 1))).toEqual({
      ...nothing,
      asked: 1,
      closed: 1,
    });
    expect((await orderRow(db(), started.paymentId)).status).toBe('closed');
    const payment = await paymentRow(db(), started.paymentId);
    expect(payment).toMatchObject({
      state: 'rejected',
      note: 'Not paid within the time allowed.',
      receipt_number: null,
    });
    expect(await applicationState(db(), application.id)).toBe('awaiting_payment');
    const rejected = (await paymentAudit(db(), started.paymentId)).filter((e) => e.action === 'payment.rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].detail.after).toMatchObject({ state: 'rejected', note: 'Not paid within the time allowed.' });
    // A closed order is not asked about again.
    expect(await reconcileOpenOrders(db(), gateway(), after(120 * MINUTE))).toEqual(nothing);
  });

  it('counts a gateway it cannot reach and leaves the order open, however old, until it answers', async () => {
    const { application, started } = await start();
    const down = await unreachableGateway(world);
    expect(await reconcileOpenOrders(db(), down, after(3 * 60 * MINUTE))).toEqual({
      ...nothing,
      asked: 1,
      unreachable: 1,
    });
    expect((await orderRow(db(), started.paymentId)).status).toBe('open');
    expect((await paymentRow(db(), started.paymentId)).state).toBe('reported');
    expect(await applicationState(db(), application.id)).toBe('payment_reported');
    // Reachable again, the gateway says it is unpaid: closed then.
    expect(await reconcileOpenOrders(db(), gateway(), after(3 * 60 * MINUTE))).toEqual({
      ...nothing,
      asked: 1,
      closed: 1,
    });
  });

  it('verifies a payment the gateway already shows refunded (it was paid), with the receipt mailed once', async () => {
    const { application, started } = await start();
    const paid = payUnheard(started.gatewayOrderId);
    world.standin.gateway.webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    world.standin.gateway.refund(paid, paid.amount, {});
    world.standin.gateway.webhooks.drop();
    expect(paid.status).toBe('refunded');

    const tell = payerTeller(db(), world.api.deps.mailer, world.siteUrl);
    expect(await reconcileOpenOrders(db(), gateway(), after(16 * MINUTE), tell)).toEqual({
      ...nothing,
      asked: 1,
      verified: 1,
    });
    const payment = await paymentRow(db(), started.paymentId);
    expect(payment).toMatchObject({
      state: 'verified',
      reference: paid.id,
      note: 'Paid online (upi), confirmed by the reconciler.',
      paid_on: kolkataDate(new Date(paid.created_at * 1000)),
    });
    expect(payment.receipt_number).toMatch(/^NIPM\/RCPT\//);
    expect(await orderRow(db(), started.paymentId)).toMatchObject({
      status: 'paid',
      gateway_payment_id: paid.id,
      method: 'upi',
    });
    expect(await applicationState(db(), application.id)).toBe('payment_verified');
    expect(decisionMailsTo(world.api.outbox(), payment.payer_email).receipts).toHaveLength(1);
    expect(await reconcileOpenOrders(db(), gateway(), after(17 * MINUTE), tell)).toEqual(nothing);
  });

  it('flags a capture of another amount for staff, verifies nothing and asks no more', async () => {
    const { started } = await start();
    const paid = payUnheard(started.gatewayOrderId, { amount: started.amount - 100 });
    expect(await reconcileOpenOrders(db(), gateway(), after(16 * MINUTE))).toEqual({
      ...nothing,
      asked: 1,
      flagged: 1,
    });
    const flag = `The gateway reports INR ${started.amount - 100} paise for an order of INR ${started.amount} paise.`;
    expect(await orderRow(db(), started.paymentId)).toMatchObject({
      status: 'flagged',
      flag,
      gateway_payment_id: paid.id,
      method: 'upi',
    });
    expect(await paymentRow(db(), started.paymentId)).toMatchObject({ state: 'reported', receipt_number: null });
    expect(await paymentAudit(db(), started.paymentId)).toEqual([
      {
        action: 'payment.gateway_flagged',
        detail: { source: 'reconciler', gatewayOrderId: started.gatewayOrderId, gatewayPaymentId: paid.id, flag },
      },
    ]);
    expect(await reconcileOpenOrders(db(), gateway(), after(2 * 60 * MINUTE))).toEqual(nothing);
  });

  it('two servers reconciling at once close each unpaid order once between them', async () => {
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push((await start()).started);
    const other = database.another();
    const runs = await Promise.all([
      reconcileOpenOrders(db(), gateway(), after(61 * MINUTE)),
      reconcileOpenOrders(other, gateway(), after(61 * MINUTE)),
    ]);
    expect(runs[0].closed + runs[1].closed).toBe(4);
    for (const order of orders) {
      expect((await orderRow(db(), order.paymentId)).status).toBe('closed');
      const rejected = (await paymentAudit(db(), order.paymentId)).filter((e) => e.action === 'payment.rejected');
      expect(rejected).toHaveLength(1);
    }
  });
});
