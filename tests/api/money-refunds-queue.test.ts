import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { makeDueRefund, recordRefundDue, recordRefundsDue } from '../../src/server/domains/money/refunds/due';
import { nowIso } from '../../src/server/platform/db';
import { exportRefunds } from '../../src/server/domains/money/refunds/queue';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { registerTestPurpose, reportTestPayment, TEST_PURPOSE } from '../support/money';
import { authUserOf, refundMailsTo, refusal, type Envelope } from '../support/refunds';

/**
 * The staff's refunds queue: refunds to make first, oldest first, then the rest newest first;
 * searched by the payer's name, e-mail or receipt number (any case), filtered by state, paged,
 * and exported as CSV with the same filters. Making a due refund takes only what is left of the
 * payment, and refuses when a refund made meanwhile left nothing.
 */

registerTestPurpose();

interface QueueItem {
  id: number;
  paymentId: number;
  payerName: string;
  payerEmail: string;
  receiptNumber: string | null;
  paidAmount: number;
  amount: number;
  reason: string;
  createdAt: string;
  state: string;
  mode: string;
  reference: string | null;
  subjectLabel: string | null;
  online: boolean;
}
interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

const NOW = new Date('2026-11-20T06:00:00Z');

describeEachDatabase('The refunds queue and making a due refund', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let admin: CreatedUser;
  /** The refund ids in the order they were recorded. */
  const ids: Record<string, number> = {};
  const receipts: Record<string, string> = {};

  const call = async <T>(method: string, url: string, body?: unknown) => {
    const response = await api.request(method, url, { token: admin.token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  async function verified(payerName: string, payerEmail: string, amount: number, subjectId: number) {
    const payment = await reportTestPayment(database.db, { payerName, payerEmail, amount, subjectId }, NOW);
    expect((await call('POST', `/api/admin/payments/${payment.id}/verify`, {})).status).toBe(200);
    const row = await database.db
      .selectFrom('payments')
      .select('receipt_number')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    return { id: payment.id, receiptNumber: row.receipt_number! };
  }

  const due = (paymentId: number, amount: number) =>
    database.db
      .transaction()
      .execute((trx) =>
        recordRefundDue(trx, { paymentId, amount, reason: ' Order cancelled. ', createdBy: null, now: NOW }),
      );

  const made = async (paymentId: number, amount: number, reference: string) => {
    const answer = await call<{ id: number }>('POST', `/api/admin/payments/${paymentId}/refunds`, {
      amount,
      reason: 'Overpaid',
      mode: 'bank_transfer',
      reference,
      refundedOn: '2026-11-20',
    });
    expect(answer.status).toBe(201);
    return answer.body.data.id;
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = NOW;
    admin = await createUser(database.db, { roleId: ROLE.admin });
    const asha = await verified('Asha Rao', 'asha.rao@example.test', 50_000, 11);
    const meera = await verified('Meera Sen', 'meera@example.test', 80_000, 12);
    const ravi = await verified('Ravi Kumar', 'RAVI@Example.test', 30_000, 13);
    receipts.asha = asha.receiptNumber;
    receipts.meera = meera.receiptNumber;
    receipts.ravi = ravi.receiptNumber;
    ids.ashaMade = await made(asha.id, 10_000, 'NEFT0001');
    ids.meeraDue = await due(meera.id, 80_000);
    ids.raviMade = await made(ravi.id, 5_000, 'NEFT0002');
    ids.ashaDue = await due(asha.id, 40_000);
    ids.raviDue = await due(ravi.id, 25_000);
  });
  afterAll(() => database.drop());

  const list = async (query: string) => {
    const answer = await call<Paged<QueueItem>>('GET', `/api/admin/refunds?${query}`);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  it('lists refunds to make first, oldest first, then the ones made, newest first, page by page', async () => {
    const all = await list('pageSize=100');
    expect(all.items.map((i) => i.id)).toEqual([ids.meeraDue, ids.ashaDue, ids.raviDue, ids.raviMade, ids.ashaMade]);
    expect(all.total).toBe(5);
    expect(all.items[0]).toMatchObject({
      payerName: 'Meera Sen',
      payerEmail: 'meera@example.test',
      receiptNumber: receipts.meera,
      paidAmount: 80_000,
      amount: 80_000,
      reason: 'Order cancelled.',
      state: 'due',
      mode: 'not_yet',
      reference: null,
      subjectLabel: 'ORDER-12',
      online: false,
    });
    expect(all.items[4]).toMatchObject({
      state: 'processed',
      mode: 'bank_transfer',
      reference: 'NEFT0001',
      amount: 10_000,
    });

    const second = await list('page=2&pageSize=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.items.map((i) => i.id)).toEqual([ids.raviDue, ids.raviMade]);
    const third = await list('page=3&pageSize=2');
    expect(third.items.map((i) => i.id)).toEqual([ids.ashaMade]);
  });

  it('finds refunds by the payer’s name, e-mail or receipt number, in any case, within a state', async () => {
    const byName = await list('q=ASHA');
    expect(byName.items.map((i) => i.id)).toEqual([ids.ashaDue, ids.ashaMade]);
    expect(byName.total).toBe(2);
    const byEmail = await list('q=ravi%40example');
    expect(byEmail.items.map((i) => i.id)).toEqual([ids.raviDue, ids.raviMade]);
    const byReceipt = await list(`q=${encodeURIComponent(receipts.meera.toLowerCase())}`);
    expect(byReceipt.items.map((i) => i.id)).toEqual([ids.meeraDue]);
    const nobody = await list('q=nobody');
    expect(nobody).toMatchObject({ items: [], total: 0 });
    const dueOfRavi = await list('q=kumar&state=due');
    expect(dueOfRavi.items.map((i) => i.id)).toEqual([ids.raviDue]);
    expect(dueOfRavi.total).toBe(1);
  });

  it('exports the list’s rows with its filters as CSV; only roles 2 and 5 may', async () => {
    const response = await api.request('GET', '/api/admin/refunds/export.csv?state=processed&q=a', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Id,Payment,Purpose,For,Payer,E-mail,Receipt number,Amount (Rs),Reason,State,Mode,Reference,Refunded on,Recorded at',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(4, 13))).toEqual([
      [
        'Ravi Kumar',
        'RAVI@Example.test',
        receipts.ravi,
        '50.00',
        'Overpaid',
        'Made',
        'bank_transfer',
        'NEFT0002',
        '2026-11-20',
      ],
      [
        'Asha Rao',
        'asha.rao@example.test',
        receipts.asha,
        '100.00',
        'Overpaid',
        'Made',
        'bank_transfer',
        'NEFT0001',
        '2026-11-20',
      ],
    ]);
    const chapterAdmin = await createUser(database.db, { roleId: ROLE.chapterAdmin });
    const refused = await refusal(() => exportRefunds(database.db, authUserOf(chapterAdmin), {}));
    expect(refused.kind).toBe('forbidden');
  });

  it('making a due refund takes only what is left, and refuses when nothing is; an unknown one is not found', async () => {
    const missing = await call('POST', '/api/admin/refunds/987654/make', {
      mode: 'upi',
      reference: 'UPI1234567',
      refundedOn: '2026-11-20',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error!.message).toBe('No such refund.');

    const payment = await verified('Lata Das', 'lata@example.test', 60_000, 14);
    const owed = await due(payment.id, 60_000);
    await made(payment.id, 20_000, 'NEFT0003');
    const body = { mode: 'cheque', reference: '004411', refundedOn: '2026-11-20' };
    const partly = await call<{ amount: number; state: string }>('POST', `/api/admin/refunds/${owed}/make`, body);
    expect(partly.status).toBe(200);
    expect(partly.body.data).toMatchObject({ amount: 40_000, state: 'processed', mode: 'cheque', reference: '004411' });
    const again = await call('POST', `/api/admin/refunds/${owed}/make`, body);
    expect(again.status).toBe(409);
    expect(again.body.error!.message).toBe('This refund has already been made.');

    const other = await verified('Lata Das', 'lata@example.test', 70_000, 15);
    const late = await due(other.id, 70_000);
    await made(other.id, 70_000, 'NEFT0004');
    const none = await call('POST', `/api/admin/refunds/${late}/make`, body);
    expect(none.status).toBe(409);
    expect(none.body.error!.message).toBe('This payment has already been refunded in full.');
    const row = await database.db.selectFrom('refunds').selectAll().where('id', '=', late).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'due', amount: 70_000, mode: 'not_yet', created_by: null });
    const paid = await database.db
      .selectFrom('payments')
      .select('refunded')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(paid.refunded).toBe(70_000);
  });

  it('a refund owed is recorded with its reason trimmed and cut to 2,000 characters, and audited', async () => {
    const payment = await verified('Nina Roy', 'nina@example.test', 40_000, 16);
    const long = ` ${'Cancelled on the edition’s terms. '.repeat(70)}`;
    const id = await database.db
      .transaction()
      .execute((trx) =>
        recordRefundDue(trx, { paymentId: payment.id, amount: 30_000, reason: long, createdBy: admin.id, now: NOW }),
      );
    const reason = long.trim().slice(0, 2000);
    const [item] = (await list('q=nina&state=due')).items;
    expect(item).toMatchObject({ id, amount: 30_000, reason, state: 'due', createdAt: nowIso(NOW) });
    expect(item.reason).toHaveLength(2000);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'entity_id', 'detail'])
      .where('action', '=', 'payment.refund_due')
      .where('entity_id', '=', String(payment.id))
      .execute();
    expect(audit.map((a) => ({ ...a, detail: JSON.parse(a.detail!) }))).toEqual([
      {
        actor_user_id: admin.id,
        entity: 'payment',
        entity_id: String(payment.id),
        detail: { refundId: id, amount: 30_000, reason },
      },
    ]);
  });

  it('what a withdrawal owes: what is left of each verified payment of the subject without a refund due yet', async () => {
    const subjectId = 900;
    const partly = await verified('Om Das', 'om@example.test', 50_000, subjectId);
    await made(partly.id, 10_000, 'NEFT0005');
    const full = await verified('Om Das', 'om@example.test', 30_000, subjectId);
    await made(full.id, 30_000, 'NEFT0006');
    const owedAlready = await verified('Om Das', 'om@example.test', 20_000, subjectId);
    const earlier = await due(owedAlready.id, 20_000);
    const reported = await reportTestPayment(
      database.db,
      { payerEmail: 'om@example.test', subjectId, amount: 9_000 },
      NOW,
    );
    const elsewhere = await verified('Om Das', 'om@example.test', 25_000, subjectId + 1);

    const count = await database.db
      .transaction()
      .execute((trx) => recordRefundsDue(trx, { purpose: TEST_PURPOSE, subjectId }, 'Application withdrawn.', NOW));
    expect(count).toBe(1);
    const dues = await database.db
      .selectFrom('refunds')
      .select(['id', 'payment_id', 'amount', 'reason', 'created_by'])
      .where('state', '=', 'due')
      .where('payment_id', 'in', [partly.id, full.id, owedAlready.id, reported.id, elsewhere.id])
      .orderBy('id')
      .execute();
    expect(dues).toEqual([
      { id: earlier, payment_id: owedAlready.id, amount: 20_000, reason: 'Order cancelled.', created_by: null },
      {
        id: expect.any(Number),
        payment_id: partly.id,
        amount: 40_000,
        reason: 'Application withdrawn.',
        created_by: null,
      },
    ]);
  });

  it('a due refund made offline records how, by whom and when, in the audit trail too', async () => {
    const payment = await verified('Uma Pal', 'uma@example.test', 45_000, 17);
    const owed = await due(payment.id, 45_000);
    const at = new Date('2026-11-21T10:00:00Z');
    const refund = await makeDueRefund(
      database.db,
      authUserOf(admin),
      owed,
      { mode: 'cheque', reference: ' 004411 ', refundedOn: '2026-11-21' },
      { now: at, ip: '203.0.113.9', mailer: api.deps.mailer, gateway: null },
    );
    expect(refund).toMatchObject({ id: owed, amount: 45_000, mode: 'cheque', reference: '004411', state: 'processed' });
    const row = await database.db.selectFrom('refunds').selectAll().where('id', '=', owed).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'processed',
      reference: '004411',
      refunded_on: '2026-11-21',
      processed_at: nowIso(at),
      idempotency_key: null,
      created_by: admin.id,
      payer_told_at: nowIso(at),
    });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'ip', 'detail'])
      .where('action', '=', 'payment.refunded')
      .where('entity', '=', 'payment')
      .where('entity_id', '=', String(payment.id))
      .execute();
    expect(audit.map((a) => ({ ...a, detail: JSON.parse(a.detail!) }))).toEqual([
      {
        actor_user_id: admin.id,
        ip: '203.0.113.9',
        detail: { refundId: owed, amount: 45_000, mode: 'cheque', reason: 'Order cancelled.', wasDue: true },
      },
    ]);
    const mails = refundMailsTo(api.outbox(), 'uma@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('We have refunded Rs 450.00 of your payment (receipt ');
    expect(mails[0]).toContain(') by cheque (reference 004411).');
  });

  it('two staff making one due refund at once: one makes it, the other is told it has been made', async () => {
    const payment = await verified('Gita Sen', 'gita@example.test', 35_000, 18);
    const owed = await due(payment.id, 35_000);
    const body = { mode: 'upi', reference: '412345678901', refundedOn: '2026-11-20' };
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/admin/refunds/${owed}/make`, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error!.message)).toEqual([
      'This refund has already been made.',
      'This refund has already been made.',
    ]);
    expect(refundMailsTo(api.outbox(), 'gita@example.test')).toHaveLength(1);
  });
});
