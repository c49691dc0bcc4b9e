import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isAccountedFor } from '../../src/server/domains/privacy/export-manifest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('every table is in the privacy export manifest or declared free of personal data', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t.drop());

  it('leaves no table unaccounted for', async () => {
    const tables =
      kind.name === 'SQLite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db)
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema()`.execute(t.db);
    const names = tables.rows.map((row) => row.name);
    expect(names).toContain('members');
    expect(names.filter((name) => !isAccountedFor(name))).toEqual([]);
  });
});
