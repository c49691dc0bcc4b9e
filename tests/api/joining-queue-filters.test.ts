import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { applicationRow, createProposer, json, referenceOf } from './joining-support';

interface Page {
  items: { reference: string; state: string; chapterId: number; financialYear: string; appliedOn: string }[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The staff queue's filters, each alone against rows that differ in that one field, so a filter that
 * is dropped or turned round lets a row in that must not be there.
 */
describeEachDatabase('Joining: the staff queue filters, pages and shows proposers', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let north: number;
  let south: number;
  let superAdmin: CreatedUser;
  let southAdmin: CreatedUser;
  const ref = (i: number) => referenceOf(900_000 + i);

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    const db = database.db;
    north = (await createChapter(db, { code: 'NQF' })).id;
    south = (await createChapter(db, { code: 'SQF' })).id;
    superAdmin = await createUser(db, { roleId: '2' });
    southAdmin = await createUser(db, { roleId: '4', chapterId: south });
    const rows = [
      { index: 1, chapter: north, state: 'payment_verified', classCode: 'associate', appliedOn: '2026-10-01' },
      { index: 2, chapter: north, state: 'under_scrutiny', classCode: 'student', appliedOn: '2026-10-15' },
      { index: 3, chapter: south, state: 'payment_verified', classCode: 'associate', appliedOn: '2026-11-01' },
      { index: 4, chapter: south, state: 'recommended', classCode: 'corporate', appliedOn: '2026-11-10' },
      { index: 5, chapter: south, state: 'awaiting_guardian', classCode: 'student', appliedOn: '2026-11-12' },
      { index: 6, chapter: north, state: 'payment_verified', classCode: 'associate', appliedOn: '2025-12-01' },
    ];
    for (const r of rows) {
      await db
        .insertInto('applications')
        .values({
          ...applicationRow(r.chapter, {
            index: 900_000 + r.index,
            state: r.state,
            classCode: r.classCode,
            appliedOn: r.appliedOn,
          }),
          financial_year: r.appliedOn.startsWith('2025') ? 2025 : 2026,
        })
        .execute();
    }
  });
  afterAll(() => database.drop());

  const list = async (query: string, user: CreatedUser = superAdmin) => {
    const response = await api.request('GET', `/api/admin/applications?${query}`, { token: user.token });
    expect(response.status).toBe(200);
    return (await json<Page>(response)).data;
  };
  const refs = async (query: string, user?: CreatedUser) =>
    (await list(query, user)).items.map((i) => i.reference).sort();

  it('narrows by chapter, state, class, financial year and applied-on dates, one filter at a time', async () => {
    // A child's application waits out of the queue until the guardian consents.
    expect(await refs('pageSize=50')).toEqual([ref(1), ref(2), ref(3), ref(4), ref(6)].sort());
    expect(await refs(`chapterId=${south}`)).toEqual([ref(3), ref(4)].sort());
    expect(await refs('state=payment_verified')).toEqual([ref(1), ref(3), ref(6)].sort());
    expect(await refs('classCode=student')).toEqual([ref(2)]);
    expect(await refs('financialYear=2025-26')).toEqual([ref(6)]);
    expect(await refs('from=2026-10-15')).toEqual([ref(2), ref(3), ref(4)].sort());
    expect(await refs('to=2026-10-15')).toEqual([ref(1), ref(2), ref(6)].sort());
    expect(await refs('from=2026-10-02&to=2026-11-01&state=payment_verified')).toEqual([ref(3)]);
  });

  it("keeps a chapter admin to their chapter's queue, whatever chapter the filter names", async () => {
    expect(await refs('', southAdmin)).toEqual([ref(3), ref(4)].sort());
    expect(await refs(`chapterId=${north}`, southAdmin)).toEqual([]);
  });

  // "Applied on" orders by submission (the row's id): a day holds many applications, an id one.
  it('pages in submission order, latest first, with the total of every page', async () => {
    const first = await list('pageSize=2&page=1');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((i) => i.reference)).toEqual([ref(6), ref(4)]);
    expect(first.items[0]).toMatchObject({
      name: 'Bulk Applicant 900006',
      financialYear: '2025-26',
      appliedOn: '2025-12-01',
      chapterId: north,
    });
    const third = await list('pageSize=2&page=3');
    expect(third).toMatchObject({ total: 5, page: 3 });
    expect(third.items.map((i) => i.reference)).toEqual([ref(1)]);
    const oldestFirst = await list('pageSize=2&sort=appliedOn');
    expect(oldestFirst.items.map((i) => i.reference)).toEqual([ref(1), ref(2)]);
  });

  it("names an application's proposer and seconder in its detail, and nobody when it has none", async () => {
    const db = database.db;
    const proposer = await createProposer(db, north, { memberNumber: 'NQF-0001' });
    const seconder = await createProposer(db, north, { memberNumber: 'NQF-0002' });
    const { id } = await db
      .insertInto('applications')
      .values({
        ...applicationRow(north, { index: 900_100, state: 'under_scrutiny' }),
        proposer_member_id: proposer.id,
        seconder_member_id: seconder.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const detail = async (appId: number) =>
      (
        await json<{
          proposer: { memberNumber: string; name: string } | null;
          seconder: { memberNumber: string; name: string } | null;
        }>(await api.request('GET', `/api/admin/applications/${appId}`, { token: superAdmin.token }))
      ).data;
    const named = await detail(id);
    expect(named.proposer).toEqual({
      memberNumber: 'NQF-0001',
      name: `${proposer.first_name} ${proposer.last_name}`,
    });
    expect(named.seconder).toEqual({
      memberNumber: 'NQF-0002',
      name: `${seconder.first_name} ${seconder.last_name}`,
    });
    const other = await db
      .selectFrom('applications')
      .select('id')
      .where('reference', '=', ref(2))
      .executeTakeFirstOrThrow();
    expect(await detail(other.id)).toMatchObject({ proposer: null, seconder: null });
  });
});
