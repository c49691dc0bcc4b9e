import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { seedChapters } from '../../src/server/demo/seed';
import { seedDemoMembers } from '../../src/server/demo/members';

describeEachDatabase('Demo members', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
    await seedChapters(database.db, new Date());
  });
  afterAll(() => database.drop());

  it('adds members in every class with verified renewal payments and receipts, once', async () => {
    const added = await seedDemoMembers(database.db, new Date(), { count: 600 });
    expect(added).toBeGreaterThan(550);
    expect(await seedDemoMembers(database.db, new Date(), { count: 600 })).toBe(0);
    const classes = await database.db.selectFrom('members').select('membership_class').distinct().execute();
    expect(classes.map((c) => c.membership_class).sort()).toEqual([
      'associate',
      'corporate',
      'institutional',
      'life',
      'student',
    ]);
    const payments = await database.db
      .selectFrom('payments')
      .select(['receipt_number', 'state'])
      .where('purpose', '=', 'membership_renewal')
      .execute();
    expect(payments.length).toBeGreaterThan(added);
    expect(new Set(payments.map((p) => p.receipt_number)).size).toBe(payments.length);
    expect(payments.every((p) => p.state === 'verified')).toBe(true);
  });
});
