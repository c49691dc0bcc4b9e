import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { NAME_AFTER_RUNS, statementName } from '../../src/server/platform/db/pg-statements';
import { databaseKinds, type TestDatabase } from '../support/databases';

describe('which statements are named (prepared once per connection)', () => {
  it('names a statement after it has run often, and never one with `*` result columns', () => {
    const counted = 'select count(*) as "count" from "t_named_unit" where "user_id" = $1';
    for (let i = 1; i < NAME_AFTER_RUNS; i++) expect(statementName(counted)).toBeUndefined();
    const name = statementName(counted);
    expect(name).toMatch(/^nipm_\d+$/);
    expect(statementName(counted)).toBe(name);
    for (const star of [
      'select * from "t_named_unit" where "id" = $1',
      'select "t_named_unit".* from "t_named_unit" where "id" = $1',
      'insert into "t_named_unit" ("id") values ($1) returning *',
    ]) {
      for (let i = 0; i < NAME_AFTER_RUNS * 2; i++) expect(statementName(star)).toBeUndefined();
    }
  });
});

const postgres = databaseKinds.find((k) => k.name === 'PostgreSQL')!;

describe.skipIf(!postgres.available)('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgres.create();
  });
  afterAll(() => database.drop());

  it('prepares an often-run Kysely query on its connection and still answers each run with its own values', async () => {
    const prepared = await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < NAME_AFTER_RUNS + 5; i++) {
        const row = await trx
          .selectFrom('users')
          .select((eb) => eb.val(i).as('named_probe'))
          .where('id', '>', -i)
          .executeTakeFirst();
        // No users yet: the query runs, its answer is empty, whether it went named or not.
        expect(row).toBeUndefined();
        const value = await sql<{ named_value_probe: number }>`select ${i}::int + 1 as named_value_probe`.execute(trx);
        expect(value.rows[0].named_value_probe).toBe(i + 1);
      }
      return sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
    });
    const statements = prepared.rows.map((r) => r.statement);
    expect(statements.some((s) => s.includes('named_probe'))).toBe(true);
    expect(statements.some((s) => s.includes('named_value_probe'))).toBe(true);
  });

  it('never prepares a `select *`', async () => {
    const prepared = await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < NAME_AFTER_RUNS + 5; i++) {
        await trx.selectFrom('users').selectAll().where('id', '=', i).execute();
      }
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
    });
    expect(prepared.rows.map((r) => r.statement).filter((s) => /select \*/.test(s))).toEqual([]);
  });
});
