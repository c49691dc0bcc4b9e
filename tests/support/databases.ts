import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { createDatabase, migrateToLatest, type DB } from '../../src/server/platform/db';
import type { Kysely } from 'kysely';

/**
 * Every data test runs on both databases: a fresh SQLite file, and (when TEST_DATABASE_URL is
 * set, as CI does) a fresh schema on the PostgreSQL server. Each call makes a new, migrated
 * database, so a test file never sees another's rows.
 */
export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL';
  db: DB;
  /**
   * A second connection pool to the same database, as a second app server would have (closed by
   * `drop`). Meaningful on PostgreSQL; SQLite is one process by design.
   */
  another(): DB;
  drop(): Promise<void>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function freshSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-test-'));
  const url = `sqlite:${path.join(dir, 'test.sqlite')}`;
  const db = createDatabase({ url });
  await migrateToLatest(db as Kysely<unknown>);
  const others: DB[] = [];
  return {
    name: 'SQLite',
    db,
    another() {
      const other = createDatabase({ url });
      others.push(other);
      return other;
    },
    async drop() {
      for (const other of others) await other.destroy();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Kysely's migrator reads the catalogue of every schema on the server (`getTables`), naming each one
 * as text (`has_schema_privilege`, `pg_get_serial_sequence`); a schema another test file drops during
 * that read fails it with "schema … does not exist". Migrations hold this advisory lock shared and
 * drops hold it alone, so test files running side by side never meet in the catalogue.
 */
const SCHEMA_CATALOGUE_LOCK = 740_028;

async function underCatalogueLock<T>(
  url: string,
  mode: 'shared' | 'alone',
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const suffix = mode === 'shared' ? '_shared' : '';
  try {
    await client.query(`select pg_advisory_lock${suffix}($1)`, [SCHEMA_CATALOGUE_LOCK]);
    return await work(client);
  } finally {
    await client.query(`select pg_advisory_unlock${suffix}($1)`, [SCHEMA_CATALOGUE_LOCK]);
    await client.end();
  }
}

async function freshPostgres(url: string): Promise<TestDatabase> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({ url, schema, poolSize: 5 });
  await underCatalogueLock(url, 'shared', () => migrateToLatest(db as Kysely<unknown>, { schema }));
  const others: DB[] = [];
  return {
    name: 'PostgreSQL',
    db,
    another() {
      const other = createDatabase({ url, schema, poolSize: 5 });
      others.push(other);
      return other;
    },
    async drop() {
      for (const other of others) await other.destroy();
      await db.destroy();
      await underCatalogueLock(url, 'alone', (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

export interface DatabaseKind {
  name: 'SQLite' | 'PostgreSQL';
  available: boolean;
  create(): Promise<TestDatabase>;
}

export const databaseKinds: DatabaseKind[] = [
  { name: 'SQLite', available: true, create: freshSqlite },
  {
    name: 'PostgreSQL',
    available: Boolean(postgresUrl),
    create: () => freshPostgres(postgresUrl as string),
  },
];

/**
 * `describe` once per database. Without TEST_DATABASE_URL the PostgreSQL half is reported as
 * skipped, with the reason in its name.
 */
export function describeEachDatabase(title: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds) {
    const label = kind.available
      ? `${title} [${kind.name}]`
      : `${title} [${kind.name}: skipped, TEST_DATABASE_URL is not set]`;
    describe.skipIf(!kind.available)(label, () => body(kind));
  }
}
