import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DB } from '../../src/server/platform/db';
import { runImportJob, runImportJobs, startCommit } from '../../src/server/domains/import/commit';
import { checkImport, errorRows, loadImport, uploadImport } from '../../src/server/domains/import/imports';
import { undoImport } from '../../src/server/domains/import/undo';
import { createDiskStore, type FileStore } from '../../src/server/platform/storage';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { changedTables, fingerprint } from '../support/db-snapshot';
import { createUser } from '../support/fixtures';
import { INVALID_ROWS, realisticCsv, REALISTIC_SUMMARY, seedRegister } from '../support/import-file';

const NOW = new Date('2026-11-25T06:00:00Z');
/** What an import writes about itself; every other table must be as before after an undo. */
const IMPORT_BOOKKEEPING = ['audit_log', 'import_rows', 'imports'];
/**
 * SQLite's full-text index keeps its segments in these shadow tables: an insert and a delete leave
 * them in another (equivalent) shape, while the searched text (`members_search`) is compared as is.
 */
const FTS_SEGMENTS = ['members_search_data', 'members_search_idx'];

describeEachDatabase('importing the existing register', (kind) => {
  let t: TestDatabase;
  let db: DB;
  let storage: FileStore;
  let staffId: number;
  const bytes = new TextEncoder().encode(realisticCsv());

  beforeAll(async () => {
    t = await kind.create();
    db = t.db;
    storage = createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-import-')));
    await seedRegister(db);
    staffId = (await createUser(db, { roleId: '2' })).id;
  });
  afterAll(async () => t.drop());

  const upload = () =>
    uploadImport(db, storage, { bytes, fileName: 'kolkata.csv', kind: 'members', userId: staffId, now: NOW });
  const commit = async (id: number, batchRows = 40) => {
    await startCommit(db, id, NOW);
    await runImportJob(db, storage, id, { now: () => NOW, batchRows });
    return loadImport(db, id);
  };
  const count = async (table: 'members' | 'users' | 'member_notes') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('maps the chapter headers, and the check counts every kind of row exactly, writing nothing to the register', async () => {
    const uploaded = await upload();
    expect(uploaded).toMatchObject({ kind: 'members', state: 'uploaded', rows: 256 });
    expect(uploaded.mapping).toMatchObject({
      'Mem. No': 'memberNumber',
      'Email ID': 'email',
      'Mobile No.': 'mobile',
      'Blood Group': null,
    });
    const before = await fingerprint(db, kind.name);
    const { summary, preview } = await checkImport(db, storage, uploaded.id, { now: NOW });
    expect(summary).toEqual(REALISTIC_SUMMARY);
    expect(changedTables(before, await fingerprint(db, kind.name))).toEqual(['imports']);
    const update = preview.find((p) => p.kind === 'update');
    expect(update).toMatchObject({
      row: 202,
      label: 'EX/001 · Existing Person001',
      changes: [{ field: 'City', before: 'Kolkata', after: 'Howrah' }],
    });
  });

  it('lists each row that would not be applied, as uploaded, with why', async () => {
    const { id } = await upload();
    await checkImport(db, storage, id, { now: NOW });
    const record = await loadImport(db, id);
    const lines: string[][] = [[...(JSON.parse(record.columns) as string[]), 'error']];
    for await (const row of errorRows(db, storage, record, NOW)) lines.push(row);
    expect(lines[0]).toEqual([...parse(realisticCsv(), { to: 1 })[0], 'error']);
    expect(lines).toHaveLength(1 + 12 + 8 + 6);
    const errors = lines.slice(1).map((line) => line[line.length - 1]);
    INVALID_ROWS.forEach((invalid, index) => expect(errors[index]).toBe(`Row ${232 + index}: ${invalid.error}`));
    expect(errors[12]).toBe('Row 244: Repeats row 2 of the file (same membership number, e-mail, mobile or member).');
    expect(errors[20]).toBe('Row 252: The e-mail matches members EX/031 and EX/032.');
    expect(errors[21]).toBe(
      'Row 253: No member has this membership number, but its e-mail or mobile belongs to member EX/011.',
    );
    expect(lines[1].slice(0, 4)).toEqual(['IMP/0901', 'Member 901 Sharma', 'Life Member', 'pun']);
  });

  it('commits exactly the valid rows; the same file again is all unchanged; undo puts every table back', async () => {
    const members = await count('members');
    const before = await fingerprint(db, kind.name);
    const { id } = await upload();
    await checkImport(db, storage, id, { now: NOW });
    const done = await commit(id);
    expect(done.state).toBe('done');
    expect(JSON.parse(done.summary ?? '{}')).toEqual(REALISTIC_SUMMARY);
    expect(await count('members')).toBe(members + 200);

    const anita = await db
      .selectFrom('members')
      .selectAll()
      .where('member_number', '=', 'IMP/0010')
      .executeTakeFirstOrThrow();
    expect(anita).toMatchObject({
      first_name: 'José Sé', last_name: '10', membership_class: 'student', email: 'imp10@example.test', phone: '9800000010',
      state: 'Maharashtra', pincode: '700016', paid_through_year: null, gender: 'female', fellow: 0,
    }); // prettier-ignore
    const formula = await db
      .selectFrom('members')
      .select('organisation')
      .where('member_number', '=', 'IMP/0007')
      .executeTakeFirstOrThrow();
    expect(formula.organisation).toBe('=HYPERLINK("http://evil.example","click")');
    const updated = await db
      .selectFrom('members')
      .select(['city', 'phone'])
      .where('member_number', '=', 'EX/002')
      .executeTakeFirstOrThrow();
    expect(updated).toEqual({ city: 'Howrah', phone: '9600000002' });
    const accounts = await db
      .selectFrom('users')
      .select(['role_id', 'password_hash'])
      .where('email', '=', 'imp10@example.test')
      .execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0].role_id).toBe(1);
    expect(accounts[0].password_hash.startsWith('!unset:')).toBe(true);
    const audit = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'import.committed')
      .where('entity_id', '=', String(id))
      .execute();
    expect(JSON.parse(audit[0].detail ?? '{}')).toMatchObject({ create: 200, update: 20, unchanged: 10 });

    const again = await upload();
    const second = await checkImport(db, storage, again.id, { now: NOW });
    expect(second.summary).toMatchObject({ create: 0, update: 0, unchanged: 230 });
    const afterSecond = await fingerprint(db, kind.name);
    await commit(again.id);
    expect(changedTables(afterSecond, await fingerprint(db, kind.name))).toEqual([
      'audit_log',
      'import_rows',
      'imports',
    ]);

    await undoImport(db, id, { userId: staffId, now: NOW });
    expect(await count('members')).toBe(members);
    const restored = changedTables(before, await fingerprint(db, kind.name)).filter(
      (table) => !IMPORT_BOOKKEEPING.includes(table),
    );
    expect(restored.filter((table) => !FTS_SEGMENTS.includes(table))).toEqual([]);
    expect((await loadImport(db, id)).state).toBe('undone');
  });

  it('reads the worked example of docs/import.md as the page says', async () => {
    const csv = [
      'Mem. No,Name of Member,Class,Chapter,D.O.B,Email ID,Mobile No.,Pin Code,Date of Admission,Paid Upto,Blood Group',
      'KOL/LM/12,Anita Sé,Life Member,Kolkata,14/08/1975,Anita@Example.in,+91 98300 12345,700 016,1.4.01,,O+',
      'KOL/0345,Ravi Kumar,associate,kol,0Feb,ravi@example.in,09830054321,700001,12-Mar-2019,2025-26,B+',
      'kol/lm/12,Anita Sen,Life,Kolkata,,,,,,,',
    ].join('\r\n');
    const latin = iconv.encode(csv, 'win1252');
    const { id } = await uploadImport(db, storage, {
      bytes: latin,
      fileName: 'kolkata.csv',
      kind: 'members',
      userId: staffId,
      now: NOW,
    });
    const { summary, preview } = await checkImport(db, storage, id, { now: NOW });
    expect(summary).toEqual({ total: 3, create: 1, update: 0, unchanged: 0, invalid: 1, duplicate: 1, conflict: 0 });
    expect(preview.find((p) => p.kind === 'invalid')?.message).toMatch(/^Date of Birth: "0Feb" is not a date/);
    await commit(id);
    const anita = await db
      .selectFrom('members')
      .selectAll()
      .where('member_number', '=', 'KOL/LM/12')
      .executeTakeFirstOrThrow();
    expect(anita).toMatchObject({
      first_name: 'Anita',
      last_name: 'Sé',
      email: 'anita@example.in',
      phone: '9830012345',
      pincode: '700016',
      admitted_on: '2001-04-01',
    });
    const fixed = iconv.encode(csv.replace('0Feb', '02/02/1980'), 'win1252');
    const again = await uploadImport(db, storage, {
      bytes: fixed,
      fileName: 'kolkata.csv',
      kind: 'members',
      userId: staffId,
      now: NOW,
    });
    expect((await checkImport(db, storage, again.id, { now: NOW })).summary).toMatchObject({
      create: 1,
      unchanged: 1,
      duplicate: 1,
    });
  });

  it('refuses an undo naming the members changed since, and after 7 days', async () => {
    const { id } = await upload();
    await checkImport(db, storage, id, { now: NOW });
    await commit(id);
    await db
      .updateTable('members')
      .set({ city: 'Siliguri', updated_at: '2026-11-26T00:00:00.000Z' })
      .where('member_number', '=', 'IMP/0003')
      .execute();
    await expect(undoImport(db, id, { userId: staffId, now: NOW })).rejects.toThrow(
      'This import cannot be undone: these members have changed since: IMP/0003.',
    );
    expect((await loadImport(db, id)).state).toBe('done');
    const late = new Date(NOW.getTime() + 8 * 24 * 3600 * 1000);
    await expect(undoImport(db, id, { userId: staffId, now: late })).rejects.toThrow('within 7 days');
    await db.updateTable('members').set({ city: 'Kolkata' }).where('member_number', '=', 'IMP/0003').execute();
  });
});

describeEachDatabase('a commit stopped half way', (kind) => {
  let t: TestDatabase;
  let storage: FileStore;
  beforeAll(async () => {
    t = await kind.create();
    storage = createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-import-')));
    await seedRegister(t.db);
  });
  afterAll(async () => t.drop());

  it('resumes on another server after the lease lapses and applies each row once', async () => {
    const db = t.db;
    const staff = await createUser(db, { roleId: '5' });
    const bytes = new TextEncoder().encode(realisticCsv());
    const { id } = await uploadImport(db, storage, {
      bytes,
      fileName: 'f.csv',
      kind: 'members',
      userId: staff.id,
      now: NOW,
    });
    await checkImport(db, storage, id, { now: NOW });
    await startCommit(db, id, NOW);
    const stop = new AbortController();
    let batches = 0;
    await runImportJob(db, storage, id, {
      now: () => NOW,
      batchRows: 30,
      signal: stop.signal,
      afterBatch: () => {
        batches += 1;
        if (batches === 3) stop.abort();
      },
    });
    const halfway = await loadImport(db, id);
    expect(halfway).toMatchObject({ state: 'running', done_rows: 90 });
    // The first server is gone; its lease still holds for a minute, then another server takes the job.
    const other = kind.name === 'PostgreSQL' ? t.another() : db;
    expect(await runImportJobs(other, storage, { now: () => NOW, batchRows: 30 })).toBe(0);
    const later = new Date(NOW.getTime() + 61_000);
    expect(await runImportJobs(other, storage, { now: () => later, batchRows: 30 })).toBe(1);
    const done = await loadImport(db, id);
    expect(done).toMatchObject({ state: 'done', done_rows: 256 });
    expect(JSON.parse(done.summary ?? '{}')).toEqual(REALISTIC_SUMMARY);
    const keyed = await db
      .selectFrom('import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('import_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(keyed.n)).toBe(256);
    const notes = await db
      .selectFrom('member_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(notes.n)).toBe(4);
  });

  it('rolls a batch that dies inside its transaction back whole, and a second run applies each row once', async () => {
    const db = t.db;
    const staff = await createUser(db, { roleId: '5' });
    const csv = realisticCsv()
      .replace(/IMP\//g, 'KIL/')
      .replace(/Imp(\d+)@/g, 'Kil$1@')
      .replace(/\+91 98/g, '+91 88')
      .replace(/,098/g, ',088');
    const { id } = await uploadImport(db, storage, {
      bytes: new TextEncoder().encode(csv),
      fileName: 'k.csv',
      kind: 'members',
      userId: staff.id,
      now: NOW,
    });
    await checkImport(db, storage, id, { now: NOW });
    const countMembers = async () =>
      Number(
        (
          await db
            .selectFrom('members')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const members = await countMembers();
    // The database refuses row 100's key: the batch holding it (rows 92-121) fails after writing its members.
    if (kind.name === 'SQLite') {
      await sql`create trigger die_at_100 before insert on import_rows when new.row_number = 100 begin select raise(abort, 'killed'); end`.execute(
        db,
      );
    } else {
      await sql`create function die_at_100() returns trigger language plpgsql as $$ begin if new.row_number = 100 then raise exception 'killed'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger die_at_100 before insert on import_rows for each row execute function die_at_100()`.execute(
        db,
      );
    }
    await startCommit(db, id, NOW);
    await expect(runImportJob(db, storage, id, { now: () => NOW, batchRows: 30 })).rejects.toThrow('killed');
    expect(await loadImport(db, id)).toMatchObject({ state: 'failed', done_rows: 90 });
    expect(await countMembers()).toBe(members + 90);
    await sql`drop trigger die_at_100${sql.raw(kind.name === 'SQLite' ? '' : ' on import_rows')}`.execute(db);
    await startCommit(db, id, NOW);
    await runImportJob(db, storage, id, { now: () => NOW, batchRows: 30 });
    const done = await loadImport(db, id);
    expect(done).toMatchObject({ state: 'done', done_rows: 256 });
    expect(JSON.parse(done.summary ?? '{}')).toMatchObject({ create: 200, total: 256 });
    expect(await countMembers()).toBe(members + 200);
  });
});
