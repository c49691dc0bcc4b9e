import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { PAYMENT_AMOUNT_MAX } from '../../src/lib/schemas/money';
import {
  decidePaymentWithin,
  paymentForViewer,
  readReceipt,
  rejectPayment,
  verifyPayment,
} from '../../src/server/domains/money';
import { confirmMatches } from '../../src/server/domains/money/statements/statements';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { registerTestPurpose, reportTestPayment } from '../support/money';
import { authUserOf, refusal } from '../support/refunds';

/**
 * Who may open a payment, asked of the service itself as any caller (a script, a later screen) would
 * ask it, not only through routes whose roles already stop most people: staff who decide payments see
 * every one; a chapter admin their own chapter's; a content admin none; a payer their own. Each refusal
 * is the same 404, so nobody learns whether a payment exists. And the service's own answers to a payment
 * reported with a bad amount or date, decided when it does not exist, or read for a receipt it lacks.
 */
describeEachDatabase('Who may open a payment, and the service’s own refusals', (kind) => {
  let database: TestDatabase;
  let chapterId: number;
  let admin: CreatedUser;
  let chapterAdmin: CreatedUser;
  let otherChapterAdmin: CreatedUser;
  let contentAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    registerTestPurpose();
    chapterId = (await createChapter(database.db, { name: 'Durgapur' })).id;
    const otherChapter = (await createChapter(database.db, { name: 'Asansol' })).id;
    admin = await createUser(database.db, { roleId: ROLE.admin });
    chapterAdmin = await createUser(database.db, { roleId: ROLE.chapterAdmin, chapterId });
    otherChapterAdmin = await createUser(database.db, { roleId: ROLE.chapterAdmin, chapterId: otherChapter });
    contentAdmin = await createUser(database.db, { roleId: ROLE.contentAdmin });
  });
  afterAll(() => database?.drop());

  const opens = async (user: CreatedUser, paymentId: number) => {
    try {
      return (await paymentForViewer(database.db, authUserOf(user), paymentId)).id === paymentId;
    } catch (error) {
      expect(error).toMatchObject({ kind: 'not_found', message: 'No such payment.' });
      return false;
    }
  };

  it('lets a chapter admin open their chapter’s payments only, and a content admin none', async () => {
    const chapters = await reportTestPayment(database.db, { subjectId: 501, chapterId });
    const national = await reportTestPayment(database.db, { subjectId: 502, chapterId: null });
    const seen = {
      admin: [await opens(admin, chapters.id), await opens(admin, national.id)],
      chapterAdmin: [await opens(chapterAdmin, chapters.id), await opens(chapterAdmin, national.id)],
      otherChapterAdmin: [await opens(otherChapterAdmin, chapters.id), await opens(otherChapterAdmin, national.id)],
      contentAdmin: [await opens(contentAdmin, chapters.id), await opens(contentAdmin, national.id)],
    };
    expect(seen).toEqual({
      admin: [true, true],
      chapterAdmin: [true, false],
      otherChapterAdmin: [false, false],
      contentAdmin: [false, false],
    });
  });

  it('lets a member open the payment their purpose says is theirs, and no one else’s', async () => {
    const member = await createUser(database.db, { roleId: ROLE.member, memberId: null });
    const theirs = await reportTestPayment(database.db, { subjectId: 777 });
    const holder = { ...authUserOf(member), memberId: 777 };
    expect((await paymentForViewer(database.db, holder, theirs.id)).id).toBe(theirs.id);
    const stranger = await refusal(paymentForViewer(database.db, { ...holder, memberId: 778 }, theirs.id));
    expect(stranger).toMatchObject({ kind: 'not_found', message: 'No such payment.' });
    // A member has no chapter of their own to see by, so a payment of no chapter is no more theirs.
    const national = await reportTestPayment(database.db, { subjectId: 779, chapterId: null });
    const nationalToStranger = await refusal(paymentForViewer(database.db, holder, national.id));
    expect(nationalToStranger).toMatchObject({ kind: 'not_found', message: 'No such payment.' });
    const missing = await refusal(paymentForViewer(database.db, authUserOf(admin), 999_999));
    expect(missing).toMatchObject({ kind: 'not_found', message: 'No such payment.' });
  });

  it('refuses a report with no amount or a date ahead, each with its own words', async () => {
    const now = new Date('2026-11-20T06:00:00Z');
    const zero = await refusal(reportTestPayment(database.db, { amount: 0, paidOn: '2026-11-21' }, now));
    expect(zero.fields).toEqual({
      amount: 'Enter an amount above zero in paise.',
      paidOn: 'The payment date cannot be in the future.',
    });
  });

  it('takes one paisa up to the most it accepts, with names and e-mails as typed less the spaces around them', async () => {
    const now = new Date('2026-11-20T06:00:00Z');
    const smallest = await reportTestPayment(
      database.db,
      { subjectId: 504, amount: 1, payerName: '  Asha Rao ', payerEmail: ' asha@example.test  ' },
      now,
    );
    expect(smallest).toMatchObject({ amount: 1, payerName: 'Asha Rao', payerEmail: 'asha@example.test' });
    const largest = await reportTestPayment(database.db, { subjectId: 505, amount: PAYMENT_AMOUNT_MAX }, now);
    expect(largest.amount).toBe(PAYMENT_AMOUNT_MAX);
    for (const amount of [PAYMENT_AMOUNT_MAX + 1, 1.5]) {
      const refused = await refusal(reportTestPayment(database.db, { subjectId: 506, amount }, now));
      expect(refused.fields).toEqual({ amount: 'Enter an amount above zero in paise.' });
    }
  });

  it('answers two reports of one reference at once as it answers them one after the other', async () => {
    const reference = 'UTR0009988776655';
    const outcomes = await Promise.allSettled([
      reportTestPayment(database.db, { subjectId: 507, reference }),
      reportTestPayment(database.db, { subjectId: 508, reference }),
    ]);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(refused.map((outcome) => (outcome as PromiseRejectedResult).reason)).toMatchObject([
      {
        kind: 'conflict',
        fields: { reference: 'This reference has already been reported for another payment.' },
      },
    ]);
  });

  it('lets only those who decide payments confirm a bank statement’s matches', async () => {
    for (const user of [chapterAdmin, contentAdmin]) {
      const refused = await refusal(confirmMatches(database.db, authUserOf(user), 1, undefined, new Date()));
      expect(refused.kind).toBe('forbidden');
    }
  });

  it('lets only those who decide payments verify or reject one, inside a purpose’s own transaction too', async () => {
    const payment = await reportTestPayment(database.db, { subjectId: 510 });
    for (const user of [chapterAdmin, contentAdmin]) {
      expect((await refusal(verifyPayment(database.db, authUserOf(user), payment.id))).kind).toBe('forbidden');
      expect((await refusal(rejectPayment(database.db, authUserOf(user), payment.id))).kind).toBe('forbidden');
      const within = database.db
        .transaction()
        .execute((trx) => decidePaymentWithin(trx, authUserOf(user), payment.id, 'verified', null, new Date()));
      expect((await refusal(within)).kind).toBe('forbidden');
    }
    const untouched = await database.db
      .selectFrom('payments')
      .select(['state', 'decided_by'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ state: 'reported', decided_by: null });
  });

  it('keeps the decider’s note less the spaces around it, and audits the decision from reported to its state', async () => {
    const verified = await verifyPayment(
      database.db,
      authUserOf(admin),
      (await reportTestPayment(database.db, { subjectId: 511 })).id,
      '  Matched on the statement  ',
    );
    expect(verified.note).toBe('Matched on the statement');
    const rejected = await rejectPayment(
      database.db,
      authUserOf(admin),
      (await reportTestPayment(database.db, { subjectId: 512 })).id,
      '   ',
    );
    expect(rejected.note).toBeNull();
    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'entity_id', 'detail'])
      .where('entity', '=', 'payment')
      .where('entity_id', 'in', [String(verified.id), String(rejected.id)])
      .orderBy('id')
      .execute();
    expect(trail.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail ?? 'null') }))).toEqual([
      {
        action: 'payment.verified',
        actor_user_id: admin.id,
        entity_id: String(verified.id),
        detail: {
          before: { state: 'reported' },
          after: { state: 'verified', receiptNumber: verified.receiptNumber, note: 'Matched on the statement' },
        },
      },
      {
        action: 'payment.rejected',
        actor_user_id: admin.id,
        entity_id: String(rejected.id),
        detail: { before: { state: 'reported' }, after: { state: 'rejected', receiptNumber: null, note: null } },
      },
    ]);
  });

  it('says so when a payment to decide does not exist, or has no receipt yet', async () => {
    const missing = await refusal(verifyPayment(database.db, authUserOf(admin), 999_999));
    expect(missing).toMatchObject({ kind: 'not_found', message: 'No such payment.' });
    const noPayment = await refusal(readReceipt(database.db, 999_999));
    expect(noPayment).toMatchObject({ kind: 'not_found', message: 'This payment has no receipt: it is not verified.' });
    const reported = await reportTestPayment(database.db, { subjectId: 503 });
    const noReceipt = await refusal(readReceipt(database.db, reported.id));
    expect(noReceipt).toMatchObject({
      kind: 'not_found',
      message: 'This payment has no receipt: it is not verified.',
    });
  });
});
