import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import {
  applicationBody,
  applicationRow,
  createCoupon,
  createProposer,
  json,
  seedFees,
  submit,
} from './joining-support';

describeEachDatabase('Joining under concurrency', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapter: { id: number; code: string };
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    await seedFees(database.db, 2026);
    chapter = await createChapter(database.db, { code: 'PUN' });
    await createProposer(database.db, chapter.id, { memberNumber: 'CC-1' });
    await createProposer(database.db, chapter.id, { memberNumber: 'CC-2' });
    admin = await createUser(database.db, { roleId: '5' });
  }, 60_000);
  afterAll(() => database.drop());

  it('100 simultaneous submissions with a 10-use coupon give exactly 10 discounts', async () => {
    await createCoupon(database.db, { code: 'RUSH10', value: 20, maxUses: 10 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        submit(
          api,
          applicationBody(chapter.id, ['CC-1', 'CC-2'], { coupon: 'rush10' }),
          `10.100.${Math.floor(i / 200)}.${i + 1}`,
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(90);
    const bodies = await Promise.all(
      responses.filter((r) => r.status === 201).map((r) => json<{ discount: number }>(r)),
    );
    expect(bodies.every((b) => b.data.discount === 25_020)).toBe(true);
    const coupon = await database.db
      .selectFrom('coupons')
      .select('uses')
      .where('code', '=', 'RUSH10')
      .executeTakeFirstOrThrow();
    expect(coupon.uses).toBe(10);
    const redemptions = await database.db.selectFrom('coupon_redemptions').select('subject_id').execute();
    expect(redemptions).toHaveLength(10);
    const applications = await database.db.selectFrom('applications').select('id').execute();
    expect(applications).toHaveLength(10);
  }, 120_000);

  it('50 simultaneous approvals in one chapter give 50 distinct, consecutive member numbers', async () => {
    const rows = Array.from({ length: 50 }, (_, i) =>
      applicationRow(chapter.id, { state: 'recommended', index: 5000 + i }),
    );
    const inserted = await database.db.insertInto('applications').values(rows).returning('id').execute();
    const responses = await Promise.all(
      inserted.map((row) =>
        api.request('POST', `/api/admin/applications/${row.id}/transitions`, {
          token: admin.token,
          body: { to: 'approved' },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(new Array(50).fill(200));
    const numbers = (await Promise.all(responses.map((r) => json<{ memberNumber: string }>(r)))).map(
      (b) => b.data.memberNumber,
    );
    expect(new Set(numbers).size).toBe(50);
    const sequence = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
    expect(sequence[0]).toBe(1);
    expect(sequence).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(numbers.every((n) => /^NIPM\/PUN\/\d{5}$/.test(n))).toBe(true);
    const accounts = await database.db.selectFrom('users').select('id').where('role_id', '=', 1).execute();
    expect(accounts).toHaveLength(50);
  }, 120_000);

  it('one application approved twice at once is approved once', async () => {
    const [row] = await database.db
      .insertInto('applications')
      .values([applicationRow(chapter.id, { state: 'recommended', index: 9001 })])
      .returning('id')
      .execute();
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        api.request('POST', `/api/admin/applications/${row.id}/transitions`, {
          token: admin.token,
          body: { to: 'approved' },
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  }, 60_000);
});
