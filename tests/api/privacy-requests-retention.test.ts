import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { createDiskStore } from '../../src/server/platform/storage';
import { createRequest, ownRequests, remindOpenRequests } from '../../src/server/domains/privacy/requests';
import { runRetention } from '../../src/server/domains/privacy/retention-job';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { seedPerson, type SeededPerson } from './privacy-support';

describeEachDatabase('privacy requests and the retention job', (kind) => {
  let t: TestDatabase;
  let dir: string;
  let outbox: string;
  let idle: SeededPerson;
  let returning: SeededPerson;
  const store = () => createDiskStore(path.join(dir, 'uploads'));
  const mailer = () => createMailer({ from: 'NIPM <no-reply@nipm.example>', outboxDir: outbox });
  const mails = (to: string) =>
    readdirSync(outbox).filter((f) => readFileSync(path.join(outbox, f), 'utf8').includes(to)).length;

  beforeAll(async () => {
    t = await kind.create();
    dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-retention-'));
    outbox = path.join(dir, 'outbox');
    idle = await seedPerson(t.db, store(), outbox, 'idle');
    returning = await seedPerson(t.db, store(), outbox, 'back');
    // Both lapsed long ago (paid through 2020-21) and last seen in 2021.
    for (const person of [idle, returning]) {
      await t.db
        .updateTable('members')
        .set({ paid_through_year: 2020, admitted_on: '2019-04-01' })
        .where('id', '=', person.memberId)
        .execute();
      await t.db
        .updateTable('users')
        .set({ last_login_at: '2021-01-01T00:00:00.000Z' })
        .where('id', '=', person.userId)
        .execute();
      await t.db
        .updateTable('payments')
        .set({ reported_at: '2020-05-01T00:00:00.000Z' })
        .where('id', '=', person.paymentId)
        .execute();
      rmSync(person.outboxFile);
    }
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a grievance shows its 90-day deadline, and staff are reminded at 60 and 80 days once across two servers', async () => {
    await t.db
      .insertInto('settings')
      .values({
        key: 'privacy',
        value: JSON.stringify({
          officer: {
            name: 'R. Sen',
            designation: 'Grievance Officer',
            email: 'officer@nipm.example',
            phone: null,
            address: null,
          },
        }),
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .execute();
    const received = new Date('2027-06-01T10:00:00Z');
    const { id, dueAt } = await createRequest(
      t.db,
      { email: idle.email, userId: idle.userId },
      { kind: 'grievance', details: 'My renewal was counted twice.' },
      { now: received, ip: null, actorUserId: idle.userId },
    );
    expect(dueAt).toBe('2027-08-30T10:00:00.000Z');
    const [own] = await ownRequests(t.db, { userId: idle.userId, emails: [] }, new Date('2027-06-11T10:00:00Z'));
    expect(own).toMatchObject({
      id,
      kind: 'grievance',
      state: 'open',
      deadline: { dueAt, daysLeft: 80, overdue: false },
    });

    expect(await remindOpenRequests(t.db, mailer(), new Date('2027-07-30T10:00:00Z'))).toBe(0);
    const day61 = new Date('2027-08-01T10:00:00Z');
    const sent = await Promise.all([
      remindOpenRequests(t.db, mailer(), day61),
      remindOpenRequests(t.another(), mailer(), day61),
    ]);
    expect(sent[0] + sent[1]).toBe(1);
    const day81 = new Date('2027-08-21T10:00:00Z');
    expect(await remindOpenRequests(t.db, mailer(), day81)).toBe(1);
    expect(await remindOpenRequests(t.db, mailer(), day81)).toBe(0);
    expect(mails('officer@nipm.example')).toBe(2);
    const [after] = await ownRequests(t.db, { userId: idle.userId, emails: [] }, day81);
    expect(after!.history.map((h) => h.action)).toEqual(['received', 'reminder_60', 'reminder_80']);
  });

  it('sends the 48-hour notice once across two servers, keeps the member who signs in, and then erases the other', async () => {
    const deps = { store: store(), mailer: mailer(), siteUrl: 'https://nipm.example', outboxDir: outbox };
    const day1 = new Date('2027-07-01T00:00:00Z');
    const runs = await Promise.all([
      runRetention(t.db, deps, day1),
      runRetention(t.another(), { ...deps, mailer: mailer() }, day1),
    ]);
    expect(runs[0].notices + runs[1].notices).toBe(2);
    expect(mails(idle.email)).toBe(1);
    expect(mails(returning.email)).toBe(1);

    // One of them signs in the next day.
    await t.db
      .updateTable('users')
      .set({ last_login_at: '2027-07-02T09:00:00.000Z' })
      .where('id', '=', returning.userId)
      .execute();

    // Before 48 hours have passed nobody is erased.
    const early = await runRetention(t.db, deps, new Date('2027-07-02T12:00:00Z'));
    expect(early.members).toBe(0);

    const day3 = new Date('2027-07-03T01:00:00Z');
    const later = await Promise.all([runRetention(t.db, deps, day3), runRetention(t.another(), deps, day3)]);
    expect(later[0].members + later[1].members).toBe(1);
    const members = await t.db
      .selectFrom('members')
      .select(['id', 'email', 'erased_at'])
      .where('id', 'in', [idle.memberId, returning.memberId])
      .execute();
    const byId = new Map(members.map((m) => [m.id, m]));
    expect(byId.get(idle.memberId)!.erased_at).not.toBeNull();
    expect(byId.get(idle.memberId)!.email).not.toBe(idle.email);
    expect(byId.get(returning.memberId)).toMatchObject({ email: returning.email, erased_at: null });
    expect(mails(idle.email)).toBe(0);
    const notices = await t.db.selectFrom('erasure_notices').selectAll().execute();
    expect(notices).toEqual([]);
  });

  it('purges log entries and the register of staff downloads older than the year the law asks for', async () => {
    await t.db
      .insertInto('audit_log')
      .values({
        at: '2025-01-01T00:00:00.000Z',
        actor_user_id: null,
        action: 'auth.sign_in',
        entity: null,
        entity_id: null,
        ip: null,
        detail: null,
      })
      .execute();
    // The register of staff downloads: one entry past the year, one within it.
    await t.db
      .insertInto('personal_data_exports')
      .values([
        { at: '2026-07-09T23:59:59.000Z', user_id: null, list: 'members', filters: '{}', rows: 40 },
        { at: '2026-07-10T00:00:01.000Z', user_id: null, list: 'payments', filters: '{}', rows: 12 },
      ])
      .execute();
    const run = await runRetention(
      t.db,
      { store: store(), mailer: mailer(), siteUrl: 'https://nipm.example' },
      new Date('2027-07-10T00:00:00Z'),
    );
    expect(run.logs).toBeGreaterThanOrEqual(1);
    expect(run.exportEntries).toBe(1);
    const old = await t.db.selectFrom('audit_log').select('id').where('at', '<', '2026-07-10T00:00:00.000Z').execute();
    expect(old).toEqual([]);
    const register = await t.db.selectFrom('personal_data_exports').select('list').execute();
    expect(register).toEqual([{ list: 'payments' }]);
  });
});
