import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { nowIso } from '../../src/server/platform/db';
import { hashToken } from '../../src/server/domains/joining/records';
import { CLOSED_WITHOUT_GUARDIAN_NOTE } from '../../src/server/domains/joining/guardian-waiting-rules';
import { applicationRow, json } from './joining-support';

interface Status {
  state: string;
  nextStep: string;
  memberNumber: string | null;
  history: { from: string | null; to: string; by: string | null; note: string | null }[];
  guardian: { name: string; email: string; givenAt: string | null } | null;
}

/**
 * The applicant's page in every state, from rows written directly: what it says next is the whole of
 * what an applicant is told, so each sentence is checked word for word.
 */
describeEachDatabase("Joining: the applicant's status page", (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let tokens = 0;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    chapterId = (await createChapter(database.db, { code: 'STP' })).id;
  });
  afterAll(() => database.drop());

  async function application(options: { state: string; amountDue?: number; memberId?: number; note?: string }) {
    tokens += 1;
    const token = `status-page-token-${tokens}-${Date.now().toString(36)}`;
    const row = await database.db
      .insertInto('applications')
      .values({
        ...applicationRow(chapterId, { state: options.state }),
        status_token_hash: hashToken(token),
        amount_due: options.amountDue ?? 125_100,
        member_id: options.memberId ?? null,
        decision_note: options.note ?? null,
      })
      .returning(['id', 'reference', 'email'])
      .executeTakeFirstOrThrow();
    return { ...row, token };
  }

  const status = async (token: string) => {
    const response = await api.request('GET', `/api/membership/status?token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    return (await json<Status>(response)).data;
  };
  const stepOf = async (options: Parameters<typeof application>[0]) =>
    (await status((await application(options)).token)).nextStep;

  it('tells the next step of each open state', async () => {
    expect(await stepOf({ state: 'awaiting_guardian' })).toBe(
      'As you are under 18, your parent or guardian must consent first: we have e-mailed them a link. Your application goes on, and you can pay, once they have.',
    );
    expect(await stepOf({ state: 'awaiting_payment', amountDue: 98_765 })).toBe(
      'Pay Rs 987.65 by UPI, bank transfer or demand draft, then report the payment here.',
    );
    expect(await stepOf({ state: 'payment_reported' })).toBe(
      'The national office is verifying your payment. You will see the receipt here once it is verified.',
    );
    expect(await stepOf({ state: 'payment_verified' })).toBe(
      'Your payment is verified. Your chapter will scrutinise your application next.',
    );
    expect(await stepOf({ state: 'under_scrutiny' })).toBe(
      'Your chapter and the national secretariat are scrutinising your application.',
    );
    expect(await stepOf({ state: 'recommended' })).toBe(
      'Your application is recommended to the Membership Admission Committee and the National Council for approval.',
    );
  });

  it('welcomes an approved applicant with the member number, and gives the reason of a rejection', async () => {
    const member = await createMember(database.db, chapterId, { memberNumber: 'STP-0042' });
    const approved = await application({ state: 'approved', memberId: member.id });
    const page = await status(approved.token);
    expect(page.memberNumber).toBe('STP-0042');
    expect(page.nextStep).toBe(
      'Welcome to NIPM. Your member number is STP-0042. We have e-mailed you a link to set your password and sign in.',
    );
    expect(await stepOf({ state: 'rejected', note: 'Experience too short for Associate.' })).toBe(
      'Your application was not approved: Experience too short for Associate.',
    );
    expect(await stepOf({ state: 'rejected' })).toBe('Your application was not approved.');
  });

  it("explains a close for want of a guardian's consent, and says who acted in the history", async () => {
    const closed = await application({ state: 'withdrawn' });
    const at = nowIso(api.clock.now);
    const staff = await createUser(database.db, { roleId: '2', name: 'Anita Staff' });
    await database.db
      .insertInto('guardian_consents')
      .values({
        application_id: closed.id,
        guardian_name: 'Ravi Sen',
        guardian_email: 'ravi.sen@example.test',
        token_hash: hashToken(`guardian-${closed.token}`),
        requested_at: at,
        closed_at: at,
      })
      .execute();
    const event = (from: string | null, to: string, note: string | null, actor: number | null = null) => ({
      application_id: closed.id,
      from_state: from,
      to_state: to,
      actor_user_id: actor,
      note,
      at,
    });
    await database.db
      .insertInto('application_events')
      .values([
        event(null, 'awaiting_guardian', 'Submitted'),
        event('awaiting_guardian', 'awaiting_payment', 'A staff move', staff.id),
        event('awaiting_payment', 'payment_reported', null),
        event('payment_reported', 'payment_verified', null),
        event('awaiting_guardian', 'withdrawn', CLOSED_WITHOUT_GUARDIAN_NOTE),
      ] as never)
      .execute();

    const page = await status(closed.token);
    expect(page.nextStep).toBe(
      'Your application was closed because no parent or guardian consented to it within 30 days. You paid nothing, so nothing is owed to you. You may apply again at any time.',
    );
    expect(page.guardian).toEqual({ name: 'Ravi Sen', email: 'ravi.sen@example.test', givenAt: null });
    // The applicant reads the institute, never a staff member's name; a move by nobody named stays unnamed.
    expect(page.history.map((h) => [h.to, h.by])).toEqual([
      ['awaiting_guardian', 'Applicant'],
      ['awaiting_payment', 'NIPM'],
      ['payment_reported', 'Applicant'],
      ['payment_verified', null],
      ['withdrawn', 'NIPM'],
    ]);

    // Without a guardian row, a withdrawal with nothing paid says only that.
    expect(await stepOf({ state: 'withdrawn' })).toBe('Your application was withdrawn.');
    const plain = await status((await application({ state: 'payment_verified' })).token);
    expect(plain.guardian).toBeNull();
  });

  it('answers a wrong link, number or e-mail with a 404 that says what to check', async () => {
    const unknown = await api.request('GET', '/api/membership/status?token=no-such-token-0123456789');
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error?.message).toBe(
      'No application has this link. Use the link from your confirmation e-mail.',
    );

    const open = await application({ state: 'awaiting_payment' });
    const wrongToken = await api.request(
      'POST',
      `/api/membership/applications/${open.reference}/withdrawal?token=not-the-token-0123456789`,
      { body: {} },
    );
    expect(wrongToken.status).toBe(404);
    expect((await json(wrongToken)).error?.message).toBe('No application has this number and link.');

    const tracked = await api.request(
      'GET',
      `/api/membership/track?reference=${open.reference.toLowerCase()}&email=${encodeURIComponent(` ${open.email.toUpperCase()}`)}`,
    );
    expect(tracked.status).toBe(200);
    expect((await json<Status>(tracked)).data.state).toBe('awaiting_payment');
    const wrongEmail = await api.request(
      'GET',
      `/api/membership/track?reference=${open.reference}&email=someone.else@example.test`,
    );
    expect(wrongEmail.status).toBe(404);
    expect((await json(wrongEmail)).error?.message).toBe(
      'No application has this number and e-mail. Check both and try again.',
    );
  });
});
