import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../src/lib/roles';
import { membershipApplicationPurpose, reportApplicationPayment } from '../../src/server/domains/joining/payments';
import { hashToken } from '../../src/server/domains/joining/records';
import { rejectPayment, verifyPayment, type PaymentRecord } from '../../src/server/domains/money';
import { registerPaymentPurposes } from '../../src/server/purposes';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser } from '../support/fixtures';
import { authUserOf, refusal } from '../support/refunds';
import { applicationRow } from './joining-support';

/**
 * A membership application's payment as money's purpose seam sees it, asked of the handler and the
 * services directly as any caller (the payments list, the online start, a script) would: who may open
 * it, what a rejection without a note tells the applicant, a report that loses the race to another,
 * and an online start for an application nobody can name.
 */
describeEachDatabase('Joining: an application’s payment through money’s purpose seam', (kind) => {
  let database: TestDatabase;
  let chapterId: number;
  let otherChapterId: number;
  let count = 0;
  const now = new Date('2026-11-20T06:00:00Z');

  beforeAll(async () => {
    database = await kind.create();
    registerPaymentPurposes();
    chapterId = (await createChapter(database.db, { code: 'SEAM' })).id;
    otherChapterId = (await createChapter(database.db, { code: 'ELSE' })).id;
  });
  afterAll(() => database?.drop());

  async function application(state = 'awaiting_payment') {
    count += 1;
    const token = `payment-seam-${count}-${Date.now().toString(36)}`;
    const row = await database.db
      .insertInto('applications')
      .values({ ...applicationRow(chapterId, { state, appliedOn: '2026-11-10' }), status_token_hash: hashToken(token) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, token };
  }

  const report = (row: Awaited<ReturnType<typeof application>>['row'], reference: string) =>
    reportApplicationPayment(
      database.db,
      row,
      { mode: 'upi', reference, amount: row.amount_due, paidOn: '2026-11-19' },
      { now, ip: '203.0.113.9' },
    );

  it('lets the national office and the applicant’s chapter admin open the payment, and nobody else', async () => {
    const { row } = await application();
    const payment = await report(row, '612345679001');
    const opens = async (roleId: RoleId, chapter: number | null) => {
      const user = await createUser(database.db, { roleId, chapterId: chapter });
      return membershipApplicationPurpose.canView(database.db, authUserOf(user), payment);
    };
    expect({
      superAdmin: await opens(ROLE.superAdmin, null),
      admin: await opens(ROLE.admin, null),
      ownChapterAdmin: await opens(ROLE.chapterAdmin, chapterId),
      otherChapterAdmin: await opens(ROLE.chapterAdmin, otherChapterId),
      chapterAdminWithoutChapter: await opens(ROLE.chapterAdmin, null),
      contentAdmin: await opens(ROLE.contentAdmin, null),
      member: await opens(ROLE.member, chapterId),
    }).toEqual({
      superAdmin: true,
      admin: true,
      ownChapterAdmin: true,
      otherChapterAdmin: false,
      chapterAdminWithoutChapter: false,
      contentAdmin: false,
      member: false,
    });
    // The chapter is the application's, not the payment's own copy of it.
    const moved = { ...payment, subjectId: payment.subjectId + 10_000 } satisfies PaymentRecord;
    const chapterAdmin = await createUser(database.db, { roleId: ROLE.chapterAdmin, chapterId });
    expect(await membershipApplicationPurpose.canView(database.db, authUserOf(chapterAdmin), moved)).toBe(false);
  });

  it('tells the applicant to pay again when staff turn a payment down without a note', async () => {
    const { row } = await application();
    const payment = await report(row, '612345679002');
    const staff = await createUser(database.db, { roleId: ROLE.admin });
    await rejectPayment(database.db, authUserOf(staff), payment.id, '  ', now);
    const last = await database.db
      .selectFrom('application_events')
      .select(['from_state', 'to_state', 'actor_user_id', 'note'])
      .where('application_id', '=', row.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({
      from_state: 'payment_reported',
      to_state: 'awaiting_payment',
      actor_user_id: staff.id,
      note: 'Payment not accepted. Please pay again or report the right reference.',
    });
  });

  it('refuses a report whose application another report has just moved on, and keeps only the first', async () => {
    const { row } = await application();
    await report(row, '612345679003');
    // `row` still says awaiting payment, as it did when this second request read it.
    const late = await refusal(report(row, '612345679004'));
    expect(late).toMatchObject({ kind: 'conflict', message: 'A payment is already reported for this application.' });
    const payments = await database.db
      .selectFrom('payments')
      .select('reference')
      .where('purpose', '=', 'membership_application')
      .where('subject_id', '=', row.id)
      .execute();
    expect(payments).toEqual([{ reference: '612345679003' }]);
  });

  it('starts no online payment for an application named without its token, or with another', async () => {
    const { row, token } = await application();
    const start = (statusToken: string | null) =>
      refusal(
        membershipApplicationPurpose.reportOnline!(database.db, {
          subjectId: row.id,
          statusToken,
          caller: null,
          now,
          ip: '203.0.113.9',
        }),
      );
    for (const statusToken of [null, `${token}-not`]) {
      expect(await start(statusToken)).toMatchObject({ kind: 'not_found', message: 'No such application.' });
    }
    const state = await database.db
      .selectFrom('applications')
      .select('state')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('awaiting_payment');
  });

  it('records the report in the audit trail, and the verification in the history with the reference', async () => {
    const { row } = await application();
    const payment = await report(row, '612345679005');
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['ip', 'detail'])
      .where('action', '=', 'application.payment_reported')
      .where('entity_id', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect({ ip: audit.ip, detail: JSON.parse(audit.detail ?? 'null') as unknown }).toEqual({
      ip: '203.0.113.9',
      detail: { paymentId: payment.id, mode: 'upi', amount: row.amount_due },
    });
    const staff = await createUser(database.db, { roleId: ROLE.admin });
    await verifyPayment(database.db, authUserOf(staff), payment.id, null, now);
    const last = await database.db
      .selectFrom('application_events')
      .select(['to_state', 'actor_user_id', 'note'])
      .where('application_id', '=', row.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({
      to_state: 'payment_verified',
      actor_user_id: staff.id,
      note: 'Payment verified (612345679005)',
    });
  });

  it('owes the money back at once when it is verified after the applicant withdrew', async () => {
    const { row } = await application();
    const payment = await report(row, '612345679006');
    await database.db.updateTable('applications').set({ state: 'withdrawn' }).where('id', '=', row.id).execute();
    const staff = await createUser(database.db, { roleId: ROLE.admin });
    await verifyPayment(database.db, authUserOf(staff), payment.id, null, now);
    const due = await database.db
      .selectFrom('refunds')
      .select(['state', 'amount', 'reason'])
      .where('payment_id', '=', payment.id)
      .execute();
    expect(due).toEqual([{ state: 'due', amount: row.amount_due, reason: 'Application withdrawn.' }]);
  });

  it('names each application’s payments by its number, and none when asked for none', async () => {
    const first = await application();
    const second = await application();
    const labels = await membershipApplicationPurpose.subjectLabels!(database.db, [first.row.id, second.row.id]);
    expect([...labels]).toEqual([
      [first.row.id, first.row.reference],
      [second.row.id, second.row.reference],
    ]);
    expect((await membershipApplicationPurpose.subjectLabels!(database.db, [])).size).toBe(0);
  });

  it('starts an online payment of the amount due, returning to the application’s own page', async () => {
    const { row, token } = await application();
    const started = await membershipApplicationPurpose.reportOnline!(database.db, {
      subjectId: row.id,
      statusToken: token,
      caller: null,
      now,
      ip: '203.0.113.9',
    });
    expect(started).toMatchObject({
      payment: { mode: 'online', amount: row.amount_due, paidOn: '2026-11-20', state: 'reported' },
      returnPath: `/membership/status?token=${encodeURIComponent(token)}`,
    });
  });

  it('invoices the fee to the buyer the applicant named, or else to the applicant at their address', async () => {
    const supplyOf = async (values: Record<string, unknown>) => {
      const { row } = await application();
      await database.db.updateTable('applications').set(values).where('id', '=', row.id).execute();
      const payment = await report(row, `61234567${String(9100 + count)}`);
      return {
        reference: row.reference,
        supply: await membershipApplicationPurpose.taxableSupply!(database.db, payment),
      };
    };
    const own = await supplyOf({ first_name: 'Rupa', last_name: 'Sen' });
    expect(own.supply).toEqual({
      kind: 'membership',
      buyer: { name: 'Rupa Sen', address: '1 Park Street, Kolkata, West Bengal, 700016', gstin: null, stateCode: '19' },
      eventStateCode: null,
      lines: [
        {
          kind: 'membership',
          description: `Membership (${own.reference}): Entrance fee (Associate)`,
          quantity: 1,
          amount: 50_000,
          discount: 0,
          ratePercent: null,
        },
        {
          kind: 'membership',
          description: `Membership (${own.reference}): Subscription 2026-27 (half year, October-March)`,
          quantity: 1,
          amount: 75_100,
          discount: 0,
          ratePercent: null,
        },
      ],
    });
    const employer = await supplyOf({
      gstin: '27AAACT2727Q1ZW',
      buyer_name: null,
      organisation: 'Tata Steel Ltd',
      buyer_address: 'Bombay House, Mumbai',
    });
    expect(employer.supply?.buyer).toEqual({
      name: 'Tata Steel Ltd',
      address: 'Bombay House, Mumbai',
      gstin: '27AAACT2727Q1ZW',
      stateCode: '27',
    });
  });
});
