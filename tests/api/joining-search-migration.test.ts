import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/platform/db';
import { migrations } from '../../src/server/platform/db/migrations';
import * as searchMigration from '../../src/server/platform/db/migrations/011_joining_search';

/**
 * Migration 011 creates `pg_trgm`, which belongs to the whole database, while test files (or
 * tenants) migrate their own schemas at the same time. On a database that does not have it yet,
 * several schemas migrating at once must all succeed and install it once, in `public`.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migration 011 on a PostgreSQL database without pg_trgm', () => {
  it('lets four schemas run it at the same moment', async () => {
    const name = `nipm_trgm_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const fresh = new URL(url as string);
    fresh.pathname = `/${name}`;
    try {
      const schemas = ['s1', 's2', 's3', 's4'];
      const setup = new pg.Client({ connectionString: fresh.toString() });
      await setup.connect();
      for (const schema of schemas) await setup.query(`create schema ${schema}`);
      const before = await setup.query(`select 1 from pg_extension where extname = 'pg_trgm'`);
      expect(before.rowCount).toBe(0);
      const dbs = schemas.map((schema) => createDatabase({ url: fresh.toString(), schema, poolSize: 2 }));
      // Every schema up to the migration before, then all of them run 011 at the same moment.
      for (const [i, db] of dbs.entries()) {
        const migrator = new Migrator({
          db: db as Kysely<unknown>,
          provider: { getMigrations: async () => migrations },
          migrationTableSchema: schemas[i],
        });
        const { error } = await migrator.migrateTo('010_members');
        expect(error).toBeUndefined();
      }
      // 011 itself, each in its own transaction as the migrator runs it, all started together.
      const results = await Promise.allSettled(
        dbs.map((db) => db.transaction().execute((trx) => searchMigration.up(trx as unknown as Kysely<unknown>))),
      );
      for (const db of dbs) await db.destroy();
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const extension = await setup.query(
        `select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`,
      );
      expect(extension.rows).toEqual([{ schema: 'public' }]);
      const indexes = await setup.query(
        `select schemaname from pg_indexes where indexname = 'applications_name_trgm_idx' order by schemaname`,
      );
      expect(indexes.rows.map((r) => r.schemaname)).toEqual(schemas);
      await setup.end();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
