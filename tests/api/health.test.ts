import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { APP_VERSION } from '../../src/server/platform/version';

describeEachDatabase('GET /api/health', (kind) => {
  let database: TestDatabase;
  let api: TestApi;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  it('answers ok with the version in the envelope', async () => {
    const response = await api.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: 'ok', version: APP_VERSION } });
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const response = await api.request('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('runs the migrations: the core tables exist and are empty', async () => {
    const chapters = await database.db
      .selectFrom('chapters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(chapters.n)).toBe(0);
  });
});
