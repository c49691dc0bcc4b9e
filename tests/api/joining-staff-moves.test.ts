import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { readMail } from '../support/mail';
import { applicationRow, json } from './joining-support';

/** Staff moving applications: each refusal word for word, and what a move leaves in history, audit and mail. */
describeEachDatabase('Joining: staff moves an application through scrutiny, rejection and withdrawal', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let home: number;
  let away: number;
  let superAdmin: CreatedUser;
  let chapterAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    home = (await createChapter(database.db, { code: 'HMV' })).id;
    away = (await createChapter(database.db, { code: 'AMV' })).id;
    superAdmin = await createUser(database.db, { roleId: '2', name: 'Nita National' });
    chapterAdmin = await createUser(database.db, { roleId: '4', chapterId: home, name: 'Chandan Chapter' });
  });
  afterAll(() => database.drop());

  const application = async (state: string, chapterId = home) =>
    database.db
      .insertInto('applications')
      .values(applicationRow(chapterId, { state }))
      .returning(['id', 'reference', 'email'])
      .executeTakeFirstOrThrow();
  const move = (id: number, body: Record<string, unknown>, user: CreatedUser = superAdmin) =>
    api.request('POST', `/api/admin/applications/${id}/transitions`, { body, token: user.token });
  const refusal = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    return (await json(response)).error!;
  };

  it("hides another chapter's application and a child's still waiting for a guardian", async () => {
    const elsewhere = await application('payment_verified', away);
    expect((await refusal(await move(elsewhere.id, { to: 'under_scrutiny' }, chapterAdmin), 404)).message).toBe(
      'No such application.',
    );
    const child = await application('awaiting_guardian');
    expect((await refusal(await move(child.id, { to: 'withdrawn', note: 'Asked by the parent' }), 404)).message).toBe(
      'No such application.',
    );
  });

  it('refuses a move made by a payment, a national move by a chapter, a missing reason and a wrong state', async () => {
    const reported = await application('payment_reported');
    expect((await refusal(await move(reported.id, { to: 'payment_verified' }), 409)).message).toBe(
      'An application becomes "Payment verified" through its payment: verify or reject the payment instead.',
    );
    const recommended = await application('recommended');
    expect((await refusal(await move(recommended.id, { to: 'approved' }, chapterAdmin), 403)).message).toBe(
      'Only the national office may move an application to "Approved".',
    );
    expect((await refusal(await move(recommended.id, { to: 'rejected', note: '   ' }), 400)).fields).toEqual({
      note: 'Give the reason for the rejection: the applicant reads it.',
    });
    expect((await refusal(await move(recommended.id, { to: 'withdrawn' }), 400)).fields).toEqual({
      note: 'Say who asked for the withdrawal and why.',
    });
    expect((await refusal(await move(reported.id, { to: 'under_scrutiny' }, chapterAdmin), 409)).message).toBe(
      'This application is "Payment reported" and cannot become "Under scrutiny". Reload it to see its current state.',
    );
    const state = await database.db
      .selectFrom('applications')
      .select('state')
      .where('id', 'in', [reported.id, recommended.id])
      .orderBy('id')
      .execute();
    expect(state.map((s) => s.state)).toEqual(['payment_reported', 'recommended']);
  });

  it('lets a chapter admin take a verified application into scrutiny, recorded under their name', async () => {
    const verified = await application('payment_verified');
    const before = await json<{ allowedTransitions: string[] }>(
      await api.request('GET', `/api/admin/applications/${verified.id}`, { token: chapterAdmin.token }),
    );
    expect(before.data.allowedTransitions).toEqual(['under_scrutiny']);
    const moved = await move(verified.id, { to: 'under_scrutiny', note: '  Documents look complete  ' }, chapterAdmin);
    expect(moved.status).toBe(200);
    expect((await json(moved)).data).toEqual({ state: 'under_scrutiny', memberNumber: null });

    const detail = await json<{ history: { from: string; to: string; by: string; note: string }[] }>(
      await api.request('GET', `/api/admin/applications/${verified.id}`, { token: superAdmin.token }),
    );
    expect(detail.data.history).toEqual([
      expect.objectContaining({
        from: 'payment_verified',
        to: 'under_scrutiny',
        by: 'Chandan Chapter',
        note: 'Documents look complete',
      }),
    ]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'detail'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', String(verified.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'application.transition', actor_user_id: chapterAdmin.id });
    expect(JSON.parse(String(audit.detail))).toEqual({
      before: { state: 'payment_verified' },
      after: { state: 'under_scrutiny' },
      note: 'Documents look complete',
    });
    // A step on the way is not news for the applicant: only a decision or a closing is e-mailed.
    await api.settle();
    expect(
      api
        .outbox()
        .map(readMail)
        .filter((m) => m.headers.includes(`To: ${verified.email}\n`)),
    ).toEqual([]);
  });

  it('tells the applicant the reason of a rejection, and that nothing is owed after a withdrawal, in full', async () => {
    const rejected = await application('under_scrutiny');
    // Notes as typed, with spaces around: the mail, the history and the decision keep them trimmed.
    expect((await move(rejected.id, { to: 'rejected', note: '  Experience too short.  ' })).status).toBe(200);
    const withdrawn = await application('payment_verified');
    expect((await move(withdrawn.id, { to: 'withdrawn', note: ' Asked by phone on 19 November. ' })).status).toBe(200);
    await api.settle();
    const mailTo = (email: string) => {
      const found = api
        .outbox()
        .map(readMail)
        .filter((m) => m.headers.includes(`To: ${email}\n`));
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const namesOf = async (id: number) =>
      database.db
        .selectFrom('applications')
        .select(['first_name', 'last_name', 'decision_note'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const rejection = mailTo(rejected.email);
    const rejectedRow = await namesOf(rejected.id);
    expect(rejectedRow.decision_note).toBe('Experience too short.');
    expect(rejection.headers).toContain(`Subject: NIPM membership application ${rejected.reference}: rejected\n`);
    expect(rejection.body).toBe(
      [
        `Dear ${rejectedRow.first_name} ${rejectedRow.last_name},`,
        '',
        `We regret that your application ${rejected.reference} was not approved. Reason: Experience too short.`,
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
    const withdrawal = mailTo(withdrawn.email);
    const withdrawnRow = await namesOf(withdrawn.id);
    expect(withdrawnRow.decision_note).toBe('Asked by phone on 19 November.');
    expect(withdrawal.headers).toContain(`Subject: NIPM membership application ${withdrawn.reference}: withdrawn\n`);
    expect(withdrawal.body).toBe(
      [
        `Dear ${withdrawnRow.first_name} ${withdrawnRow.last_name},`,
        '',
        `Your application ${withdrawn.reference} was withdrawn. Asked by phone on 19 November.`,
        'You had paid nothing for it, so nothing is owed to you.',
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
    const events = await database.db
      .selectFrom('application_events')
      .select(['application_id', 'to_state', 'actor_user_id', 'note'])
      .where('application_id', 'in', [rejected.id, withdrawn.id])
      .orderBy('application_id')
      .execute();
    expect(events).toEqual([
      {
        application_id: rejected.id,
        to_state: 'rejected',
        actor_user_id: superAdmin.id,
        note: 'Experience too short.',
      },
      {
        application_id: withdrawn.id,
        to_state: 'withdrawn',
        actor_user_id: superAdmin.id,
        note: 'Asked by phone on 19 November.',
      },
    ]);
  });
});
