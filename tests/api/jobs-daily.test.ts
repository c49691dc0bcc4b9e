import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser } from '../support/fixtures';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { DAILY_JOBS } from '../../src/server/jobs';
import { startDailyJobs } from '../../src/server/platform/jobs/scheduler';
import type { DB } from '../../src/server/platform/db';
import { memberWith } from './members-support';

/**
 * The daily jobs as each server runs them (`startDailyJobs`, started by the production entry):
 * two app instances, each with its own connection pool and mailer, on one database and one outbox.
 */
describeEachDatabase('Daily jobs in the server: run at their time, once per reminder across servers', (kind) => {
  let database: TestDatabase;
  let outbox: string;
  let chapterId: number;
  const MEMBERS = 40;

  /** A clock that reads `kolkata` (`YYYY-MM-DDTHH:MM:SS.mmm`, Asia/Kolkata) now and runs on. */
  const clockAt = (kolkata: string) => {
    const shift = new Date(`${kolkata}+05:30`).getTime() - Date.now();
    return () => new Date(Date.now() + shift);
  };
  const instance = (db: DB, at: string, now: () => Date) => {
    const lines: { level: 'info' | 'error'; fields: Record<string, unknown>; message: string }[] = [];
    const logger = {
      info: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'info', fields, message }),
      error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
    };
    const handle = startDailyJobs({
      at,
      jobs: DAILY_JOBS,
      context: {
        db,
        mailer: createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: outbox }),
        siteUrl: 'https://nipm.test',
      },
      logger: logger as never,
      now,
    });
    const runs = () => lines.filter((l) => l.message.startsWith('daily job reminders'));
    return { handle, lines, runs };
  };
  const erasureNotices = () =>
    readdirSync(outbox).filter((file) =>
      readFileSync(path.join(outbox, file), 'utf8').includes('will be erased in 48 hours'),
    ).length;
  const recipients = () =>
    readdirSync(outbox).map((file) => /^To: (.+)$/m.exec(readFileSync(path.join(outbox, file), 'utf8'))?.[1] ?? '');

  beforeAll(async () => {
    database = await kind.create();
    outbox = mkdtempSync(path.join(os.tmpdir(), 'nipm-daily-'));
    chapterId = (await createChapter(database.db)).id;
    for (let i = 0; i < MEMBERS; i++) {
      // Paid through 2026-27: each is a defaulter for 2027-28 from 1 July 2027.
      const member = await memberWith(database.db, chapterId, {
        firstName: `Daily${i}`,
        paid: 2026,
        email: `daily${i}@example.test`,
      });
      if (i % 2) await createUser(database.db, { roleId: '1', memberId: member.id });
    }
  });
  afterAll(async () => {
    await database.drop();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('two servers started after the day’s time both run the job at once, and the outbox holds each reminder once', async () => {
    const now = clockAt('2027-07-01T09:15:00.000');
    const a = instance(database.db, '07:00', now);
    const b = instance(database.another(), '07:00', now);
    await Promise.all([a.handle.idle(), b.handle.idle()]);

    const sentByA = Number(a.runs()[0]?.fields.sent);
    const sentByB = Number(b.runs()[0]?.fields.sent);
    expect(a.runs()).toHaveLength(1);
    expect(b.runs()).toHaveLength(1);
    expect(a.runs()[0]?.fields).toMatchObject({
      job: 'reminders',
      on: '2027-07-01',
      trigger: 'start',
      kind: 'defaulter',
    });
    expect(sentByA + sentByB).toBe(MEMBERS);
    const to = recipients();
    expect(to).toHaveLength(MEMBERS);
    expect(new Set(to).size).toBe(MEMBERS);
    expect(to.sort()).toEqual(Array.from({ length: MEMBERS }, (_, i) => `daily${i}@example.test`).sort());
    const sends = await database.db
      .selectFrom('reminder_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sends.n)).toBe(MEMBERS);

    // A restart later that day runs the job again (making up a missed run): nothing is sent twice.
    await Promise.all([a.handle.stop(), b.handle.stop()]);
    const restarted = instance(database.db, '07:00', now);
    await restarted.handle.idle();
    expect(restarted.runs()[0]?.fields).toMatchObject({ sent: 0 });
    await restarted.handle.stop();
    expect(readdirSync(outbox)).toHaveLength(MEMBERS);
  });

  it('waits for the configured Kolkata time, runs then, and plans the next day', async () => {
    const lapsedMember = await memberWith(database.db, chapterId, {
      firstName: 'Lapsing',
      paid: 2026,
      email: 'lapsing@example.test',
    });
    expect(lapsedMember.id).toBeGreaterThan(0);
    const before = readdirSync(outbox).length;
    const beforeNotices = erasureNotices();
    const server = instance(database.db, '07:00', clockAt('2027-10-01T06:59:59.400'));
    expect(server.lines[0]).toMatchObject({
      fields: { at: '07:00', next: '2027-10-01T01:30:00.000Z' },
      message: 'daily jobs (reminders, gateway-settlements, privacy-retention, guardian-waiting) at 07:00 Asia/Kolkata',
    });
    expect(server.runs()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await server.handle.idle();
    expect(server.runs()).toHaveLength(1);
    expect(server.runs()[0]?.fields).toMatchObject({
      on: '2027-10-01',
      trigger: 'schedule',
      kind: 'lapsed',
      sent: MEMBERS + 1,
    });
    // The privacy job ran too: lapsed since 2020 admissions and never seen, each member gets the
    // 48-hour notice before erasure (issue 26), once.
    const privacy = server.lines.filter((l) => l.message.startsWith('daily job privacy-retention'));
    expect(privacy).toHaveLength(1);
    expect(privacy[0]?.fields).toMatchObject({ notices: MEMBERS + 1, members: 0 });
    expect(erasureNotices() - beforeNotices).toBe(MEMBERS + 1);
    expect(readdirSync(outbox).length - before).toBe(2 * (MEMBERS + 1));
    await server.handle.stop();
  });

  it('runs nothing once stopped, so a SIGTERM before the time leaves no timer behind', async () => {
    const before = readdirSync(outbox).length;
    const server = instance(database.db, '07:00', clockAt('2028-03-01T06:59:59.700'));
    await server.handle.stop();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.runs()).toHaveLength(0);
    expect(readdirSync(outbox)).toHaveLength(before);
  });
});
