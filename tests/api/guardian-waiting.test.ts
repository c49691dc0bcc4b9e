import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter } from '../support/fixtures';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { dailyJob } from '../../src/server/jobs';
import type { DB } from '../../src/server/platform/db';
import { applicationIsDue } from '../../src/server/domains/privacy/retention';
import { applicationBody, createProposer, json, seedFees, submit } from './joining-support';

/** The outbox text with quoted-printable soft breaks undone. */
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

function tokenOf(eml: string): string {
  const match = plain(eml).match(/\/membership\/guardian\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`No guardian link in:\n${eml}`);
  return decodeURIComponent(match[1]);
}

const DAY_MS = 86_400_000;

/**
 * The daily `guardian-waiting` job (DPDP Act s.9): one reminder with a fresh link after 7 days
 * without a guardian's consent, the application closed after 30. Each test starts its
 * applications after the previous test's have been settled, so the job's counts are exact.
 */
describeEachDatabase('guardians who do not answer: reminded once at day 7, closed at day 30', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapter: { id: number };
  const proposers: [string, string] = ['GW-0001', 'GW-0002'];

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-01T06:00:00Z');
    await seedFees(database.db, 2026);
    chapter = await createChapter(database.db, { code: 'GWT', name: 'Guardian Chapter' });
    await createProposer(database.db, chapter.id, { memberNumber: proposers[0] });
    await createProposer(database.db, chapter.id, { memberNumber: proposers[1], membershipClass: 'life' });
  });
  afterAll(() => database.drop());

  const job = dailyJob('guardian-waiting')!;
  const runJob = async (db: DB = database.db) => {
    const now = api.clock.now;
    const context = {
      db,
      mailer: createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: api.outboxDir }),
      siteUrl: 'http://localhost:4321',
    };
    return (await job.run(context, now.toISOString().slice(0, 10), now)).figures as {
      reminded: number;
      closed: number;
    };
  };
  const at = (start: Date, days: number, hours = 0) => {
    api.clock.now = new Date(start.getTime() + days * DAY_MS + hours * 3_600_000);
  };
  const mailsTo = (email: string, subject?: RegExp) =>
    api
      .outbox()
      .map(plain)
      .filter((m) => m.includes(`To: ${email}`) && (!subject || subject.test(m)));
  const guardianPage = (token: string) =>
    api.request('GET', `/api/membership/guardian?token=${encodeURIComponent(token)}`);
  const consent = (token: string) =>
    api.request('POST', `/api/membership/guardian/consent?token=${encodeURIComponent(token)}`, {
      body: { consent: true },
    });
  const statusOf = async (statusToken: string) =>
    (
      await json<{
        state: string;
        nextStep: string;
        history: { from: string | null; to: string; note: string | null; by: string | null }[];
      }>(await api.request('GET', `/api/membership/status?token=${encodeURIComponent(statusToken)}`))
    ).data;

  async function minor(guardianEmail: string) {
    const body = applicationBody(chapter.id, proposers, {
      dateOfBirth: '2011-03-01',
      guardianName: 'Ravi Sen',
      guardianEmail,
    });
    const answer = await submit(api, body);
    expect(answer.status).toBe(201);
    await api.settle();
    const created = (await json<{ reference: string; statusToken: string; state: string }>(answer)).data;
    expect(created.state).toBe('awaiting_guardian');
    return { ...created, email: body.email, firstToken: tokenOf(mailsTo(guardianEmail)[0]!) };
  }

  it('reminds once after 7 days with a fresh link that replaces the first, then closes at day 30', async () => {
    const start = api.clock.now;
    const guardian = 'late.guardian@example.test';
    const app = await minor(guardian);

    at(start, 6, 23);
    expect(await runJob()).toEqual({ reminded: 0, closed: 0 });
    at(start, 7, 1);
    expect(await runJob()).toEqual({ reminded: 1, closed: 0 });
    // Run again the same day and on the next days: no second reminder.
    expect(await runJob()).toEqual({ reminded: 0, closed: 0 });
    at(start, 8, 1);
    expect(await runJob()).toEqual({ reminded: 0, closed: 0 });
    const reminders = mailsTo(guardian, /Subject: Reminder: your consent/);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain(app.reference);
    expect(reminders[0]).toContain('replaces the one in our first e-mail');

    // The reminded link works; the first one no longer does.
    const fresh = tokenOf(reminders[0]!);
    expect(fresh).not.toBe(app.firstToken);
    const page = await guardianPage(fresh);
    expect(page.status).toBe(200);
    expect((await json<{ reference: string; state: string }>(page)).data).toMatchObject({
      reference: app.reference,
      state: 'awaiting_guardian',
    });
    const old = await guardianPage(app.firstToken);
    expect(old.status).toBe(404);
    expect((await json(old)).error?.message).toMatch(/latest e-mail/);

    at(start, 29, 23);
    expect(await runJob()).toEqual({ reminded: 0, closed: 0 });
    at(start, 30, 1);
    const applicantMailsBefore = mailsTo(app.email).length;
    expect(await runJob()).toEqual({ reminded: 0, closed: 1 });
    expect(await runJob()).toEqual({ reminded: 0, closed: 0 });

    // Both are told, once.
    const toApplicant = mailsTo(app.email).slice(applicantMailsBefore);
    expect(toApplicant).toHaveLength(1);
    expect(toApplicant[0]).toContain('closed because no parent or guardian consented');
    expect(toApplicant[0]).toContain('You may apply again');
    expect(toApplicant[0]).toContain('You paid nothing');
    const toGuardian = mailsTo(guardian, /Subject: NIPM application .* closed/);
    expect(toGuardian).toHaveLength(1);
    expect(toGuardian[0]).toContain('no longer work');

    // The applicant's page says why, plainly, and that they may apply again; the history records it.
    const status = await statusOf(app.statusToken);
    expect(status.state).toBe('withdrawn');
    expect(status.nextStep).toMatch(/closed because no parent or guardian consented to it within 30 days/);
    expect(status.nextStep).toMatch(/may apply again/);
    expect(status.history.at(-1)).toMatchObject({
      from: 'awaiting_guardian',
      to: 'withdrawn',
      note: 'Closed: no parent or guardian consented within 30 days.',
      by: 'NIPM',
    });

    // The link stops working, with a clear message; a consent now changes nothing.
    const closedPage = await guardianPage(fresh);
    expect(closedPage.status).toBe(409);
    expect((await json(closedPage)).error?.message).toMatch(/was closed because no parent or guardian consented/);
    expect((await consent(fresh)).status).toBe(409);

    // No payment, so no refund due; the retention job erases it like any withdrawn application.
    const row = await database.db
      .selectFrom('applications')
      .select(['id', 'state', 'updated_at'])
      .where('reference', '=', app.reference)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(api.clock.now.toISOString());
    expect(await database.db.selectFrom('payments').select('id').where('subject_id', '=', row.id).execute()).toEqual(
      [],
    );
    expect(
      applicationIsDue(row, {
        closedApplicationsBefore: row.updated_at,
        editionsEndedBefore: '2000-01-01',
        inactiveSince: '2000-01-01',
        logsBefore: '2000-01-01',
      }),
    ).toBe(true);
    const audit = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'application')
      .where('entity_id', '=', String(row.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['application.guardian_reminded', 'application.closed_without_guardian']),
    );
  });

  it('never closes an application whose guardian consented on day 29', async () => {
    const start = new Date('2027-01-10T06:00:00Z');
    api.clock.now = start;
    const guardian = 'slow.guardian@example.test';
    const app = await minor(guardian);
    at(start, 7, 1);
    expect(await runJob()).toEqual({ reminded: 1, closed: 0 });
    at(start, 29, 5);
    const given = await consent(tokenOf(mailsTo(guardian, /Subject: Reminder/)[0]!));
    expect(given.status).toBe(200);
    await api.settle();
    at(start, 30, 1);
    expect(await runJob()).toEqual({ reminded: 0, closed: 0 });
    at(start, 45, 1);
    expect(await runJob()).toEqual({ reminded: 0, closed: 0 });
    expect((await statusOf(app.statusToken)).state).toBe('awaiting_payment');
    expect(mailsTo(guardian, /Subject: NIPM application .* closed/)).toEqual([]);
  });

  it('two servers running the job at once remind and close each application once', async () => {
    const start = new Date('2027-03-01T06:00:00Z');
    api.clock.now = start;
    const guardians = ['g1.guardian@example.test', 'g2.guardian@example.test', 'g3.guardian@example.test'];
    const apps = [];
    for (const g of guardians) apps.push(await minor(g));
    const sum = (runs: { reminded: number; closed: number }[]) => ({
      reminded: runs.reduce((n, r) => n + r.reminded, 0),
      closed: runs.reduce((n, r) => n + r.closed, 0),
    });

    at(start, 7, 1);
    expect(sum(await Promise.all([runJob(database.db), runJob(database.another())]))).toEqual({
      reminded: 3,
      closed: 0,
    });
    for (const g of guardians) expect(mailsTo(g, /Subject: Reminder/)).toHaveLength(1);
    // Each guardian's one live link is the one they were sent last.
    for (const g of guardians)
      expect((await guardianPage(tokenOf(mailsTo(g, /Subject: Reminder/)[0]!))).status).toBe(200);

    at(start, 30, 1);
    expect(sum(await Promise.all([runJob(database.db), runJob(database.another())]))).toEqual({
      reminded: 0,
      closed: 3,
    });
    for (const [i, g] of guardians.entries()) {
      expect(mailsTo(g, /Subject: NIPM application .* closed/)).toHaveLength(1);
      expect(mailsTo(apps[i]!.email, /closed because no parent or guardian consented/)).toHaveLength(1);
      expect((await statusOf(apps[i]!.statusToken)).history.filter((h) => h.to === 'withdrawn')).toHaveLength(1);
    }
  });
});
