import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { createDiskStore } from '../../src/server/platform/storage';
import { runRetention } from '../../src/server/domains/privacy/retention-job';
import { readPrivacySettings } from '../../src/server/domains/privacy/settings';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser } from '../support/fixtures';

/**
 * The day's limit on 48-hour erasure notices (issue 26, for going live): an imported register full of
 * long-lapsed members is told a few a day, never all at once, however many servers run the job.
 */
describeEachDatabase('the daily limit on erasure notices', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let dir: string;
  let superToken: string;
  const lapsed: number[] = [];
  const deps = () => ({
    store: createDiskStore(path.join(dir, 'uploads')),
    mailer: createMailer({ from: 'NIPM <no-reply@nipm.example>', outboxDir: path.join(dir, 'outbox') }),
    siteUrl: 'https://nipm.example',
  });
  const mailsSent = () => readdirSync(path.join(dir, 'outbox')).length;
  const noticesOut = async () =>
    (await t.db.selectFrom('erasure_notices').select('member_id').execute()).map((n) => n.member_id).sort();

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db);
    dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-notice-limit-'));
    superToken = (await createUser(t.db, { roleId: ROLE.superAdmin })).token;
    const chapter = await createChapter(t.db);
    // Five members of an old register: paid through 2020-21, never signed in here.
    for (let i = 0; i < 5; i++) {
      const member = await createMember(t.db, chapter.id);
      await t.db
        .updateTable('members')
        .set({ paid_through_year: 2020, admitted_on: '2012-04-01' })
        .where('id', '=', member.id)
        .execute();
      lapsed.push(member.id);
    }
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is set by the super admin beside the retention periods, with a message on a wrong value', async () => {
    const before = await readPrivacySettings(t.db);
    expect(before.retention.lapsedNoticesPerDay).toBe(100);
    const bad = await api.request('PATCH', '/api/admin/settings/privacy', {
      token: superToken,
      body: { retention: { ...before.retention, lapsedNoticesPerDay: 0 } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({ 'retention.lapsedNoticesPerDay': 'At least 1 a day.' });
    expect(await readPrivacySettings(t.db)).toEqual(before);

    const saved = await api.request('PATCH', '/api/admin/settings/privacy', {
      token: superToken,
      body: { retention: { ...before.retention, lapsedNoticesPerDay: 2 } },
    });
    expect(saved.status).toBe(200);
    expect((await readPrivacySettings(t.db)).retention).toEqual({ ...before.retention, lapsedNoticesPerDay: 2 });
  });

  it('sends no more than the limit in 24 hours across two servers, and the rest on the following days', async () => {
    const day1 = new Date('2027-07-01T01:30:00Z');
    const first = await Promise.all([runRetention(t.db, deps(), day1), runRetention(t.another(), deps(), day1)]);
    expect(first[0].notices + first[1].notices).toBe(2);
    expect(mailsSent()).toBe(2);
    expect(await noticesOut()).toHaveLength(2);
    // Each run counts the three it could not tell as waiting.
    expect(first.map((run) => run.held)).toEqual([3, 3]);

    // Run again the same day (a second server started late, or by hand): nobody more is told.
    const again = await runRetention(t.db, deps(), new Date('2027-07-01T20:00:00Z'));
    expect(again).toMatchObject({ notices: 0, held: 3, members: 0 });

    const day2 = new Date('2027-07-02T01:31:00Z');
    expect(await runRetention(t.db, deps(), day2)).toMatchObject({ notices: 2, held: 1, members: 0 });
    expect(mailsSent()).toBe(4);

    // Day 3: the first two are past their 48 hours and erased; the last one is told.
    const day3 = new Date('2027-07-03T01:32:00Z');
    expect(await runRetention(t.db, deps(), day3)).toMatchObject({ notices: 1, held: 0, members: 2 });
    const left = await t.db
      .selectFrom('members')
      .select('id')
      .where('id', 'in', lapsed)
      .where('erased_at', 'is', null)
      .execute();
    expect(left).toHaveLength(3);
  });

  it('keeps periods saved before the limit existed, and gives the limit its default', async () => {
    await t.db
      .updateTable('settings')
      .set({
        value: JSON.stringify({
          officer: null,
          retention: { closedApplicationDays: 400, natconEditionYears: 5, lapsedMemberInactiveYears: 6, logDays: 500 },
        }),
      })
      .where('key', '=', 'privacy')
      .execute();
    expect((await readPrivacySettings(t.db)).retention).toEqual({
      closedApplicationDays: 400,
      natconEditionYears: 5,
      lapsedMemberInactiveYears: 6,
      lapsedNoticesPerDay: 100,
      logDays: 500,
    });
  });
});
