import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Children's applications (issue 26, DPDP Act section 9): an applicant under 18 waits in the state
 * `awaiting_guardian` until a parent or guardian consents through the link e-mailed to them. This
 * widens the applications' state check to admit it. The partial unique index on open applications
 * already counts it as open (it names only the closed states).
 */

const STATES = `'awaiting_guardian', 'awaiting_payment', 'payment_reported', 'payment_verified', 'under_scrutiny', 'recommended', 'approved', 'rejected', 'withdrawn'`;
const OLD_STATES = `'awaiting_payment', 'payment_reported', 'payment_verified', 'under_scrutiny', 'recommended', 'approved', 'rejected', 'withdrawn'`;

/**
 * SQLite cannot change a CHECK constraint: the table is rebuilt from its own CREATE statement with
 * the state check replaced, its rows, indexes and the search triggers of migration 011 carried
 * over (the trigram table keeps its rows: the ids do not change). Foreign keys are off meanwhile
 * so that dropping the old table does not cascade into the history, documents and consents.
 */
async function replaceStateCheckOnSqlite(db: Kysely<unknown>, states: string): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'applications'`.execute(db);
  const extras = await sql<{ sql: string }>`
    select sql from sqlite_master where type in ('index', 'trigger') and tbl_name = 'applications' and sql is not null
    order by type`.execute(db);
  const createSql = table.rows[0]!.sql;
  const replaced = createSql.replace(/check\s*\(\s*"?state"?\s+in\s*\(([^)]*)\)\s*\)/i, `check (state in (${states}))`);
  if (replaced === createSql) throw new Error('022: the applications.state check was not found');
  const columns = await sql<{ name: string }>`select name from pragma_table_info('applications')`.execute(db);
  const list = columns.rows.map((c) => `"${c.name}"`).join(', ');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(replaced.replace(/create table\s+"?applications"?/i, 'create table "applications_022"')).execute(db);
    await sql.raw(`insert into "applications_022" (${list}) select ${list} from "applications"`).execute(db);
    await sql`drop table applications`.execute(db);
    await sql`alter table applications_022 rename to applications`.execute(db);
    for (const extra of extras.rows) await sql.raw(extra.sql).execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function replaceStateCheckOnPostgres(db: Kysely<unknown>, states: string): Promise<void> {
  const checks = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'applications'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%awaiting_payment%'`.execute(db);
  for (const check of checks.rows)
    await sql.raw(`alter table applications drop constraint "${check.name}"`).execute(db);
  await sql
    .raw(`alter table applications add constraint applications_state_check check (state in (${states}))`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await replaceStateCheckOnPostgres(db, STATES);
  else await replaceStateCheckOnSqlite(db, STATES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await replaceStateCheckOnPostgres(db, OLD_STATES);
  else await replaceStateCheckOnSqlite(db, OLD_STATES);
}
