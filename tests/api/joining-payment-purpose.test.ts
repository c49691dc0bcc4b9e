import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../src/lib/roles';
import { membershipApplicationPurpose, reportApplicationPayment } from '../../src/server/domains/joining/payments';
import { hashToken } from '../../src/server/domains/joining/records';
import { rejectPayment, type PaymentRecord } from '../../src/server/domains/money';
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
});
