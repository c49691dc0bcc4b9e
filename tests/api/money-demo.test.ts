import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoMoney } from '../../src/server/demo/money';
import { listCoupons, readPaymentSettings } from '../../src/server/domains/money';
import { kolkataDate } from '../../src/lib/financial-year';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('Money demo data', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.drop());

  it('adds the sample settings and coupons in every state once, however often it runs', async () => {
    const now = new Date('2026-11-23T06:00:00Z');
    expect(await seedDemoMoney(database.db, now)).toEqual({ settings: 4, coupons: 6 });
    expect(await seedDemoMoney(database.db, now)).toEqual({ settings: 0, coupons: 0 });
    const settings = await readPaymentSettings(database.db);
    expect(settings.samples).toEqual(['institute', 'gst', 'upi', 'bank']);
    expect(settings.upi.payeeName).toContain('(sample)');
    const page = await listCoupons(
      database.db,
      { page: 1, pageSize: 20, sort: { field: 'code', direction: 'asc' } },
      kolkataDate(now),
    );
    expect(page.items.map((c) => [c.code, c.scope, c.status])).toEqual([
      ['DIWALI2025', 'both', 'expired'],
      ['FOUNDERS50', 'membership', 'used_up'],
      ['NATCON1000', 'natcon', 'usable'],
      ['NIPMFAMILY5', 'both', 'usable'],
      ['PAUSED20', 'natcon', 'inactive'],
      ['WELCOME10', 'membership', 'usable'],
    ]);
  });
});
