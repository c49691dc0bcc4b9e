import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter } from '../support/fixtures';
import { readMail } from '../support/mail';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { dailyJob } from '../../src/server/jobs';
import { CURRENT_NOTICE_VERSION } from '../../src/lib/schemas/privacy';
import { applicationBody, createCoupon, createProposer, json, seedFees, submit } from './joining-support';

const DAY_MS = 86_400_000;

/**
 * What a minor's application says to the guardian and the applicant, read whole: the first request, the
 * applicant's e-mail when the guardian consents, the guardian-waiting job's reminder on day 7 and the two
 * e-mails of its closing on day 30; the audit entries of each step; and the coupon the closed application
 * held, given back for someone else to use.
 */
describeEachDatabase('Joining: a guardian’s e-mails and records, read whole', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  const proposers: [string, string] = ['GM-0001', 'GM-0002'];

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-01T06:00:00Z');
    await seedFees(database.db, 2026);
    chapterId = (await createChapter(database.db, { code: 'GWM', name: 'Guardian Mail Chapter' })).id;
    await createProposer(database.db, chapterId, { memberNumber: proposers[0] });
    await createProposer(database.db, chapterId, { memberNumber: proposers[1] });
    await createCoupon(database.db, { code: 'YOUNG10', value: 10, maxUses: 1 });
  });
  afterAll(() => database?.drop());

  const runJob = async () => {
    const now = api.clock.now;
    const context = {
      db: database.db,
      mailer: createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: api.outboxDir }),
      siteUrl: 'https://www.nipm.example',
    };
    return (await dailyJob('guardian-waiting')!.run(context, now.toISOString().slice(0, 10), now)).figures;
  };
  const mailTo = (email: string, subject: string) => {
    const found = api
      .outbox()
      .map(readMail)
      .filter((m) => m.headers.includes(`To: ${email}\n`) && m.headers.includes(`Subject: ${subject}\n`));
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const auditOf = async (applicationId: number, action: string) => {
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'detail'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', String(applicationId))
      .where('action', '=', action)
      .execute();
    return rows.map((row) => ({ actor: row.actor_user_id, detail: JSON.parse(row.detail ?? 'null') as unknown }));
  };

  it('reminds the guardian in full, closes at day 30 telling both in full, and gives the coupon back', async () => {
    const start = api.clock.now;
    const body = applicationBody(chapterId, proposers, {
      firstName: 'Mitali',
      lastName: 'Bose',
      dateOfBirth: '2011-03-01',
      guardianName: 'Ravi Bose',
      guardianEmail: 'ravi.bose@example.test',
      coupon: 'young10',
    });
    const answer = await submit(api, body);
    expect(answer.status).toBe(201);
    await api.settle();
    const { reference } = (await json<{ reference: string }>(answer)).data;
    const application = await database.db
      .selectFrom('applications')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const couponUses = async () =>
      (await database.db.selectFrom('coupons').select('uses').where('code', '=', 'YOUNG10').executeTakeFirstOrThrow())
        .uses;
    expect(await couponUses()).toBe(1);

    api.clock.now = new Date(start.getTime() + 7 * DAY_MS + 3_600_000);
    expect(await runJob()).toEqual({ reminded: 1, closed: 0 });
    const reminder = mailTo(
      'ravi.bose@example.test',
      `Reminder: your consent for Mitali Bose's NIPM application ${reference}`,
    );
    const link = reminder.body.match(/^https:\/\/www\.nipm\.example\/membership\/guardian\?token=\S+$/m)?.[0];
    expect(link).toBeDefined();
    expect(reminder.body).toBe(
      [
        'Dear Ravi Bose,',
        '',
        `A week ago Mitali Bose applied for Associate membership of the National Institute of Personnel Management (application ${reference}) and named you as their parent or guardian. As they are under 18, the application waits for your consent (Digital Personal Data Protection Act 2023, section 9).`,
        '',
        'Read what we keep and why, and give or refuse your consent, here (this link replaces the one in our first e-mail):',
        '',
        link,
        '',
        'If you do not consent within 30 days of the application, it is closed and Mitali may apply again. If you do not know this applicant, ignore this e-mail.',
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
    expect(await auditOf(application.id, 'application.guardian_reminded')).toEqual([
      { actor: null, detail: { reference } },
    ]);

    api.clock.now = new Date(start.getTime() + 30 * DAY_MS + 3_600_000);
    expect(await runJob()).toEqual({ reminded: 0, closed: 1 });
    const toApplicant = mailTo(
      body.email as string,
      `NIPM membership application ${reference}: closed without a parent's or guardian's consent`,
    );
    expect(toApplicant.body).toBe(
      [
        'Dear Mitali Bose,',
        '',
        `Your application ${reference} was closed because no parent or guardian consented to it within 30 days (Ravi Bose was asked twice). You paid nothing for it, so nothing is owed to you.`,
        '',
        'You may apply again at any time, with a parent or guardian who can consent, or on your own once you are 18.',
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
    const toGuardian = mailTo(
      'ravi.bose@example.test',
      `NIPM application ${reference} closed: no consent needed any more`,
    );
    expect(toGuardian.body).toBe(
      [
        'Dear Ravi Bose,',
        '',
        `Mitali Bose's application ${reference} was closed because we did not receive your consent within 30 days. The links we sent you no longer work, and nothing more is needed from you.`,
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
    expect(await auditOf(application.id, 'application.closed_without_guardian')).toEqual([
      { actor: null, detail: { reference, after: { state: 'withdrawn' } } },
    ]);
    const closed = await database.db
      .selectFrom('applications')
      .select(['state', 'decision_note'])
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({
      state: 'withdrawn',
      decision_note: 'Closed: no parent or guardian consented within 30 days.',
    });
    // The coupon's one use is free again for another applicant.
    expect(await couponUses()).toBe(0);
  });

  it('asks the guardian in full, and tells the applicant in full when the guardian consents', async () => {
    const body = applicationBody(chapterId, proposers, {
      firstName: 'Arjun',
      lastName: 'Pal',
      dateOfBirth: '2010-06-15',
      guardianName: 'Sudha Pal',
      guardianEmail: 'sudha.pal@example.test',
    });
    const answer = await submit(api, body);
    expect(answer.status).toBe(201);
    await api.settle();
    const { reference } = (await json<{ reference: string }>(answer)).data;
    const request = mailTo('sudha.pal@example.test', `Your consent for Arjun Pal's NIPM application ${reference}`);
    const link = request.body.match(/^http:\/\/localhost:4321\/membership\/guardian\?token=(\S+)$/m);
    expect(link).not.toBeNull();
    expect(request.body).toBe(
      [
        'Dear Sudha Pal,',
        '',
        `Arjun Pal has applied for Associate membership of the National Institute of Personnel Management (application ${reference}) and named you as their parent or guardian.`,
        'As they are under 18, the law (Digital Personal Data Protection Act 2023, section 9) asks for your consent before we use their personal data to decide the application, keep their membership record, take the payment and issue receipts. The application waits until you give it.',
        '',
        'Read what we keep and why, and give or refuse your consent, here:',
        '',
        link![0],
        '',
        `The privacy notice (version ${CURRENT_NOTICE_VERSION}): http://localhost:4321/privacy`,
        '',
        'If you do not know this applicant, ignore this e-mail: nothing goes further without your consent.',
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );

    const given = await api.request('POST', `/api/membership/guardian/consent?token=${encodeURIComponent(link![1]!)}`, {
      body: { consent: true },
    });
    expect(given.status).toBe(200);
    await api.settle();
    const told = mailTo(body.email as string, `NIPM membership application ${reference}: your guardian consented`);
    expect(told.body).toBe(
      [
        'Dear Arjun Pal,',
        '',
        `Sudha Pal has given the consent your application ${reference} needed. It now goes on: pay the fee and report the payment from your application's page (the link in your confirmation e-mail).`,
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
    const application = await database.db
      .selectFrom('applications')
      .select(['id', 'state'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(application.state).toBe('awaiting_payment');
    expect(await auditOf(application.id, 'application.guardian_consented')).toEqual([
      { actor: null, detail: { reference } },
    ]);
  });
});
