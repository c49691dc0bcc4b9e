import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInWithPassword } from '../../src/server/domains/identity/sign-in';
import { createDiskStore } from '../../src/server/platform/storage';
import { collectPersonData } from '../../src/server/domains/privacy/collect';
import { erasePerson } from '../../src/server/domains/privacy/erasure';
import { buildExportZip } from '../../src/server/domains/privacy/export';
import { gatherPersonKeys } from '../../src/server/domains/privacy/person';
import { TEST_SECRET } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { seedPerson, type SeededPerson } from './privacy-support';

/** Every row of every table of the database, as one text per table. */
async function everyTable(t: TestDatabase, kind: string): Promise<Map<string, string>> {
  const tables =
    kind === 'SQLite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          t.db,
        );
  const out = new Map<string, string>();
  for (const { name } of tables.rows) {
    if (/_search_(data|idx|docsize|config)$/.test(name)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db);
    out.set(name, JSON.stringify(rows.rows).toLowerCase());
  }
  return out;
}

describeEachDatabase('a member’s data: export and erasure', (kind) => {
  let t: TestDatabase;
  let dir: string;
  let outbox: string;
  const store = () => createDiskStore(path.join(dir, 'uploads'));
  let asha: SeededPerson;
  let other: SeededPerson;

  beforeAll(async () => {
    t = await kind.create();
    dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-privacy-'));
    outbox = path.join(dir, 'outbox');
    asha = await seedPerson(t.db, store(), outbox, 'one');
    other = await seedPerson(t.db, store(), outbox, 'two');
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports every row about the member and nothing about a similar member', async () => {
    const keys = await gatherPersonKeys(t.db, { userId: asha.userId });
    const { sections, files } = await collectPersonData(t.db, keys);
    const byFile = Object.fromEntries(sections.map((s) => [s.source.file, s.rows]));
    for (const file of [
      'member-record',
      'account',
      'applications',
      'application-documents',
      'payments',
      'notifications',
      'activity-and-sign-ins',
      'consents',
      'natcon-registrations',
      'natcon-delegates',
      'natcon-nominations',
    ])
      expect(byFile[file], file).toHaveLength(1);
    const text = JSON.stringify(sections.map((s) => s.rows)).toLowerCase();
    expect(text).toContain(asha.email);
    for (const value of [other.email, other.phone, other.address.toLowerCase(), other.name.toLowerCase()])
      expect(text).not.toContain(value);
    expect(text).not.toContain('password_hash');
    expect(files.map((f) => f.key)).toEqual([asha.documentKey]);

    const zip = unzipSync(await buildExportZip(t.db, store(), asha.userId, new Date()));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['README.txt', 'member-record.json', `files/application_documents/${asha.documentKey}`]),
    );
    expect(strFromU8(zip[`files/application_documents/${asha.documentKey}`]!)).toBe('certificate of Ashaone Rao');
    expect(JSON.parse(strFromU8(zip['payments.json']!))[0].receipt_number).toMatch(/^R-one-/);
  });

  it('after erasure the member’s e-mail, phone, name and address are in no table, file or outbox; invoices stay', async () => {
    const keys = await gatherPersonKeys(t.db, { userId: asha.userId });
    const result = await erasePerson(t.db, store(), keys, {
      now: new Date(),
      actorUserId: null,
      reason: 'request',
      outboxDir: outbox,
    });
    expect(result).toEqual({ files: 1, outbox: 1 });

    const tables = await everyTable(t, kind.name);
    for (const [table, text] of tables) {
      for (const value of [asha.email, asha.phone, asha.address.toLowerCase()])
        expect(text, `${table}: ${value}`).not.toContain(value);
      // The payer's name stays on the payment behind the tax invoice (CGST rule 46) and nowhere else.
      if (table !== 'payments') expect(text, `${table}: name`).not.toContain(asha.name.toLowerCase());
    }
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', asha.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amount: 150_000, payer_name: asha.name, payer_email: '', state: 'verified' });
    expect(payment.receipt_number).toMatch(/^R-one-/);

    const member = await t.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', asha.memberId)
      .executeTakeFirstOrThrow();
    expect(member.member_number).toMatch(/^M-/);
    expect(member.erased_at).not.toBeNull();

    expect(await store().get(asha.documentKey)).toBeNull();
    expect(existsSync(asha.outboxFile)).toBe(false);

    // The similar member is untouched.
    expect(await store().get(other.documentKey)).not.toBeNull();
    expect(existsSync(other.outboxFile)).toBe(true);
    expect(tables.get('members')).toContain(other.email);
    expect(tables.get('natcon_nominations')).toContain(other.email);
  });

  it.skipIf(kind.name !== 'SQLite')(
    'leaves none of it readable in the raw SQLite file after the checkpoint',
    async () => {
      const list = await sql<{ name: string; file: string }>`pragma database_list`.execute(t.db);
      const dbFile = list.rows.find((row) => row.name === 'main')!.file;
      const wal = existsSync(`${dbFile}-wal`) ? readFileSync(`${dbFile}-wal`) : Buffer.alloc(0);
      const bytes = Buffer.concat([readFileSync(dbFile), wal]);
      for (const value of [asha.email, asha.phone, asha.address])
        expect(bytes.includes(Buffer.from(value)), value).toBe(false);
      expect(bytes.includes(Buffer.from(other.email))).toBe(true);
    },
  );

  it('the erased account cannot sign in', async () => {
    const result = await signInWithPassword(
      t.db,
      { email: asha.email, password: asha.password, address: '203.0.113.10' },
      { now: new Date(), secret: TEST_SECRET },
    );
    expect(result).toEqual({ ok: false, reason: 'invalid' });
    const user = await t.db
      .selectFrom('users')
      .select(['active', 'erased_at'])
      .where('id', '=', asha.userId)
      .executeTakeFirstOrThrow();
    expect(user.active).toBe(0);
  });
});
