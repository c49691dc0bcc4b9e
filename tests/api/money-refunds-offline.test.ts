import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { refundPayment, tellPayer, type RefundInput } from '../../src/server/domains/money/refunds/refunds';
import { makeDueRefund } from '../../src/server/domains/money/refunds/due';
import { listRefunds } from '../../src/server/domains/money/refunds/queue';
import { recordLegacyPayment } from '../../src/server/domains/import/payments';
import { nowIso } from '../../src/server/platform/db';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr, registerTestPurpose, reportTestPayment } from '../support/money';
import { authUserOf, refundMailsTo, refusal, type Envelope } from '../support/refunds';

/**
 * Offline refunds as staff record them: each bad field refused in its own words (also those the
 * API's schema stops first, which an import or a script calling the service would meet), what may
 * still be refunded worded in rupees, the audit entry, and the payer's e-mail word for word.
 */

registerTestPurpose();

/** 01:30 on 21 November 2026 in Kolkata: still the 20th in UTC, so "today" must be read in Kolkata. */
const NOW = new Date('2026-11-20T20:00:00Z');
const TODAY = '2026-11-21';

describeEachDatabase('Offline refunds: what staff are told and what the payer reads', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let admin: CreatedUser;
  let chapterId: number;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = NOW;
    admin = await createUser(database.db, { roleId: ROLE.admin });
    chapterId = (await createChapter(database.db)).id;
  });
  afterAll(() => database.drop());

  const call = async <T>(method: string, url: string, body?: unknown) => {
    const response = await api.request(method, url, { token: admin.token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  let payers = 0;
  /** A verified payment of `amount` paise by a payer of its own, with its receipt number. */
  async function verifiedPayment(amount: number) {
    payers += 1;
    const payerEmail = `payer-${payers}-${kind.name.toLowerCase()}@example.test`;
    const payment = await reportTestPayment(database.db, { amount, payerEmail, payerName: 'Asha Rao' }, NOW);
    expect((await call('POST', `/api/admin/payments/${payment.id}/verify`, {})).status).toBe(200);
    const row = await database.db
      .selectFrom('payments')
      .select(['receipt_number', 'refunded'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    return { id: payment.id, payerEmail, receiptNumber: row.receipt_number!, refunded: row.refunded };
  }

  const refundedOf = async (paymentId: number) =>
    (await database.db.selectFrom('payments').select('refunded').where('id', '=', paymentId).executeTakeFirstOrThrow())
      .refunded;

  const direct = (paymentId: number, input: RefundInput) =>
    refundPayment(database.db, authUserOf(admin), paymentId, input, {
      now: NOW,
      ip: null,
      mailer: api.deps.mailer,
      gateway: null,
    });

  it('refuses every bad field at once, each in its own words, and takes nothing off the payment', async () => {
    const payment = await verifiedPayment(50_000);
    const all = await refusal(
      direct(payment.id, { amount: 0, reason: '   ', mode: 'wire', reference: '  ', refundedOn: '21-11-2026' }),
    );
    expect(all.kind).toBe('invalid');
    expect(all.message).toBe('Some fields need attention.');
    expect(all.fields).toEqual({
      amount: 'Enter an amount above zero in paise.',
      reason: 'Say why the money is refunded.',
      mode: 'Choose how the money was sent back.',
      reference: 'Enter the transfer’s reference.',
      refundedOn: 'Use a date written YYYY-MM-DD.',
    });
    const fraction = await refusal(
      direct(payment.id, { amount: 2.5, reason: 'Overpaid', mode: 'upi', reference: 'UPI1', refundedOn: TODAY }),
    );
    expect(fraction.fields).toEqual({ amount: 'Enter an amount above zero in paise.' });
    const noMode = await refusal(direct(payment.id, { amount: 100, reason: 'Overpaid', refundedOn: TODAY }));
    expect(noMode.fields).toEqual({
      mode: 'Choose how the money was sent back.',
      reference: 'Enter the transfer’s reference.',
    });
    // A date with anything before or after it is not a date, nor is a day past its month's end.
    for (const refundedOn of ['2026-11-21x', 'x2026-11-21', '2026-11-2', '20261-11-21', '2026-02-30', '2026-04-31']) {
      const odd = await refusal(
        direct(payment.id, { amount: 100, reason: 'Overpaid', mode: 'upi', reference: 'UPI1', refundedOn }),
      );
      expect(odd.fields).toEqual({ refundedOn: 'Use a date written YYYY-MM-DD.' });
    }
    expect(await refundedOf(payment.id)).toBe(0);

    // Tomorrow in Kolkata is refused through the API as well; today (though still yesterday in UTC) is not.
    const future = await call('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 100,
      reason: 'Overpaid',
      mode: 'upi',
      reference: 'UPI12345',
      refundedOn: '2026-11-22',
    });
    expect(future.status).toBe(400);
    expect(future.body.error!.fields).toEqual({ refundedOn: 'The date cannot be in the future.' });
    const noSuchDay = await call('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 100,
      reason: 'Overpaid',
      mode: 'upi',
      reference: 'UPI12345',
      refundedOn: '2026-02-30',
    });
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body.error!.fields).toEqual({ refundedOn: 'Use a date written YYYY-MM-DD.' });
    expect(await database.db.selectFrom('refunds').select('id').where('payment_id', '=', payment.id).execute()).toEqual(
      [],
    );

    // One paisa in cash, dated today: cash needs no reference, and a blank one is stored as none.
    const cash = await direct(payment.id, {
      amount: 1,
      reason: ' Rounding ',
      mode: 'cash',
      reference: '   ',
      refundedOn: TODAY,
    });
    expect(cash).toMatchObject({
      amount: 1,
      reason: 'Rounding',
      mode: 'cash',
      reference: null,
      refundedOn: TODAY,
      state: 'processed',
      gatewayRefundId: null,
      createdAt: nowIso(NOW),
    });
    expect(await refundedOf(payment.id)).toBe(1);
    const row = await database.db.selectFrom('refunds').selectAll().where('id', '=', cash.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      payment_id: payment.id,
      state: 'processed',
      processed_at: nowIso(NOW),
      idempotency_key: null,
      gateway_refund_id: null,
      created_by: admin.id,
      payer_told_at: nowIso(NOW),
    });
    const [mail, ...more] = refundMailsTo(api.outbox(), payment.payerEmail);
    expect(more).toEqual([]);
    expect(mail).toMatch(/^Subject: Refund of Rs 0\.01 from NIPM$/m);
    expect(mail).toContain(
      `We have refunded Rs 0.01 of your payment (receipt ${payment.receiptNumber}) by cash. Banks usually take 5-7 working days to show it.`,
    );
  });

  it('says how much may still be refunded, in rupees, and when nothing is left', async () => {
    const missing = await call('POST', '/api/admin/payments/987654/refunds', {
      amount: 100,
      reason: 'Overpaid',
      mode: 'upi',
      reference: 'UPI12345',
      refundedOn: TODAY,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error!.message).toBe('No such payment.');

    const reported = await reportTestPayment(database.db, { amount: 50_000 }, NOW);
    const early = await call('POST', `/api/admin/payments/${reported.id}/refunds`, {
      amount: 100,
      reason: 'Overpaid',
      mode: 'upi',
      reference: 'UPI12345',
      refundedOn: TODAY,
    });
    expect(early.status).toBe(409);
    expect(early.body.error!.message).toBe('Only a verified payment can be refunded.');

    const payment = await verifiedPayment(1_50_000);
    const refund = (amount: number, reference: string) =>
      call<{ amount: number }>('POST', `/api/admin/payments/${payment.id}/refunds`, {
        amount,
        reason: 'Overpaid',
        mode: 'bank_transfer',
        reference,
        refundedOn: '2026-11-20',
      });
    expect((await refund(20_000, 'NEFT0001')).status).toBe(201);
    const tooMuch = await refund(1_30_001, 'NEFT0002');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error!.fields).toEqual({ amount: 'At most Rs 1,300.00 can still be refunded.' });
    // Exactly what is left may be refunded; after it, nothing.
    expect((await refund(1_30_000, 'NEFT0003')).status).toBe(201);
    const more = await refund(1, 'NEFT0004');
    expect(more.status).toBe(400);
    expect(more.body.error!.fields).toEqual({ amount: 'This payment has been refunded in full.' });

    const detail = await call<{
      subjectLabel: string | null;
      refunded: number;
      refundable: number;
      refunds: { amount: number; reference: string }[];
    }>('GET', `/api/admin/payments/${payment.id}`);
    expect(detail.body.data.subjectLabel).toBe('ORDER-1');
    expect(detail.body.data.refunded).toBe(1_50_000);
    expect(detail.body.data.refundable).toBe(0);
    expect(detail.body.data.refunds.map((r) => [r.amount, r.reference])).toEqual([
      [20_000, 'NEFT0001'],
      [1_30_000, 'NEFT0003'],
    ]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'detail'])
      .where('action', '=', 'payment.refunded')
      .where('entity', '=', 'payment')
      .where('entity_id', '=', String(payment.id))
      .orderBy('id')
      .execute();
    const refundIds = (
      await database.db.selectFrom('refunds').select('id').where('payment_id', '=', payment.id).orderBy('id').execute()
    ).map((r) => r.id);
    expect(audit.map((a) => [a.actor_user_id, JSON.parse(a.detail!)])).toEqual([
      [admin.id, { refundId: refundIds[0], amount: 20_000, mode: 'bank_transfer', reason: 'Overpaid' }],
      [admin.id, { refundId: refundIds[1], amount: 1_30_000, mode: 'bank_transfer', reason: 'Overpaid' }],
    ]);
  });

  it('e-mails the payer once per refund: the amount, the receipt, how it was sent and its reference', async () => {
    const payment = await verifiedPayment(50_000);
    const made = await call('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 20_000,
      reason: 'Overpaid',
      mode: 'bank_transfer',
      reference: ' NEFT998877 ',
      refundedOn: '2026-11-20',
    });
    expect(made.status).toBe(201);
    const [mail, ...more] = refundMailsTo(api.outbox(), payment.payerEmail);
    expect(more).toEqual([]);
    expect(mail).toMatch(/^Subject: Refund of Rs 200\.00 from NIPM$/m);
    expect(mail).toContain('Dear Asha Rao,');
    expect(mail).toContain(
      `We have refunded Rs 200.00 of your payment (receipt ${payment.receiptNumber}) by bank transfer (reference NEFT998877). Banks usually take 5-7 working days to show it.`,
    );
    expect(mail).toContain('National Institute of Personnel Management');
  });

  it('tells the payer of a refund once however many ask at the same moment', async () => {
    const payment = await verifiedPayment(40_000);
    const made = await call<{ id: number }>('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 10_000,
      reason: 'Overpaid',
      mode: 'cash',
      refundedOn: TODAY,
    });
    expect(made.status).toBe(201);
    expect(refundMailsTo(api.outbox(), payment.payerEmail)).toHaveLength(1);
    // As if the first e-mail had not gone: five senders read "not told" together, and one of them sends.
    await database.db.updateTable('refunds').set({ payer_told_at: null }).where('id', '=', made.body.data.id).execute();
    await Promise.all(Array.from({ length: 5 }, () => tellPayer(database.db, api.deps.mailer, made.body.data.id, NOW)));
    expect(refundMailsTo(api.outbox(), payment.payerEmail)).toHaveLength(2);
  });

  it('a payment brought in by the import, verified without a receipt of ours, is refunded without one', async () => {
    const payerEmail = `legacy-${kind.name.toLowerCase()}@example.test`;
    const paymentId = await recordLegacyPayment(
      database.db,
      {
        memberId: 1,
        chapterId,
        payerName: 'Ravi Kumar',
        payerEmail,
        financialYear: 2024,
        amount: 60_000,
        paidOn: '2024-06-01',
        mode: 'cheque',
        reference: '004512',
        receiptNumber: 'OLD/17',
      },
      admin.id,
      nowIso(NOW),
    );
    const reference = nextUtr();
    const made = await call('POST', `/api/admin/payments/${paymentId}/refunds`, {
      amount: 60_000,
      reason: 'Paid twice',
      mode: 'demand_draft',
      reference,
      refundedOn: TODAY,
    });
    expect(made.status).toBe(201);
    const [mail] = refundMailsTo(api.outbox(), payerEmail);
    expect(mail).toContain('Dear Ravi Kumar,');
    expect(mail).toContain(
      `We have refunded Rs 600.00 of your payment by demand draft (reference ${reference}). Banks usually take 5-7 working days to show it.`,
    );
  });

  it('only roles 2 and 5 refund, make a due refund or list the queue, whoever calls the services', async () => {
    const payment = await verifiedPayment(50_000);
    const chapterAdmin = authUserOf(await createUser(database.db, { roleId: ROLE.chapterAdmin, chapterId }));
    const ctx = { now: NOW, ip: null, mailer: api.deps.mailer, gateway: null };
    const input = { amount: 100, reason: 'Overpaid', mode: 'upi', reference: 'UPI12345', refundedOn: TODAY };
    for (const call of [
      () => refundPayment(database.db, chapterAdmin, payment.id, input, ctx),
      // Refused before the refund is even looked for.
      () => makeDueRefund(database.db, chapterAdmin, 987_654, input, ctx),
      () => listRefunds(database.db, chapterAdmin, { page: 1, pageSize: 10 }),
    ]) {
      const refused = await refusal(call);
      expect([refused.kind, refused.message]).toEqual(['forbidden', 'You do not have permission to do this.']);
    }
    expect(await refundedOf(payment.id)).toBe(0);
  });
});
