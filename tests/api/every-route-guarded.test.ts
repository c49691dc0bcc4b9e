import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';

/**
 * Every API route checks the caller first. Walks the app's own route table, so a route added
 * later without a check fails here: without a token each answers 401 in the envelope, except
 * the few that are meant for signed-out visitors.
 */
const OPEN_ROUTES = new Set([
  'GET /api/health',
  'POST /api/sessions',
  'POST /api/password/forgot',
  'POST /api/password/reset',
]);

describeEachDatabase('every API route', (kind) => {
  let database: TestDatabase;
  let api: TestApi;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  it('refuses a caller without a token, but for the routes meant for signed-out visitors', async () => {
    const routes = api.app.routes
      .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
      .map((route) => ({ method: route.method, path: route.path }));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (OPEN_ROUTES.has(key)) continue;
      const url = route.path.replace(/:[a-zA-Z]+/g, '1');
      const response = await api.request(route.method, url, route.method === 'GET' ? {} : { body: {} });
      expect({ key, status: response.status }).toEqual({ key, status: 401 });
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
    }
  });

  it('knows each open route, so the allowance above cannot hide a new one', () => {
    const keys = new Set(api.app.routes.map((route) => `${route.method} ${route.path}`));
    for (const open of OPEN_ROUTES) expect(keys).toContain(open);
  });
});
