import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr } from '../support/money';
import { applicationAwaitingPayment, payOnHostedPage, startOnlineWorld, type OnlineWorld } from '../support/online';

/**
 * A withdrawn application's money becomes a refund to make: it waits in the staff's refunds queue
 * (roles 2 and 5) for what was paid less earlier refunds, staff make it (offline: mode, reference,
 * date; online: through the gateway), the payer is e-mailed once, and two staff pressing at once
 * make one refund. Over real HTTP beside the stand-in gateway.
 */

interface Envelope<T> {
  data: T;
  error?: { message: string; fields?: Record<string, string> };
}
interface QueueItem {
  id: number;
  paymentId: number;
  amount: number;
  state: string;
  online: boolean;
  reason: string;
  mode: string;
}

const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describeEachDatabase('Refunds due: a withdrawn application’s money', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;
  let admin: CreatedUser;
  let chapterAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Refund Chapter' })).id;
    admin = await createUser(database.db, { roleId: ROLE.admin });
    chapterAdmin = await createUser(database.db, { roleId: ROLE.chapterAdmin, chapterId });
    world = await startOnlineWorld(database.db);
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });

  const call = async <T>(method: string, url: string, body?: unknown, user: CreatedUser = admin) => {
    const response = await world.api.request(method, url, { token: user.token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  /** An application awaiting payment, with its reference and the applicant's token. */
  async function application() {
    const created = await applicationAwaitingPayment(database.db, chapterId);
    const row = await database.db
      .selectFrom('applications')
      .select(['reference', 'email'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    return { ...created, reference: row.reference, email: row.email };
  }

  async function reportAndVerify(app: { reference: string; token: string; amountDue: number }) {
    const reported = await world.api.request(
      'POST',
      `/api/membership/applications/${app.reference}/payments?token=${encodeURIComponent(app.token)}`,
      { body: { mode: 'upi', reference: nextUtr(), amount: app.amountDue, paidOn: '2026-11-20' } },
    );
    expect(reported.status).toBe(201);
    const paymentId = ((await reported.json()) as Envelope<{ id: number }>).data.id;
    return paymentId;
  }

  const verify = (paymentId: number) => call('POST', `/api/admin/payments/${paymentId}/verify`, {});

  const withdraw = async (app: { reference: string; token: string }) => {
    const response = await world.api.request(
      'POST',
      `/api/membership/applications/${app.reference}/withdrawal?token=${encodeURIComponent(app.token)}`,
      { body: { reason: 'Changed my mind.' } },
    );
    expect(response.status).toBe(200);
  };

  const dueOf = async (paymentId: number) => {
    const queue = await call<{ items: QueueItem[] }>('GET', '/api/admin/refunds?state=due&pageSize=100');
    expect(queue.status).toBe(200);
    return queue.body.data.items.filter((item) => item.paymentId === paymentId);
  };

  const refundMails = async (email: string) => {
    await world.api.settle();
    return world.api.outbox().filter((m) => m.includes(email) && /^Subject: Refund of /m.test(plain(m)));
  };

  it('a verified payment of a withdrawn application becomes one refund to make, for what was paid less earlier refunds', async () => {
    const app = await application();
    const paymentId = await reportAndVerify(app);
    expect((await verify(paymentId)).status).toBe(200);
    // A partial refund made earlier is not owed again.
    const partial = await call('POST', `/api/admin/payments/${paymentId}/refunds`, {
      amount: 10_000,
      reason: 'Coupon applied late.',
      mode: 'upi',
      reference: nextUtr(),
      refundedOn: '2026-11-20',
    });
    expect(partial.status).toBe(201);
    await withdraw(app);

    const [due, ...more] = await dueOf(paymentId);
    expect(more).toHaveLength(0);
    expect(due).toMatchObject({ amount: app.amountDue - 10_000, state: 'due', online: false });
    expect(due.reason).toBe('Application withdrawn.');
    expect((await call('GET', '/api/admin/refunds', undefined, chapterAdmin)).status).toBe(403);

    // Offline: how the money went back is required, and checked before anything is written.
    const missing = await call<unknown>('POST', `/api/admin/refunds/${due.id}/make`, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error!.fields!)).toEqual(expect.arrayContaining(['mode', 'refundedOn']));
    expect(await dueOf(paymentId)).toHaveLength(1);

    const reference = nextUtr();
    const body = { mode: 'bank_transfer', reference, refundedOn: '2026-11-21' };
    // Two staff press at once: one refund is made, the other is told it was.
    const answers = await Promise.all([
      call('POST', `/api/admin/refunds/${due.id}/make`, body),
      call('POST', `/api/admin/refunds/${due.id}/make`, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const payment = await database.db
      .selectFrom('payments')
      .select(['amount', 'refunded'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.refunded).toBe(payment.amount);
    const made = await database.db.selectFrom('refunds').selectAll().where('id', '=', due.id).executeTakeFirstOrThrow();
    expect(made).toMatchObject({
      state: 'processed',
      mode: 'bank_transfer',
      reference,
      refunded_on: '2026-11-21',
      amount: app.amountDue - 10_000,
      created_by: admin.id,
    });
    expect(await dueOf(paymentId)).toHaveLength(0);
    // The payer is told of each refund once: the partial one and this one.
    const mails = await refundMails(app.email);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => plain(m).includes(reference))).toBe(true);

    const again = await call('POST', `/api/admin/refunds/${due.id}/make`, body);
    expect(again.status).toBe(409);
  });

  it('a payment still reported at the withdrawal becomes due once staff verify that the money arrived', async () => {
    const app = await application();
    const paymentId = await reportAndVerify(app);
    await withdraw(app);
    expect(await dueOf(paymentId)).toHaveLength(0);
    expect((await verify(paymentId)).status).toBe(200);
    const [due] = await dueOf(paymentId);
    expect(due).toMatchObject({ amount: app.amountDue, state: 'due' });
  });

  it('a refund due can be handed back in cash at the office, with no reference', async () => {
    const app = await application();
    const paymentId = await reportAndVerify(app);
    expect((await verify(paymentId)).status).toBe(200);
    await withdraw(app);
    const [due] = await dueOf(paymentId);
    const made = await call<{ state: string; mode: string; reference: string | null }>(
      'POST',
      `/api/admin/refunds/${due.id}/make`,
      { mode: 'cash', refundedOn: '2026-11-21' },
    );
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ state: 'processed', mode: 'cash', reference: null });
  });

  it('an online payment is refunded through the gateway, and made when the gateway says so', async () => {
    const app = await application();
    const started = await world.api.request('POST', '/api/payments/online', {
      body: { purpose: 'membership_application', subjectId: app.id, statusToken: app.token },
    });
    const { paymentId, checkoutUrl } = ((await started.json()) as Envelope<{ paymentId: number; checkoutUrl: string }>)
      .data;
    await payOnHostedPage(world, checkoutUrl);
    await world.standin.gateway.webhooks.idle();
    await withdraw(app);

    const [due] = await dueOf(paymentId);
    expect(due).toMatchObject({ online: true, amount: app.amountDue });
    const made = await call<{ state: string; mode: string }>('POST', `/api/admin/refunds/${due.id}/make`, {});
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ state: 'pending', mode: 'gateway' });
    await world.standin.gateway.webhooks.idle();
    const row = await database.db.selectFrom('refunds').selectAll().where('id', '=', due.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('processed');
    expect(row.gateway_refund_id).toMatch(/^rfnd_/);
    expect(await refundMails(app.email)).toHaveLength(1);
  });
});
