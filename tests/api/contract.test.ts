import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/server/api/app';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { API_BASE, documentedRoutes } from '../support/contract';

/**
 * The API and its contract are one: walks the Hono app's own route table and the OpenAPI document
 * it serves. A route added without a declaration, a declaration without a route, or a route
 * without an authorization check fails here. (Every answer of every API test is also checked
 * against its documented schema by the test client, `tests/support/api.ts`.)
 */
const OPEN_ROUTES = [
  'GET /api/health',
  'GET /api/ready',
  'POST /api/sessions',
  'POST /api/password/forgot',
  'POST /api/password/reset',
  'GET /api/scroll-messages',
  'GET /api/site-settings',
  'GET /api/chapters/{id}/office-bearers/{bearerId}/photo',
  'GET /api/membership/fee-quote',
  'GET /api/membership/fees',
  'POST /api/membership/applications',
  'POST /api/membership/applications/{reference}/documents',
  'GET /api/membership/applications/{reference}/documents/{kind}',
  'POST /api/membership/applications/{reference}/payments',
  'POST /api/membership/applications/{reference}/withdrawal',
  'GET /api/membership/status',
  'GET /api/membership/track',
  'GET /api/natcon',
  'POST /api/natcon/registrations',
  'GET /api/natcon/registrations/{orderNumber}',
  'GET /api/natcon/registrations/{orderNumber}/tickets/{confirmationNumber}',
  'GET /api/natcon/registrations/{orderNumber}/delegates/{confirmationNumber}',
  'POST /api/natcon/registrations/{orderNumber}/student-ids',
  'POST /api/natcon/registrations/{orderNumber}/payments',
  'POST /api/natcon/registrations/{orderNumber}/cancel',
  'POST /api/natcon/price-preview',
  'POST /api/natcon/nominations',
  'GET /api/payment-options',
  'GET /api/content/files/{key}',
  'GET /api/content/publications/{id}/file',
  'GET /api/membership/verify',
  'GET /api/payments/online',
  'POST /api/payments/online',
  'GET /api/payments/online/checkout/{orderId}',
  'GET /api/payments/online/callback',
  'POST /api/payments/online/callback',
  'POST /api/payments/gateway/webhook',
  'GET /api/privacy/unsubscribe',
  // Applicants' side (issues 26 and 28): the keys are the status and guardian links.
  'GET /api/membership/proposer-check',
  'GET /api/membership/guardian',
  'POST /api/membership/guardian/consent',
  'GET /api/privacy/status-link',
  'GET /api/privacy/status-link/export',
  'POST /api/privacy/status-link/requests',
  'DELETE /api/privacy/status-link/consents/{purpose}',
].sort();

const toTemplate = (honoPath: string) => honoPath.replace(/:([a-zA-Z]+)/g, '{$1}').replace(/(.)\/$/, '$1');

interface Operation {
  'x-roles': string | string[];
  responses: Record<string, unknown>;
  security?: unknown[];
}

describeEachDatabase('the API contract', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

  const served = () =>
    new Set(
      api.app.routes
        .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
        .map((route) => `${route.method} ${toTemplate(route.path)}`)
        .filter((key) => key !== `GET ${API_BASE}${OPENAPI_PATH}`),
    );
  const documented = () =>
    new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${toTemplate(path)}`),
      ),
    );

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const response = await api.request('GET', `${API_BASE}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    document = await response.json();
  });
  afterAll(() => database.drop());

  it('is an OpenAPI 3.1 document served at /api/openapi.json', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThan(8);
  });

  it('documents every route the app serves, and serves every documented route', () => {
    expect([...served()].sort()).toEqual([...documented()].sort());
    expect(documentedRoutes(api.app).length).toBe(documented().size);
  });

  it('names who may call each route and its error answers', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        expect(operation['x-roles'], key).toBeDefined();
        const statuses = Object.keys(operation.responses);
        if (operation['x-roles'] !== 'anyone') expect(statuses, key).toContain('401');
        if (Array.isArray(operation['x-roles'])) expect(statuses, key).toContain('403');
      }
    }
  });

  it('opens only the routes meant for signed-out visitors', () => {
    const open = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation['x-roles'] === 'anyone')
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(open).toEqual(OPEN_ROUTES);
  });

  it('refuses a caller without a token on every other route, before looking at the input', async () => {
    for (const key of served()) {
      if (OPEN_ROUTES.includes(key)) continue;
      const [method, template] = key.split(' ');
      const url = template.replace(/\{[a-zA-Z]+\}/g, '1');
      const response = await api.request(method, url, method === 'GET' ? {} : { body: {} });
      expect({ key, status: response.status }).toEqual({ key, status: 401 });
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
    }
  });
});

describeEachDatabase('request bodies', (kind) => {
  let database: TestDatabase;
  let api: TestApi;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  it('refuses a body over the route’s limit with 413 in the envelope', async () => {
    const huge = JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(200 * 1024) });
    const response = await api.request('POST', '/api/sessions', { body: huge });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'payload_too_large' } });
  });

  it('takes only application/json as JSON: application/jsonx is 415', async () => {
    const response = await api.request('POST', '/api/sessions', {
      body: JSON.stringify({ email: 'a@b.in', password: 'whatever1' }),
      headers: { 'content-type': 'application/jsonx' },
    });
    expect(response.status).toBe(415);
  });
});
