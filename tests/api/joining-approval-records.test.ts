import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { readMail } from '../support/mail';
import { APPLICANT_DETAILS, applicationRow, json } from './joining-support';

/** Everything an approval writes: the member, the account, its set-password link, history, bell, audit, e-mail. */
describeEachDatabase('Joining: what an approval records for the new member', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let superAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    // 01:30 on 21 November in Kolkata, still the 20th in UTC: the admission day is India's.
    api.clock.now = new Date('2026-11-20T20:00:00Z');
    chapterId = (await createChapter(database.db, { code: 'APR', name: 'Approval' })).id;
    superAdmin = await createUser(database.db, { roleId: '2' });
  });
  afterAll(() => database.drop());

  const recommended = (classCode = 'associate') =>
    database.db
      .insertInto('applications')
      .values({ ...applicationRow(chapterId, { state: 'recommended', classCode }), title: 'Dr' })
      .returning(['id', 'reference', 'email', 'first_name', 'last_name'])
      .executeTakeFirstOrThrow();
  const approve = (id: number, note?: string) =>
    api.request('POST', `/api/admin/applications/${id}/transitions`, {
      body: { to: 'approved', note },
      token: superAdmin.token,
    });

  it('writes the member from the application, with an account that has no password yet', async () => {
    const app = await recommended();
    const response = await approve(app.id);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ state: 'approved', memberNumber: 'NIPM/APR/00001' });

    const db = database.db;
    const member = await db
      .selectFrom('members')
      .selectAll()
      .where('member_number', '=', 'NIPM/APR/00001')
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      membership_class: 'associate',
      chapter_id: chapterId,
      title: 'Dr',
      first_name: app.first_name,
      last_name: app.last_name,
      email: app.email,
      phone: APPLICANT_DETAILS.phone,
      date_of_birth: APPLICANT_DETAILS.date_of_birth,
      address: APPLICANT_DETAILS.address,
      city: APPLICANT_DETAILS.city,
      state: APPLICANT_DETAILS.state_name,
      pincode: APPLICANT_DETAILS.pincode,
      qualification: APPLICANT_DETAILS.qualification,
      experience_years: APPLICANT_DETAILS.experience_years,
      admitted_on: '2026-11-21',
      paid_through_year: 2026,
    });
    const user = await db.selectFrom('users').selectAll().where('email', '=', app.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      role_id: 1,
      member_id: member.id,
      chapter_id: null,
      name: `${app.first_name} ${app.last_name}`,
    });
    expect(user.password_hash).toMatch(/^!unset:[0-9a-f]{32}$/);
    const reset = await db
      .selectFrom('password_resets')
      .select(['expires_at', 'used_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(reset).toEqual({ expires_at: '2026-11-27T20:00:00.000Z', used_at: null });
    const application = await db
      .selectFrom('applications')
      .select(['member_id', 'decision_note'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(application).toEqual({ member_id: member.id, decision_note: null });

    const event = await db
      .selectFrom('application_events')
      .select(['from_state', 'to_state', 'actor_user_id', 'note'])
      .where('application_id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      from_state: 'recommended',
      to_state: 'approved',
      actor_user_id: superAdmin.id,
      note: 'Admitted as NIPM/APR/00001',
    });
    const notice = await db
      .selectFrom('notifications as n')
      .innerJoin('notification_recipients as r', 'r.notification_id', 'n.id')
      .select(['n.title', 'n.message', 'n.link'])
      .where('r.user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(notice.title).toBe('Welcome to NIPM');
    expect(notice.message).toContain('Your member number is NIPM/APR/00001.');
    expect(notice.link).toBe('/member/memberdetail');
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'detail'])
      .where('action', '=', 'application.approved')
      .where('entity_id', '=', String(app.id))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(superAdmin.id);
    expect(JSON.parse(String(audit.detail))).toEqual({
      before: { state: 'recommended' },
      after: { state: 'approved', memberNumber: 'NIPM/APR/00001', memberId: member.id, userId: user.id },
    });

    await api.settle();
    const mails = api
      .outbox()
      .map(readMail)
      .filter((m) => m.headers.includes(`To: ${app.email}\n`));
    expect(mails.map((m) => m.headers.match(/^Subject: (.*)$/m)?.[1])).toEqual([
      'Welcome to NIPM: your member number NIPM/APR/00001',
    ]);
    const link = mails[0]!.body.match(/^http:\/\/localhost:4321\/\S+\?token=[A-Za-z0-9_%-]{20,}$/m)?.[0];
    expect(link).toBeDefined();
    expect(mails[0]!.body).toBe(
      [
        `Dear ${app.first_name} ${app.last_name},`,
        '',
        `The National Council has approved your application ${app.reference}. You are admitted as an Associate member of NIPM, paid for 2026-27.`,
        '',
        'Your member number: NIPM/APR/00001',
        '',
        'Set the password of your member account with this link (valid for 7 days, once), then sign in with your e-mail address:',
        '',
        link,
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
  });

  it("keeps the staff's note as the decision and the history entry, and numbers the next member on", async () => {
    const app = await recommended('corporate');
    const response = await approve(app.id, 'Approved by the National Council on 18 November.');
    expect((await json(response)).data).toEqual({ state: 'approved', memberNumber: 'NIPM/APR/00002' });
    const row = await database.db
      .selectFrom('applications as a')
      .innerJoin('application_events as e', 'e.application_id', 'a.id')
      .select(['a.decision_note', 'e.note'])
      .where('a.id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      decision_note: 'Approved by the National Council on 18 November.',
      note: 'Approved by the National Council on 18 November.',
    });
    const member = await database.db
      .selectFrom('members')
      .select('membership_class')
      .where('member_number', '=', 'NIPM/APR/00002')
      .executeTakeFirstOrThrow();
    expect(member.membership_class).toBe('corporate');
  });
});
