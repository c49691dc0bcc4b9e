import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/** An auto-numbered primary key in either database's own idiom. */
export function idColumn(db: Kysely<unknown>, column: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return dialectOf(db) === 'postgres'
    ? column.primaryKey().generatedByDefaultAsIdentity()
    : column.primaryKey().autoIncrement();
}

/** One lock for every migration that creates a database-wide extension. */
const EXTENSION_LOCK = 7_011_001;

/**
 * PostgreSQL's trigram operator class for a GIN index that answers `LIKE '%…%'`, creating `pg_trgm`
 * when it is missing; null when this database user may not create it (the search then reads every row,
 * slower but the same answers). The extension is database-wide while each test file (or tenant)
 * migrates its own schema, so creations queue on a lock held until the migration's transaction ends;
 * it lives in `public`, so dropping one schema never drops it from under the others.
 */
export async function trigramOperatorClass(db: Kysely<unknown>): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(${sql.lit(EXTENSION_LOCK)})`.execute(db);
  await sql`
    do $$ begin
      create extension if not exists pg_trgm with schema public;
    exception when insufficient_privilege then
      raise warning 'pg_trgm could not be created: text searches work without their index';
    end $$`.execute(db);
  const extension = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = extension.rows[0]?.schema;
  if (!schema) {
    console.warn('[migrations] pg_trgm is not installed: text searches read every row.');
    return null;
  }
  return `${schema}.gin_trgm_ops`;
}
