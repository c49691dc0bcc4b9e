import { sql } from 'kysely';
import type { DB } from '../../src/server/platform/db';

/**
 * A fingerprint of every table's whole content, in one query on either database, to show that a
 * request changed nothing. Tables are found at each call, so tables added by later migrations are
 * covered without an edit.
 *
 * Left out: sign-in bookkeeping that a refused request writes by design (a failed sign-in is
 * counted and audited: that is how the throttle and the audit log work) and the migration tables.
 */
const IGNORED_TABLES = new Set(['login_throttle', 'kysely_migration', 'kysely_migration_lock']);
const ROW_FILTERS: Record<string, string> = { audit_log: "action not like 'auth.%'" };

export type Fingerprint = Record<string, string>;

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tablesOf(db: DB, postgres: boolean): Promise<{ name: string; columns: string[] }[]> {
  if (postgres) {
    // Its own schema only, from the catalogue by oid: Kysely's introspection reads every test file's schema by
    // name and fails when another file drops its schema meanwhile.
    const { rows } = await sql<{ table: string; column: string }>`
      select c.relname as "table", a.attname as "column"
      from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
      where c.relnamespace = to_regnamespace(current_schema()) and c.relkind in ('r', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(db);
    const columns = new Map<string, string[]>();
    for (const row of rows) columns.set(row.table, [...(columns.get(row.table) ?? []), row.column]);
    return [...columns]
      .filter(([name]) => !IGNORED_TABLES.has(name))
      .map(([name, names]) => ({ name, columns: names }));
  }
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView && !IGNORED_TABLES.has(table.name))
    .map((table) => ({ name: table.name, columns: table.columns.map((c) => c.name) }));
}

// Introspection is slow on a PostgreSQL server full of test schemas: the query is built once per database.
const queries = new WeakMap<DB, string>();

async function fingerprintQuery(db: DB, postgres: boolean): Promise<string> {
  const cached = queries.get(db);
  if (cached) return cached;
  const tables = await tablesOf(db, postgres);
  const parts = tables.map(({ name, columns }) => {
    const where = ROW_FILTERS[name] ? ` where ${ROW_FILTERS[name]}` : '';
    if (postgres) {
      return `select '${name}' as t, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${quoteName(name)} x${where}`;
    }
    const row = columns.map((c) => `quote(${quoteName(c)})`).join(" || ',' || ");
    return `select '${name}' as t, count(*) || ':' || coalesce(group_concat(r, '|'), '') as h from (select ${row} as r from ${quoteName(name)}${where} order by r)`;
  });
  const query = parts.join(' union all ');
  queries.set(db, query);
  return query;
}

export async function fingerprint(db: DB, dialect: 'SQLite' | 'PostgreSQL'): Promise<Fingerprint> {
  const query = await fingerprintQuery(db, dialect === 'PostgreSQL');
  if (!query) return {};
  const result = await sql<{ t: string; h: string }>`${sql.raw(query)}`.execute(db);
  return Object.fromEntries(result.rows.map((r) => [r.t, String(r.h)]));
}

/** The tables whose content differs between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
