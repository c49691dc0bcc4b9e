import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { receiptOf } from '../../src/server/domains/money/gateway/config';
import { recordSettlements } from '../../src/server/domains/money/gateway/reconcile';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { orderRow, startApplicationOnline } from '../support/gateway';
import { payOnHostedPage, startOnlineWorld, type OnlineWorld } from '../support/online';

/**
 * The daily settlement job and the accountant's table of the gateway's fees. The gateway pays
 * out a day's payments less its fee (and the GST on the fee); the job reads the day's report and
 * writes, once, each of our payments' settlement id, the bank's UTR, the fee and the tax, which
 * staff see on the payment and the accountant sums by month.
 */

interface Envelope<T> {
  data: T;
}
interface Settlement {
  id: string;
  utr: string | null;
  fee: number | null;
  tax: number | null;
  settledOn: string | null;
}

/** Noon in Kolkata on `day`, in unix seconds: when the stand-in settles. */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00+05:30`) / 1000;

describeEachDatabase('Gateway settlements and monthly fees', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Settlement Chapter' })).id;
    admin = await createUser(database.db, { roleId: ROLE.admin });
    world = await startOnlineWorld(database.db);
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });
  afterEach(async () => {
    await world.freshWebhooks();
  });

  const db = () => database.db;
  const gateway = () => world.api.deps.gateway!;
  const standin = () => world.standin.gateway;

  /** An application paid online on the hosted page (verified by the payer's return). */
  async function paidOnline() {
    const { started, statusPath } = await startApplicationOnline(world, db(), chapterId);
    expect(await payOnHostedPage(world, started.checkoutUrl)).toBe(`${statusPath}&payment=paid`);
    await standin().webhooks.idle();
    return { ...started, gatewayPaymentId: (await orderRow(db(), started.paymentId)).gateway_payment_id! };
  }

  const settlementSeen = async (paymentId: number) => {
    const response = await world.api.request('GET', `/api/admin/payments/${paymentId}`, { token: admin.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Envelope<{ gateway: { settlement: Settlement | null } }>;
    return body.data.gateway.settlement;
  };

  it('writes a day’s settlement on each of our payments, once, and leaves refunds and others’ payments', async () => {
    const first = await paidOnline();
    const second = await paidOnline();
    // A payment on the same gateway account that is not the site's (no receipt of ours).
    const foreign = await gateway().client.createOrder({ amount: 700_00, currency: 'INR', receipt: 'SHOP-17' });
    standin().pay(standin().order(foreign.id)!);
    standin().webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    standin().refund(standin().state.payments.get(first.gatewayPaymentId)!, 100_00, {});
    standin().webhooks.drop();

    const settled = standin().settle(noonOf('2030-03-10'));
    expect(settled.items.map((i) => i.type).sort()).toEqual(['payment', 'payment', 'payment', 'refund']);
    const line = (id: string) => settled.items.find((i) => i.entity_id === id)!;

    expect(await recordSettlements(db(), gateway(), '2030-03-10')).toEqual({ lines: 4, recorded: 2 });
    for (const paid of [first, second]) {
      expect(await orderRow(db(), paid.paymentId)).toMatchObject({
        settlement_id: settled.settlementId,
        settlement_utr: settled.utr,
        fee: line(paid.gatewayPaymentId).fee,
        tax: line(paid.gatewayPaymentId).tax,
        settled_on: '2030-03-10',
      });
      expect(line(paid.gatewayPaymentId).fee).toBe(Math.round(paid.amount * 0.02));
    }
    expect(await settlementSeen(first.paymentId)).toEqual({
      id: settled.settlementId,
      utr: settled.utr,
      fee: line(first.gatewayPaymentId).fee,
      tax: line(first.gatewayPaymentId).tax,
      settledOn: '2030-03-10',
    });
    // Run again (the job reads each day twice): nothing is written over.
    expect(await recordSettlements(db(), gateway(), '2030-03-10')).toEqual({ lines: 4, recorded: 0 });
    expect((await orderRow(db(), second.paymentId)).settlement_id).toBe(settled.settlementId);
    // Another day's report has none of them.
    expect(await recordSettlements(db(), gateway(), '2030-03-11')).toEqual({ lines: 0, recorded: 0 });
  });

  it('settles a payment by our receipt before the site heard it was paid, and by the gateway’s id when the report names no receipt', async () => {
    const { started } = await startApplicationOnline(world, db(), chapterId);
    standin().webhooks.mode = { mode: 'hold', copies: 1, delayMs: 0 };
    standin().pay(standin().order(started.gatewayOrderId)!);
    standin().webhooks.drop();
    const unheard = standin().settle(noonOf('2030-04-02'));
    expect(unheard.items[0].order_receipt).toBe(receiptOf(started.paymentId));
    expect(await recordSettlements(db(), gateway(), '2030-04-02')).toEqual({ lines: 1, recorded: 1 });
    expect(await orderRow(db(), started.paymentId)).toMatchObject({
      status: 'open',
      gateway_payment_id: null,
      settlement_id: unheard.settlementId,
      settled_on: '2030-04-02',
    });

    const paid = await paidOnline();
    const bare = standin().settle(noonOf('2030-04-03'));
    bare.items[0].order_receipt = null;
    expect(await recordSettlements(db(), gateway(), '2030-04-03')).toEqual({ lines: 1, recorded: 1 });
    expect(await orderRow(db(), paid.paymentId)).toMatchObject({
      settlement_id: bare.settlementId,
      settlement_utr: bare.utr,
      settled_on: '2030-04-03',
    });
  });

  it('leaves a payment whose line is not yet in a settlement (on hold) unsettled', async () => {
    const paid = await paidOnline();
    const held = standin().settle(noonOf('2030-04-04'));
    Object.assign(held.items[0], { settlement_id: null, settlement_utr: null });
    expect(await recordSettlements(db(), gateway(), '2030-04-04')).toEqual({ lines: 1, recorded: 0 });
    expect(await orderRow(db(), paid.paymentId)).toMatchObject({ settlement_id: null, settled_on: null, fee: null });
    expect(await settlementSeen(paid.paymentId)).toBeNull();
  });

  it('sums the fees by month of settlement for the accountant, 1 January to 31 December of the year asked', async () => {
    // Started in this order so that the table's order comes from sorting, not from the rows'.
    const days = ['2031-12-31', '2031-12-01', '2031-01-01', '2030-12-31', '2032-01-01'];
    const orders = [];
    for (let i = 0; i < days.length; i++) orders.push((await startApplicationOnline(world, db(), chapterId)).started);
    const lines = [];
    for (const [i, day] of days.entries()) {
      standin().pay(standin().order(orders[i].gatewayOrderId)!);
      await standin().webhooks.idle();
      lines.push(standin().settle(noonOf(day)).items[0]);
      expect(await recordSettlements(db(), gateway(), day)).toEqual({ lines: 1, recorded: 1 });
    }
    expect(lines.every((l) => l.fee > 0 && l.tax > 0)).toBe(true);

    const response = await world.api.request('GET', '/api/admin/payments/gateway-fees?year=2031', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Envelope<unknown>).data).toEqual([
      { month: '2031-01', payments: 1, amount: orders[2].amount, fee: lines[2].fee, tax: lines[2].tax },
      {
        month: '2031-12',
        payments: 2,
        amount: orders[0].amount + orders[1].amount,
        fee: lines[0].fee + lines[1].fee,
        tax: lines[0].tax + lines[1].tax,
      },
    ]);
  });
});
