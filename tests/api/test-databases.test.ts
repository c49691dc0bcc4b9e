import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { databaseKinds, type TestDatabase } from '../support/databases';

/**
 * Test files run two at a time on one PostgreSQL server, each in its own schema: one file's schema is
 * dropped while another's is being migrated. That must never fail the other file (it did, in CI).
 */
const postgres = databaseKinds.find((kind) => kind.name === 'PostgreSQL');

describe.skipIf(!postgres?.available)('PostgreSQL test schemas made and dropped side by side', () => {
  it('migrates new schemas while others are dropped', async () => {
    const kind = postgres as NonNullable<typeof postgres>;
    let standing: TestDatabase[] = await Promise.all([kind.create(), kind.create(), kind.create()]);
    for (let round = 0; round < 3; round++) {
      const [fresh] = await Promise.all([
        Promise.all([kind.create(), kind.create(), kind.create()]),
        ...standing.map((database) => database.drop()),
      ]);
      standing = fresh;
    }
    const tables = await Promise.all(
      standing.map(async (database) => {
        const { rows } = await sql<{ n: string }>`select count(*) as n from members`.execute(database.db);
        return Number(rows[0]?.n);
      }),
    );
    await Promise.all(standing.map((database) => database.drop()));
    expect(tables).toEqual([0, 0, 0]);
  }, 120_000);
});
