import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { applicationRowsForExport, listApplications } from '../../src/server/domains/joining/queue';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { applicationRow, json } from './joining-support';

/**
 * The queue's free-text search finds an application whose e-mail, or whose "first last" name,
 * contains the text, ignoring case in the name; the indexes of migration 011 answer it. Checked
 * against that rule worked out here over the same rows, including more matches than the SQLite
 * search passes on as a list of ids, and text too short for a trigram.
 */
const FIRST_NAMES = ['Meera', 'Arjun', 'Priya', 'Rahul', 'Ananya', 'Kavita'];
const ROWS = 1_150;

describeEachDatabase('Joining: searching the applications queue', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterIds: number[];
  let superAdmin: CreatedUser;
  let chapterAdmin: CreatedUser;
  let people: { id: number; name: string; email: string; chapterId: number; state: string }[];

  const staff = (user: CreatedUser): AuthUser => ({
    id: user.id,
    email: user.email,
    name: 'Staff',
    image: null,
    roleId: user.roleId,
    memberId: null,
    chapterId: user.chapterId ?? null,
  });

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    chapterIds = [(await createChapter(db)).id, (await createChapter(db)).id];
    superAdmin = await createUser(db, { roleId: '2' });
    chapterAdmin = await createUser(db, { roleId: '4', chapterId: chapterIds[1] });
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const first = FIRST_NAMES[i % FIRST_NAMES.length];
      const row = applicationRow(chapterIds[i % 2], {
        index: 900_000 + i,
        state: i % 3 === 0 ? 'awaiting_payment' : 'recommended',
        email: `${first.toLowerCase()}.${i}@mail${i % 7}.example.test`,
      });
      return { ...row, first_name: first, last_name: i === 5 ? "D'Souza" : `Sen ${i}` };
    });
    for (let start = 0; start < rows.length; start += 200) {
      await db
        .insertInto('applications')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    // A renamed applicant is found by the new name only (SQLite keeps its search table by triggers).
    await db.updateTable('applications').set({ last_name: 'Banerjee' }).where('email', 'like', 'meera.0@%').execute();
    people = (
      await db
        .selectFrom('applications')
        .select(['id', 'first_name', 'last_name', 'email', 'chapter_id', 'state'])
        .execute()
    ).map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      email: r.email,
      chapterId: r.chapter_id,
      state: r.state,
    }));
  });
  afterAll(() => database.drop());

  const expected = (q: string, keep: (p: (typeof people)[number]) => boolean = () => true) =>
    people
      .filter((p) => keep(p) && (p.email.includes(q.toLowerCase()) || p.name.toLowerCase().includes(q.toLowerCase())))
      .map((p) => p.id)
      .sort((a, b) => b - a);

  async function found(user: CreatedUser, q: string, filters: { state?: 'recommended' } = {}) {
    const ids: number[] = [];
    for await (const row of applicationRowsForExport(database.db, staff(user), { q, ...filters })) ids.push(row.id);
    const page = await listApplications(database.db, staff(user), { q, ...filters, page: 1, pageSize: 20 });
    expect(page.total).toBe(ids.length);
    expect(page.items.map((i) => i.id)).toEqual(ids.slice(0, 20));
    return ids;
  }

  it('finds by part of the name in any case, across first and last name, and by part of the e-mail', async () => {
    for (const q of ['meera', 'MEERA SEN 1', 'ya sen 11', "d'souza", '@mail3.', 'rahul.10', 'Banerjee', 'ab']) {
      const ids = await found(superAdmin, q);
      expect({ q, ids }).toEqual({ q, ids: expected(q) });
    }
    expect(await found(superAdmin, 'meera sen 0')).toEqual(expected('meera sen 0'));
    expect(expected('meera sen 0')).not.toContain(people.find((p) => p.email.startsWith('meera.0@'))!.id);
    expect(await found(superAdmin, 'nobody-like-this')).toEqual([]);
  });

  it('gives the same answer when the text matches more rows than are passed on as a list', async () => {
    const ids = await found(superAdmin, 'sen');
    expect(ids.length).toBeGreaterThan(1_000);
    expect(ids).toEqual(expected('sen'));
  });

  it('keeps the other filters and a chapter admin’s scope', async () => {
    const own = (p: (typeof people)[number]) => p.chapterId === chapterIds[1];
    expect(await found(chapterAdmin, 'priya')).toEqual(expected('priya', own));
    expect(await found(superAdmin, 'kavita', { state: 'recommended' })).toEqual(
      expected('kavita', (p) => p.state === 'recommended'),
    );
  });

  it('answers the route with the same rows', async () => {
    const answer = await json<{ items: { id: number }[]; total: number }>(
      await api.request('GET', '/api/admin/applications?q=Ananya%20Sen%2011&pageSize=50', { token: superAdmin.token }),
    );
    expect(answer.data.total).toBe(expected('ananya sen 11').length);
    expect(answer.data.items.map((i) => i.id)).toEqual(expected('ananya sen 11'));
  });

  it('has the search indexes in place', async () => {
    const db = database.db;
    if (kind.name === 'PostgreSQL') {
      const indexes = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'applications' and indexname like '%trgm%'`.execute(
        db,
      );
      expect(indexes.rows.map((r) => r.indexname).sort()).toEqual([
        'applications_email_trgm_idx',
        'applications_name_trgm_idx',
      ]);
      expect(indexes.rows.every((r) => r.indexdef.includes('gin_trgm_ops'))).toBe(true);
    } else {
      const plan = await sql<{ detail: string }>`explain query plan
        select rowid from applications_search where name like '%meera%'`.execute(db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/VIRTUAL TABLE INDEX/);
    }
  });
});
