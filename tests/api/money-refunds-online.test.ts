import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { createGatewayClient } from '../../src/server/domains/money/gateway/client';
import { confirmRefundProcessed, refundPayment } from '../../src/server/domains/money/refunds/refunds';
import { makeDueRefund, recordRefundDue } from '../../src/server/domains/money/refunds/due';
import type { RefundContext } from '../../src/server/domains/money/refunds/refunds';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { nowIso } from '../../src/server/platform/db';
import { createTestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { applicationAwaitingPayment, startOnlineWorld, type OnlineWorld } from '../support/online';
import { authUserOf, invoiceTaxedPayments, refundMailsTo, refundTrail, type Envelope } from '../support/refunds';

/**
 * Online refunds when the gateway is not there or says no: without a configured gateway nothing is
 * taken; a refusal leaves the money refundable again (a refund made directly marked failed, a due
 * one due again); an unreachable gateway keeps the amount taken, since the refund may have left.
 * And the gateway's `refund.processed` for a refund it names only by its own id, or for one
 * already processed or unknown.
 */

const NOW = new Date('2026-11-20T06:00:00Z');
/** What the stand-in, as Razorpay, says when asked to refund more than is left. */
const GATEWAY_REFUSAL = 'The total refund amount is greater than the refund payment amount';

describeEachDatabase('Online refunds the gateway refuses, cannot be reached for, or confirms', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let admin: CreatedUser;
  let chapterId: number;

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db)).id;
    world = await startOnlineWorld(database.db);
    world.api.clock.now = NOW;
    admin = await createUser(database.db, { roleId: ROLE.admin });
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });

  const call = async <T>(method: string, url: string, body?: unknown) => {
    const response = await world.api.request(method, url, { token: admin.token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  /** A membership application paid online; its payment id, amount, payer and the gateway's payment. */
  async function paidOnline() {
    const application = await applicationAwaitingPayment(database.db, chapterId);
    const started = await call<{ paymentId: number; gatewayOrderId: string }>('POST', '/api/payments/online', {
      purpose: 'membership_application',
      subjectId: application.id,
      statusToken: application.token,
    });
    const paid = world.standin.gateway.pay(world.standin.gateway.order(started.body.data.gatewayOrderId)!);
    await world.standin.gateway.webhooks.idle();
    const payment = await database.db
      .selectFrom('payments')
      .select(['id', 'amount', 'state', 'payer_email'])
      .where('id', '=', started.body.data.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.state).toBe('verified');
    return { ...payment, orderId: started.body.data.gatewayOrderId, gatewayPayment: paid };
  }

  const refundedOf = async (paymentId: number) =>
    (await database.db.selectFrom('payments').select('refunded').where('id', '=', paymentId).executeTakeFirstOrThrow())
      .refunded;
  const refundsOf = (paymentId: number) =>
    database.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
  const dueFor = (paymentId: number, amount: number) =>
    database.db
      .transaction()
      .execute((trx) =>
        recordRefundDue(trx, { paymentId, amount, reason: 'Order cancelled.', createdBy: null, now: NOW }),
      );

  it('without a configured gateway an online payment is neither refunded nor its due refund made', async () => {
    const payment = await paidOnline();
    const offline = createTestApi(database.db);
    const made = await offline.request('POST', `/api/admin/payments/${payment.id}/refunds`, {
      token: admin.token,
      body: { amount: 10_000, reason: 'Overpaid' },
    });
    expect(made.status).toBe(409);
    const message = 'Online payments cannot be refunded while the gateway is not configured.';
    expect(((await made.json()) as Envelope<unknown>).error!.message).toBe(message);

    const dueId = await dueFor(payment.id, payment.amount);
    const due = await offline.request('POST', `/api/admin/refunds/${dueId}/make`, { token: admin.token, body: {} });
    expect(due.status).toBe(409);
    expect(((await due.json()) as Envelope<unknown>).error!.message).toBe(message);
    expect(await refundedOf(payment.id)).toBe(0);
    expect((await refundsOf(payment.id)).map((r) => [r.id, r.state, r.mode])).toEqual([[dueId, 'due', 'not_yet']]);
  });

  it('a refund the gateway refuses is marked failed and the money may be refunded again', async () => {
    const payment = await paidOnline();
    const detailBefore = await call<{ gateway: unknown }>('GET', `/api/admin/payments/${payment.id}`);
    expect(detailBefore.body.data.gateway).toEqual({
      orderId: payment.orderId,
      paymentId: payment.gatewayPayment.id,
      status: 'paid',
      flag: null,
      method: 'upi',
      settlement: null,
    });
    // Someone refunded it all from the gateway's dashboard: the gateway has nothing left to refund.
    payment.gatewayPayment.amount_refunded = payment.amount;
    const refused = await call('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 10_000,
      reason: 'Overpaid',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toBe(`The gateway refused the refund: ${GATEWAY_REFUSAL}`);
    expect(await refundedOf(payment.id)).toBe(0);
    const [failed] = await refundsOf(payment.id);
    expect(failed).toMatchObject({ state: 'failed', mode: 'gateway', amount: 10_000, gateway_refund_id: null });
    expect(await refundTrail(database.db, payment.id)).toEqual([
      { action: 'payment.refunded', refundId: failed.id, amount: 10_000 },
      { action: 'payment.refund_refused', refundId: failed.id, amount: 10_000, refusal: GATEWAY_REFUSAL },
    ]);

    payment.gatewayPayment.amount_refunded = 0;
    const again = await call<{ state: string; gatewayRefundId: string }>(
      'POST',
      `/api/admin/payments/${payment.id}/refunds`,
      { amount: payment.amount, reason: 'Overpaid' },
    );
    expect(again.status).toBe(201);
    expect(again.body.data.state).toBe('pending');
    expect(await refundedOf(payment.id)).toBe(payment.amount);
    await world.standin.gateway.webhooks.idle();
    const detail = await call<{ refunds: { state: string }[]; refundable: number }>(
      'GET',
      `/api/admin/payments/${payment.id}`,
    );
    expect(detail.body.data.refunds.map((r) => r.state)).toEqual(['failed', 'processed']);
    expect(detail.body.data.refundable).toBe(0);
  });

  it('a due refund the gateway refuses is due again, for the whole amount, with nobody recorded as making it', async () => {
    const payment = await paidOnline();
    const dueId = await dueFor(payment.id, payment.amount);
    payment.gatewayPayment.amount_refunded = payment.amount;
    const refused = await call('POST', `/api/admin/refunds/${dueId}/make`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toBe(`The gateway refused the refund: ${GATEWAY_REFUSAL}`);
    expect(await refundedOf(payment.id)).toBe(0);
    expect((await refundTrail(database.db, payment.id)).slice(-2)).toEqual([
      { action: 'payment.refunded', refundId: dueId, amount: payment.amount },
      { action: 'payment.refund_refused', refundId: dueId, amount: payment.amount, refusal: GATEWAY_REFUSAL },
    ]);
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({
        id: dueId,
        state: 'due',
        mode: 'not_yet',
        amount: payment.amount,
        idempotency_key: null,
        created_by: null,
        gateway_refund_id: null,
      }),
    ]);
    const queue = await call<{ items: { id: number; state: string; online: boolean }[] }>(
      'GET',
      '/api/admin/refunds?state=due&pageSize=100',
    );
    expect(queue.body.data.items.filter((i) => i.id === dueId)).toEqual([
      expect.objectContaining({ state: 'due', online: true }),
    ]);

    payment.gatewayPayment.amount_refunded = 0;
    const made = await call<{ state: string; gatewayRefundId: string }>('POST', `/api/admin/refunds/${dueId}/make`, {});
    expect(made.status).toBe(200);
    expect(made.body.data.state).toBe('pending');
    const sent = world.standin.gateway.state.refunds.get(made.body.data.gatewayRefundId);
    expect(sent).toMatchObject({ amount: payment.amount, notes: { nipm_refund_id: String(dueId) } });
    await world.standin.gateway.webhooks.idle();
    expect((await refundsOf(payment.id)).map((r) => [r.state, r.created_by])).toEqual([['processed', admin.id]]);
  });

  it('when the gateway cannot be reached the amount stays taken: the refund may have left', async () => {
    const payment = await paidOnline();
    const unreachable: RefundContext = {
      now: NOW,
      ip: null,
      mailer: world.api.deps.mailer,
      // Nothing listens on port 9 of this machine.
      gateway: createGatewayClient({ apiUrl: 'http://127.0.0.1:9', keyId: 'k', keySecret: 's', timeoutMs: 2_000 }),
    };
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error as { name: string; status: number },
      );
    const direct = await failure(
      refundPayment(database.db, authUserOf(admin), payment.id, { amount: 10_000, reason: 'Overpaid' }, unreachable),
    );
    expect(direct).toMatchObject({ name: 'GatewayError', status: 0 });
    expect(await refundedOf(payment.id)).toBe(10_000);
    expect((await refundsOf(payment.id)).map((r) => [r.state, r.amount])).toEqual([['pending', 10_000]]);

    const dueId = await dueFor(payment.id, 20_000);
    const due = await failure(makeDueRefund(database.db, authUserOf(admin), dueId, {}, unreachable));
    expect(due).toMatchObject({ name: 'GatewayError', status: 0 });
    expect(await refundedOf(payment.id)).toBe(30_000);
    const row = await database.db.selectFrom('refunds').selectAll().where('id', '=', dueId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'pending', mode: 'gateway', amount: 20_000, created_by: admin.id });
    expect(refundMailsTo(world.api.outbox(), payment.payer_email)).toEqual([]);

    // The gateway had made the first refund after all: its refund.processed names our refund by its notes.
    const [pending] = await refundsOf(payment.id);
    const later = new Date('2026-11-21T19:00:00Z');
    const processed = await confirmRefundProcessed(
      database.db,
      {
        id: 'rfnd_late00000001',
        entity: 'refund',
        amount: 10_000,
        currency: 'INR',
        payment_id: payment.gatewayPayment.id,
        status: 'processed',
        created_at: Math.floor(later.getTime() / 1000),
        notes: { nipm_refund_id: String(pending.id) },
      },
      later,
      world.api.deps.mailer,
    );
    expect(processed).toBe(true);
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({
        id: pending.id,
        state: 'processed',
        gateway_refund_id: 'rfnd_late00000001',
        processed_at: nowIso(later),
        refunded_on: '2026-11-22',
      }),
      expect.objectContaining({ id: dueId, state: 'pending', gateway_refund_id: null }),
    ]);
    const [mail, ...more] = refundMailsTo(world.api.outbox(), payment.payer_email);
    expect(more).toEqual([]);
    expect(mail).toMatch(/^Subject: Refund of Rs 100\.00 from NIPM$/m);

    // A caller without a mailer (a script catching up on the gateway's events) records it, telling nobody.
    const quiet = await confirmRefundProcessed(
      database.db,
      {
        id: 'rfnd_late00000002',
        entity: 'refund',
        amount: 20_000,
        currency: 'INR',
        payment_id: payment.gatewayPayment.id,
        status: 'processed',
        created_at: Math.floor(later.getTime() / 1000),
        notes: { nipm_refund_id: String(dueId) },
      },
      later,
    );
    expect(quiet).toBe(true);
    const row2 = await database.db.selectFrom('refunds').selectAll().where('id', '=', dueId).executeTakeFirstOrThrow();
    expect(row2).toMatchObject({ state: 'processed', gateway_refund_id: 'rfnd_late00000002', payer_told_at: null });
    expect(refundMailsTo(world.api.outbox(), payment.payer_email)).toHaveLength(1);
  });

  it('a flagged online payment staff verified by hand is refunded as an offline one: staff say how', async () => {
    const application = await applicationAwaitingPayment(database.db, chapterId);
    const started = await call<{ paymentId: number; gatewayOrderId: string }>('POST', '/api/payments/online', {
      purpose: 'membership_application',
      subjectId: application.id,
      statusToken: application.token,
    });
    const order = world.standin.gateway.order(started.body.data.gatewayOrderId)!;
    world.standin.gateway.pay(order, { amount: order.amount + 100 });
    await world.standin.gateway.webhooks.idle();
    const paymentId = started.body.data.paymentId;
    expect((await call('POST', `/api/admin/payments/${paymentId}/verify`, { note: 'Checked' })).status).toBe(200);

    const bare = await call('POST', `/api/admin/payments/${paymentId}/refunds`, {
      amount: 100,
      reason: 'Paid Rs 1 more',
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error!.fields).toEqual({
      mode: 'Choose how the money was sent back.',
      reference: 'Enter the transfer’s reference.',
      refundedOn: 'Use a date written YYYY-MM-DD.',
    });
    const dueId = await dueFor(paymentId, 10_000);
    const queue = await call<{ items: { id: number; online: boolean }[] }>(
      'GET',
      '/api/admin/refunds?state=due&pageSize=100',
    );
    expect(queue.body.data.items.find((i) => i.id === dueId)).toMatchObject({ online: false });
    const due = await call('POST', `/api/admin/refunds/${dueId}/make`, {});
    expect(due.status).toBe(400);
    expect(Object.keys(due.body.error!.fields!).sort()).toEqual(['mode', 'reference', 'refundedOn']);
    expect(await refundedOf(paymentId)).toBe(0);
  });

  it('refund.processed naming the refund only by the gateway’s id processes it once; an unknown one changes nothing', async () => {
    const payment = await paidOnline();
    world.standin.gateway.webhooks.mode.mode = 'hold';
    const made = await call<{ id: number; gatewayRefundId: string }>(
      'POST',
      `/api/admin/payments/${payment.id}/refunds`,
      { amount: 25_000, reason: 'Overpaid' },
    );
    world.standin.gateway.webhooks.drop();
    world.standin.gateway.webhooks.mode.mode = 'deliver';
    expect(made.status).toBe(201);
    const gatewayRefundId = made.body.data.gatewayRefundId;
    expect(gatewayRefundId).toMatch(/^rfnd_/);
    const event = {
      id: gatewayRefundId,
      entity: 'refund' as const,
      amount: 25_000,
      currency: 'INR',
      payment_id: payment.gatewayPayment.id,
      status: 'processed' as const,
      created_at: Math.floor(NOW.getTime() / 1000),
      notes: [],
    };
    // What the gateway was asked: this amount, with our refund's id in its notes.
    expect(world.standin.gateway.state.refunds.get(gatewayRefundId)).toMatchObject({
      amount: 25_000,
      notes: { nipm_refund_id: String(made.body.data.id) },
    });
    const later = new Date('2026-11-21T19:00:00Z');
    const mailer = world.api.deps.mailer;
    expect(await confirmRefundProcessed(database.db, { ...event, id: 'rfnd_unknown0001' }, later, mailer)).toBe(false);
    // Notes the gateway leaves out, or sends as null, name nothing of ours.
    const { notes: _none, ...withoutNotes } = event;
    expect(await confirmRefundProcessed(database.db, { ...withoutNotes, id: 'rfnd_unknown0002' }, later, mailer)).toBe(
      false,
    );
    expect(
      await confirmRefundProcessed(database.db, { ...event, id: 'rfnd_unknown0003', notes: null }, later, mailer),
    ).toBe(false);
    expect((await refundsOf(payment.id)).map((r) => r.state)).toEqual(['pending']);

    expect(await confirmRefundProcessed(database.db, event, later, mailer)).toBe(true);
    const [row] = await refundsOf(payment.id);
    expect(row).toMatchObject({
      id: made.body.data.id,
      state: 'processed',
      gateway_refund_id: gatewayRefundId,
      // 00:30 on 22 November in Kolkata.
      refunded_on: '2026-11-22',
    });
    expect(await confirmRefundProcessed(database.db, event, later, mailer)).toBe(false);
    const mails = refundMailsTo(world.api.outbox(), payment.payer_email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('We have refunded Rs 250.00 of your payment (receipt ');
    expect(mails[0]).toContain(
      ') to the card, UPI or bank account you paid from. Banks usually take 5-7 working days to show it.',
    );
  });

  // Last in the file: from here on the institute has a GSTIN, so online payments are invoiced.
  it('an online refund of an invoiced payment is credited only when the gateway says it is processed', async () => {
    const superAdmin = await createUser(database.db, { roleId: ROLE.superAdmin });
    await invoiceTaxedPayments(database.db, authUserOf(superAdmin));
    const payment = await paidOnline();
    const invoice = await database.db
      .selectFrom('gst_invoices')
      .select(['id', 'total'])
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    const notes = () =>
      database.db
        .selectFrom('gst_credit_notes')
        .select(['reason', 'total'])
        .where('invoice_id', '=', invoice.id)
        .orderBy('id')
        .execute();
    world.standin.gateway.webhooks.mode.mode = 'hold';
    const part = await call('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 30_000,
      reason: 'Overpaid',
    });
    expect(part.status).toBe(201);
    const dueId = await dueFor(payment.id, payment.amount - 30_000);
    expect((await call('POST', `/api/admin/refunds/${dueId}/make`, {})).status).toBe(200);
    expect(await notes()).toEqual([]);

    world.standin.gateway.webhooks.mode.mode = 'deliver';
    await world.standin.gateway.webhooks.release('sent');
    await world.standin.gateway.webhooks.idle();
    expect((await refundsOf(payment.id)).map((r) => r.state)).toEqual(['processed', 'processed']);
    expect(await notes()).toEqual([
      { reason: 'Overpaid', total: Math.min(30_000, invoice.total) },
      { reason: 'Order cancelled.', total: invoice.total - Math.min(30_000, invoice.total) },
    ]);
  });
});
