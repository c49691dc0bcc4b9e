import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoNatcon } from '../../src/server/demo/natcon';
import { seedChapters, seedDemoAccounts } from '../../src/server/demo/seed';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('NATCON demo data', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
    await seedChapters(database.db, new Date());
    await seedDemoAccounts(database.db, { nodeEnv: 'development', now: new Date() });
  });
  afterAll(() => database.drop());

  const count = async (table: 'natcon_orders' | 'natcon_delegates' | 'natcon_nominations' | 'natcon_editions') =>
    (await database.db.selectFrom(table).select('id').execute()).length;

  it('opens NATCON 2027 with a few hundred delegates, nominations and a full category with a waiting list, once', async () => {
    await seedDemoNatcon(database.db, new Date());
    const first = {
      editions: await count('natcon_editions'),
      orders: await count('natcon_orders'),
      delegates: await count('natcon_delegates'),
      nominations: await count('natcon_nominations'),
    };
    expect(first.delegates).toBeGreaterThanOrEqual(250);
    expect(first.nominations).toBeGreaterThan(0);
    await seedDemoNatcon(database.db, new Date());
    expect({
      editions: await count('natcon_editions'),
      orders: await count('natcon_orders'),
      delegates: await count('natcon_delegates'),
      nominations: await count('natcon_nominations'),
    }).toEqual(first);

    const spouse = await database.db
      .selectFrom('natcon_categories')
      .selectAll()
      .where('name', '=', 'Spouse or accompanying person')
      .executeTakeFirstOrThrow();
    expect(spouse.seats_taken).toBe(spouse.seats);
    const waiting = await database.db
      .selectFrom('natcon_orders')
      .select('id')
      .where('state', '=', 'waitlisted')
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    // Seats taken match the confirmed delegates in every category.
    const categories = await database.db.selectFrom('natcon_categories').select(['id', 'seats_taken']).execute();
    for (const c of categories) {
      const confirmed = await database.db
        .selectFrom('natcon_delegates as d')
        .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
        .select('d.id')
        .where('d.category_id', '=', c.id)
        .where('o.state', '=', 'confirmed')
        .execute();
      expect(confirmed.length).toBe(c.seats_taken);
    }
  });
});
