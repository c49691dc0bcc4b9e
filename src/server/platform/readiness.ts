import { sql } from 'kysely';
import type { DB } from './db';
import { migrations } from './db/migrations';

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string };

/**
 * Whether this server can serve: its database answers and every migration this build knows is
 * applied there (a server started against a database another version migrated, or one whose
 * migrations failed half-way, is not ready). Reads Kysely's own migration table.
 */
export async function readiness(db: DB): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = new Set(result.rows.map((row) => row.name));
  } catch {
    return { ready: false, reason: 'The database cannot be reached, or it has no migrations applied.' };
  }
  const pending = Object.keys(migrations).filter((name) => !applied.has(name));
  if (pending.length) return { ready: false, reason: `Migrations not applied: ${pending.join(', ')}.` };
  return { ready: true, migrations: applied.size };
}
