import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser } from '../support/fixtures';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { reminderWindow, runReminders } from '../../src/server/domains/members/renewals/reminders';
import type { DB } from '../../src/server/platform/db';
import { memberWith } from './members-support';

describeEachDatabase('Renewal reminders: each sent once, whoever runs the job', (kind) => {
  let database: TestDatabase;
  let outbox: string;
  let chapterId: number;
  const ids: Record<string, number> = {};
  const users: Record<string, number> = {};

  const run = (on: string, db: DB = database.db) =>
    runReminders(db, {
      on,
      mailer: createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: outbox }),
      siteUrl: 'http://localhost:4321',
      now: new Date(),
    });
  const noticesOf = async (userId: number) =>
    database.db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .select(['n.title'])
      .where('r.user_id', '=', userId)
      .orderBy('n.id')
      .execute();

  beforeAll(async () => {
    database = await kind.create();
    outbox = mkdtempSync(path.join(os.tmpdir(), 'nipm-reminders-'));
    chapterId = (await createChapter(database.db, { region: 'East' })).id;
    const db = database.db;
    ids.due = (await memberWith(db, chapterId, { firstName: 'Due', paid: 2026, email: 'due@example.test' })).id;
    ids.ahead = (await memberWith(db, chapterId, { firstName: 'Ahead', paid: 2027 })).id;
    ids.life = (await memberWith(db, chapterId, { firstName: 'Life', classCode: 'life', paid: null })).id;
    ids.long = (await memberWith(db, chapterId, { firstName: 'Long', paid: 2024 })).id;
    for (const name of Object.keys(ids)) users[name] = (await createUser(db, { roleId: '1', memberId: ids[name] })).id;
  });
  afterAll(() => database.drop());

  it('picks the reminder and its year from the date', () => {
    expect(reminderWindow('2027-03-01')).toEqual({ kind: 'due', financialYear: 2027 });
    expect(reminderWindow('2027-05-31')).toEqual({ kind: 'due', financialYear: 2027 });
    expect(reminderWindow('2027-06-01')).toEqual({ kind: 'last_month', financialYear: 2027 });
    expect(reminderWindow('2027-07-01')).toEqual({ kind: 'defaulter', financialYear: 2027 });
    expect(reminderWindow('2027-09-30')).toEqual({ kind: 'defaulter', financialYear: 2027 });
    expect(reminderWindow('2027-10-01')).toEqual({ kind: 'lapsed', financialYear: 2027 });
    expect(reminderWindow('2028-02-29')).toEqual({ kind: 'lapsed', financialYear: 2027 });
  });

  it('sends on 1 March a notice and an e-mail to the member whose coming year is unpaid, once', async () => {
    expect((await run('2027-03-01')).sent).toBe(1);
    expect(await noticesOf(users.due)).toEqual([{ title: 'Your 2027-28 subscription is due' }]);
    for (const name of ['ahead', 'life', 'long']) expect(await noticesOf(users[name])).toEqual([]);
    const mails = readdirSync(outbox);
    expect(mails).toHaveLength(1);
    expect((await run('2027-03-01')).sent).toBe(0);
    expect((await run('2027-03-02')).sent).toBe(0);
    expect(readdirSync(outbox)).toHaveLength(1);
  });

  it('sends the last-month, defaulter and lapsed reminders on their days, each once', async () => {
    expect((await run('2027-06-01')).sent).toBe(1);
    expect((await run('2027-07-01')).sent).toBe(1);
    expect((await run('2027-07-01')).sent).toBe(0);
    expect((await run('2027-10-01')).sent).toBe(1);
    expect((await noticesOf(users.due)).map((n) => n.title)).toEqual([
      'Your 2027-28 subscription is due',
      'Last month to renew for 2027-28',
      'Your 2027-28 subscription is overdue',
      'Your membership has lapsed',
    ]);
    expect(readdirSync(outbox)).toHaveLength(4);
  });

  it('sends each reminder once when two servers run the job at the same moment', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    const bulk: number[] = [];
    for (const i of rows) {
      bulk.push((await memberWith(database.db, chapterId, { firstName: `Bulk${i}`, paid: 2027 })).id);
    }
    for (const id of bulk.slice(0, 60)) await createUser(database.db, { roleId: '1', memberId: id });
    const other = database.another();
    const before = readdirSync(outbox).length;
    const [a, b] = await Promise.all([run('2028-07-01'), run('2028-07-01', other)]);
    expect(a.sent + b.sent).toBe(120 + 1);
    const sends = await database.db
      .selectFrom('reminder_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('financial_year', '=', 2028)
      .where('kind', '=', 'defaulter')
      .executeTakeFirstOrThrow();
    expect(Number(sends.n)).toBe(121);
    expect(readdirSync(outbox).length - before).toBe(121);
    const copies = await database.db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('n.title', '=', 'Your 2028-29 subscription is overdue')
      .executeTakeFirstOrThrow();
    // Sixty bulk members and "Ahead" have accounts: one copy each.
    expect(Number(copies.n)).toBe(61);
  });
});
