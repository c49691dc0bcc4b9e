import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { seedChapters } from '../../src/server/demo/seed';
import { seedDemoMembers } from '../../src/server/demo/members';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';

const CURRENT = financialYearStart(kolkataDate(new Date()));

describeEachDatabase('The membership report', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  const get = async (url: string, user?: CreatedUser) => {
    const response = await api.request('GET', url, { token: user?.token });
    return { status: response.status, response };
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    await seedChapters(database.db, new Date());
    await seedDemoMembers(database.db, new Date(), { count: 400 });
    superAdmin = await createUser(database.db, { roleId: '2' });
  });
  afterAll(() => database.drop());

  it('adds up: totals by class, region, chapter and status all count every member', async () => {
    const { response } = await get('/api/admin/reports/membership', superAdmin);
    const report = (await response.json()).data;
    const total = (
      await database.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(report.total).toBe(Number(total));
    for (const table of ['byClass', 'byRegion', 'byChapter', 'byStatus']) {
      expect(report[table].reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(Number(total));
    }
    expect(report.financialYear).toBe(financialYearLabel(CURRENT));
    expect(report.years).toHaveLength(5);
    expect(report.months).toHaveLength(12);
    const paid = await database.db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('amount').as('sum'))
      .where('state', '=', 'verified')
      .where('paid_on', '>=', `${CURRENT}-04-01`)
      .executeTakeFirstOrThrow();
    const months = report.months.reduce((sum: number, m: { amount: number }) => sum + m.amount, 0);
    const modes = report.modes.reduce((sum: number, m: { amount: number }) => sum + m.amount, 0);
    expect(months).toBe(Number(paid.sum ?? 0));
    expect(modes).toBe(months);
  });

  it('filters by region and chapter, and exports each table as CSV', async () => {
    const east = (await (await get('/api/admin/reports/membership?region=East', superAdmin)).response.json()).data;
    expect(east.byRegion.map((r: { key: string }) => r.key)).toEqual(['East']);
    const csv = await get('/api/admin/reports/membership/export.csv?table=status&region=East', superAdmin);
    expect(csv.status).toBe(200);
    const lines = (await csv.response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('status,members');
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(east.total);
    expect((await get('/api/admin/reports/membership/export.csv?table=nope', superAdmin)).status).toBe(400);
  });

  it('is for the super admin only', async () => {
    for (const url of ['/api/admin/reports/membership', '/api/admin/reports/membership/export.csv?table=class']) {
      for (const roleId of ['1', '3', '4', '5'] as const) {
        expect((await get(url, await createUser(database.db, { roleId }))).status).toBe(403);
      }
      expect((await get(url)).status).toBe(401);
    }
  });
});
