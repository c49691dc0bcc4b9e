import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as fixesMigration from '../../src/server/platform/db/migrations/015_fixes';
import { DomainError } from '../../src/server/domains/errors';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { registerTestPurpose, reportTestPayment } from '../support/money';
import { applicationBody, createProposer, json, seedFees, submit } from './joining-support';

/**
 * Issue 28, item 2: a UTR names one transfer whatever mode the payer chose. The same reference
 * reported as UPI by one applicant and as a bank transfer (IMPS) by another, at the same moment,
 * is accepted once; the database's unique index decides, not only the check before the insert.
 */
registerTestPurpose();

describeEachDatabase('Payments (issue 28): one reference per transfer, the payer told of decisions', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let superAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    await seedFees(database.db, 2026);
    chapterId = (await createChapter(database.db, { code: 'REF' })).id;
    await createProposer(database.db, chapterId, { memberNumber: 'RF-1' });
    await createProposer(database.db, chapterId, { memberNumber: 'RF-2' });
    superAdmin = await createUser(database.db, { roleId: '2' });
  }, 60_000);
  afterAll(() => database.drop());

  async function applicant() {
    const created = await submit(api, applicationBody(chapterId, ['RF-1', 'RF-2']));
    expect(created.status).toBe(201);
    const { reference, statusToken, amountDue } = (
      await json<{ reference: string; statusToken: string; amountDue: number }>(created)
    ).data;
    return (mode: string, utr: string) =>
      api.request(
        'POST',
        `/api/membership/applications/${reference}/payments?token=${encodeURIComponent(statusToken)}`,
        { body: { mode, reference: utr, amount: amountDue, paidOn: '2026-11-20' } },
      );
  }

  it('accepts one of two applicants reporting the same UTR as UPI and as IMPS at the same moment', async () => {
    const [first, second] = [await applicant(), await applicant()];
    const answers = await Promise.all([first('upi', '432198765012'), second('bank_transfer', '4321 9876 5012')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = await json(answers.find((a) => a.status === 409)!);
    expect(refused.error?.fields?.reference).toBe('This reference has already been reported for another payment.');
    const rows = await database.db
      .selectFrom('payments')
      .select(['mode', 'reference_key'])
      .where('reference_key', '=', '432198765012')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets the database refuse the second report even when the early check is passed by both', async () => {
    const racing = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        reportTestPayment(database.db, {
          mode: i % 2 ? 'upi' : 'bank_transfer',
          reference: i % 2 ? '555566667777' : ' 5555 6666 7777 ',
        }),
      ),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of racing.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
      expect(((result as PromiseRejectedResult).reason as DomainError).kind).toBe('conflict');
    }
  });

  it('frees a reference once its payment is rejected, whatever mode reports it next', async () => {
    const first = await reportTestPayment(database.db, { mode: 'upi', reference: '777788889999' });
    await database.db.updateTable('payments').set({ state: 'rejected' }).where('id', '=', first.id).execute();
    const again = await reportTestPayment(database.db, { mode: 'bank_transfer', reference: '777788889999' });
    expect(again.state).toBe('reported');
  });

  it('e-mails the payer the receipt when verified and the reason when rejected', async () => {
    const decide = (id: number, action: 'verify' | 'reject', note: string) =>
      api.request('POST', `/api/admin/payments/${id}/${action}`, { token: superAdmin.token, body: { note } });
    const verified = await reportTestPayment(database.db, { subjectId: 650, payerEmail: 'paid.payer@example.test' });
    const rejected = await reportTestPayment(database.db, { subjectId: 651, payerEmail: 'unpaid.payer@example.test' });
    const receipt = await json<{ receiptNumber: string }>(await decide(verified.id, 'verify', 'Arrived'));
    await decide(rejected.id, 'reject', 'Nothing arrived with this UTR.');
    await api.settle();
    const mails = api.outbox().map((raw) => raw.replace(/=\r?\n/g, ''));
    const receiptMail = mails.find((m) => m.includes('To: paid.payer@example.test'));
    expect(receiptMail).toContain(`Subject: NIPM receipt ${receipt.data.receiptNumber}`);
    expect(receiptMail).toMatch(/Content-Type: application\/pdf; name=receipt-NIPM-RCPT-/);
    const refusal = mails.find((m) => m.includes('To: unpaid.payer@example.test'));
    expect(refusal).toContain('could not be verified');
    expect(refusal).toContain('The reason given: Nothing arrived with this UTR.');
  });

  it('reports payments already sharing a reference when migrating, and changes none of them', async () => {
    const db = database.db;
    await fixesMigration.down(db as unknown as Kysely<unknown>);
    const base = {
      purpose: 'test_order',
      subject_id: 1,
      payer_name: 'Old Payer',
      payer_email: 'old@example.test',
      amount: 10_000,
      paid_on: '2026-04-01',
      note: null,
      reported_at: '2026-04-01T06:00:00.000Z',
    } as const;
    const inserted = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('payments')
      .values([
        { ...base, mode: 'upi', reference: '999900001111', state: 'verified' },
        { ...base, mode: 'bank_transfer', reference: '999900001111', state: 'reported' },
        { ...base, mode: 'upi', reference: '999900002222', state: 'rejected' },
        { ...base, mode: 'upi', reference: '999900002222', state: 'reported' },
      ])
      .returning(['id'])
      .execute();
    const ids = inserted.map((row) => Number(row.id));
    await fixesMigration.up(db as unknown as Kysely<unknown>);

    const after = await db
      .selectFrom('payments')
      .select(['id', 'state', 'reference', 'reference_key'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(after.map((p) => p.state)).toEqual(['verified', 'reported', 'rejected', 'reported']);
    expect(after.map((p) => p.reference_key)).toEqual(['999900001111', null, '999900002222', '999900002222']);
    const report = await db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'payment.duplicate_reference')
      .execute();
    expect(report).toHaveLength(1);
    expect(JSON.parse(report[0].detail ?? '{}')).toEqual({ reference: '999900001111', paymentIds: ids.slice(0, 2) });
  });
});
