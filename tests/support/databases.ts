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

async function freshPostgres(url: string): Promise<TestDatabase> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({ url, schema, poolSize: 5 });
  // Given the schema, the migrator reads only this schema's catalogue, so files dropping theirs meanwhile
  // cannot fail it (tests/api/test-databases.test.ts).
  await migrateToLatest(db as Kysely<unknown>, { schema });
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
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop schema ${schema} cascade`);
      } finally {
        await admin.end();
      }
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
