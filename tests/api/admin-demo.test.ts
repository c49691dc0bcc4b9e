import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedChapters } from '../../src/server/demo/seed';
import { seedDemoAdmin } from '../../src/server/demo/admin';
import { currentScrollMessages } from '../../src/server/domains/organisation/ticker';
import { officeBearersOf } from '../../src/server/domains/organisation/chapters';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('Administration demo data', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.drop());

  it('adds office bearers, staff and three current ticker messages, once', async () => {
    const db = database.db;
    const now = new Date();
    await seedChapters(db, now);
    await seedDemoAdmin(db, now);
    const count = async (table: 'office_bearers' | 'users' | 'scroll_messages') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = [await count('office_bearers'), await count('users'), await count('scroll_messages')];
    await seedDemoAdmin(db, now);
    expect([await count('office_bearers'), await count('users'), await count('scroll_messages')]).toEqual(first);
    expect(first[2]).toBe(3);
    expect(await currentScrollMessages(db, now)).toHaveLength(3);
    const kolkata = await db.selectFrom('chapters').select('id').where('code', '=', 'KOL').executeTakeFirstOrThrow();
    expect((await officeBearersOf(db, kolkata.id, now)).map((b) => b.position)).toEqual([
      'Chairman',
      'Secretary',
      'Treasurer',
    ]);
  });
});
