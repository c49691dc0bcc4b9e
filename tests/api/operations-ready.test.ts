import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/platform/db/migrations';
import { beginShutdown } from '../../src/server/lifecycle';
import { createDatabase, type DB } from '../../src/server/platform/db';
import type { Database } from '../../src/server/platform/db/schema';
import { APP_VERSION } from '../../src/server/platform/version';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('GET /api/ready', (kind) => {
  let database: TestDatabase;
  let api: TestApi;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  it('is ready when the database answers and every migration is applied', async () => {
    const response = await api.request('GET', '/api/ready');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      success: true,
      data: { status: 'ready', version: APP_VERSION, migrations: Object.keys(migrations).length },
    });
  });

  it('is 503, naming it, while a migration of this version is missing', async () => {
    const last = Object.keys(migrations).at(-1) as string;
    const row = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration where name = ${last}`.execute(database.db);
    await sql`delete from kysely_migration where name = ${last}`.execute(database.db);
    try {
      const response = await api.request('GET', '/api/ready');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        success: false,
        error: { code: 'not_ready', message: `Migrations not applied: ${last}.` },
      });
    } finally {
      const { name, timestamp } = row.rows[0];
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(database.db);
    }
    expect((await api.request('GET', '/api/ready')).status).toBe(200);
  });

  it('is 503 when the database cannot be reached, while /api/health stays 200', async () => {
    // PostgreSQL: nothing listens on port 1. SQLite: the file cannot be opened (a lost disk).
    const gone: DB =
      kind.name === 'PostgreSQL'
        ? createDatabase({ url: 'postgres://postgres@127.0.0.1:1/test' })
        : new Kysely<Database>({
            dialect: new SqliteDialect({
              database: async () => {
                throw new Error('unable to open database file');
              },
            }),
          });
    const unreachable = createTestApi(gone);
    const response = await unreachable.request('GET', '/api/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_ready' } });
    expect((await unreachable.request('GET', '/api/health')).status).toBe(200);
    await gone.destroy();
  });
});

describe('GET /api/ready on an unmigrated database and while stopping', () => {
  it('is 503 before the migrations ran, and 503 once the server is stopping', async () => {
    const fresh = createDatabase({ url: 'sqlite::memory:' });
    const api = createTestApi(fresh);
    const response = await api.request('GET', '/api/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_ready' } });
    await fresh.destroy();
  });

  it('is 503 once the server is stopping', async () => {
    const fresh = createDatabase({ url: 'sqlite::memory:' });
    const api = createTestApi(fresh);
    beginShutdown();
    const response = await api.request('GET', '/api/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: 'not_ready', message: 'The server is stopping.' },
    });
    await fresh.destroy();
  });
});
