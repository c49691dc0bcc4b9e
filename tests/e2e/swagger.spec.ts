import type { APIRequestContext, Page, Request } from '@playwright/test';
import { test, expect, type E2EUser } from './support/fixtures';

/**
 * /swagger (issue 8, item 2): Swagger UI from the site's own files, reading /api/openapi.json,
 * open without signing in; "Authorize" with a member's bearer token makes "Try it out" work
 * against the running site; nothing is loaded from another origin.
 */
const UNREAD_COUNT = '/api/notifications/unread-count';

interface OpenApiDocument {
  paths: Record<string, Record<string, { tags?: string[] }>>;
}

/** The contract's operations grouped by their first tag, as Swagger UI groups them. */
function operationsByTag(contract: OpenApiDocument): Map<string, { method: string; path: string }[]> {
  const byTag = new Map<string, { method: string; path: string }[]>();
  for (const [path, operations] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'default';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path }]);
    }
  }
  return byTag;
}

async function tokenOf(request: APIRequestContext, user: E2EUser): Promise<string> {
  const response = await request.post('/api/sessions', { data: { email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Records every request the page makes, and every CSP complaint of the browser. */
function watch(page: Page) {
  const requests: Request[] = [];
  const cspErrors: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  return { requests, cspErrors };
}

function operation(page: Page, method: string, path: string) {
  return page
    .locator(`.opblock.opblock-${method}`)
    .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
}

async function tryItOut(page: Page): Promise<{ status: number; authorization: string | null }> {
  const block = operation(page, 'get', UNREAD_COUNT);
  const tryButton = block.getByRole('button', { name: 'Try it out' });
  if (await tryButton.isVisible()) await tryButton.click();
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === UNREAD_COUNT),
    block.getByRole('button', { name: 'Execute' }).click(),
  ]);
  await expect(block.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText(
    String(response.status()),
  );
  return { status: response.status(), authorization: response.request().headers()['authorization'] ?? null };
}

// It filters Swagger UI by every tag of the contract in turn: about 45 s on a quiet 2-core machine.
test.describe.configure({ timeout: 120_000 });

test('lists the routes, authorizes with a member’s token and tries the unread count, all from this site', async ({
  page,
  request,
  users,
  baseURL,
}) => {
  const member = await users.create({ roleId: '1' });
  const superAdmin = await users.create({ roleId: '2' });
  const sent = await request.post('/api/admin/notifications', {
    headers: { authorization: `Bearer ${await tokenOf(request, superAdmin)}` },
    data: { title: 'Swagger check', message: 'One unread notice.', audience: { type: 'member', id: member.email } },
  });
  expect(sent.status()).toBe(201);
  const token = await tokenOf(request, member);
  const contract = (await (await request.get('/api/openapi.json')).json()) as OpenApiDocument;

  const { requests, cspErrors } = watch(page);
  const response = await page.goto('/swagger');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'minimal');
  await expect(page.getByRole('heading', { name: 'NIPM API reference' })).toBeVisible();

  // Every route of the contract is listed. Swagger UI renders a long contract as a virtual list (only what
  // is on screen is in the page), so each tag is brought up with the "Filter by tag or path" box in turn.
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 15_000 });
  const filter = page.getByPlaceholder('Filter by tag or path');
  for (const [tag, operations] of operationsByTag(contract)) {
    await filter.fill(tag);
    for (const { method, path } of operations) {
      await expect(operation(page, method, path), `${method} ${path} under ${tag}`).toHaveCount(1);
    }
  }
  await filter.fill('Notifications');

  // Without a token the site refuses the call.
  await operation(page, 'get', UNREAD_COUNT).locator('.opblock-summary').click();
  // Who may call it (`x-roles`) shows with the operation.
  await expect(operation(page, 'get', UNREAD_COUNT)).toContainText('x-roles');
  expect(await tryItOut(page)).toEqual({ status: 401, authorization: null });

  // Authorize with the member's token: the same call now answers their count.
  await page
    .getByRole('button', { name: /^Authorize/ })
    .first()
    .click();
  const dialog = page.locator('.dialog-ux .modal-ux');
  await dialog.getByLabel('auth-bearer-value').fill(token);
  await dialog.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  expect(await tryItOut(page)).toEqual({ status: 200, authorization: `Bearer ${token}` });
  const body = operation(page, 'get', UNREAD_COUNT)
    .locator('.live-responses-table tr.response .response-col_description')
    .first();
  await expect(body).toContainText('"success": true');
  await expect(body).toContainText('"count": 1');

  // Nothing from another origin, and nothing the site's CSP had to block.
  const origin = new URL(baseURL!).origin;
  const foreign = requests
    .map((r) => r.url())
    .filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
  expect(requests.map((r) => new URL(r.url()).pathname)).toContain('/swagger-ui/swagger-ui-bundle.js');
  expect(cspErrors).toEqual([]);
});

test('the Swagger UI files are served compressed and only /swagger loads them', async ({ page, request }) => {
  const bundle = await request.get('/swagger-ui/swagger-ui-bundle.js', { headers: { 'accept-encoding': 'br' } });
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(bundle.headers()['content-encoding']).toBe('br');
  expect((await request.get('/swagger-ui/swagger-ui.css')).headers()['content-type']).toMatch(/^text\/css/);

  const { requests } = watch(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requests.map((r) => r.url()).filter((url) => url.includes('swagger'))).toEqual([]);
});
