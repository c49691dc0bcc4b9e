import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Kysely } from 'kysely';
import { createDatabase, migrateToLatest } from '../../src/server/platform/db';
import { createUser, FIXTURE_PASSWORD } from '../support/fixtures';
import { freePort } from '../support/server-process';
import { signIn, test as withUsers } from './support/fixtures';

/**
 * Headers and cookies of the built site (issue 14, item 7): a Content-Security-Policy without
 * 'unsafe-eval' on every answer (pages, islands' pages, API answers, 404s, refusals), HSTS only when
 * the site is served over HTTPS, and the session, CSRF and device cookies Secure behind HTTPS.
 */
const PATHS = [
  '/',
  '/about/code-of-ethics',
  '/auth/login',
  '/swagger',
  '/member/memberdetail',
  '/no-such-page',
  '/api/health',
  '/api/ready',
  '/api/openapi.json',
  '/api/no-such-route',
  '/api/members/me',
  '/api/auth/session',
  '/robots.txt',
];

async function expectSafeHeaders(request: APIRequestContext, paths: string[], https: boolean) {
  for (const target of paths) {
    const answer = await request.get(target, { maxRedirects: 0 });
    const headers = answer.headers();
    const label = `${target} (${answer.status()})`;
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, label).toContain("default-src 'self'");
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(csp, label).toContain("object-src 'none'");
    expect(csp, label).not.toContain('unsafe-eval');
    expect(/script-src [^;]*unsafe-inline/.test(csp), `${label}: no inline scripts but hashed ones`).toBe(false);
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
    expect(headers['x-request-id'], label).toMatch(/^[0-9a-f-]{36}$/);
    if (https) expect(headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains');
    else expect(headers['strict-transport-security'], label).toBeUndefined();
  }
}

test('every kind of answer carries the CSP and the other headers, and no HSTS over plain HTTP', async ({ request }) => {
  await expectSafeHeaders(request, PATHS, false);
  const refused = await request.fetch('/', { method: 'POST', maxRedirects: 0 });
  expect(refused.status()).toBe(405);
  expect(refused.headers()['content-security-policy']).toContain("default-src 'self'");
});

withUsers('pages with islands run under the CSP without a single violation', async ({ page, users }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  for (const target of ['/', '/auth/login', '/swagger']) {
    await page.goto(target);
    await page.locator('astro-island:not([ssr]), #swagger-ui .info').first().waitFor({ state: 'attached' });
  }
  await signIn(page, await users.create({ roleId: '1' }));
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('behind HTTPS (SITE_URL https, TLS ended at the proxy)', () => {
  let server: ChildProcess;
  let baseURL: string;
  let dataDir: string;

  test.beforeAll(async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.resolve('data/e2e-https-'));
    baseURL = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['dist/server/main.mjs'], {
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOCAL_RUN: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: `https://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'https-e2e-secret-0123456789abcdefghijklmnopq',
        LOG_LEVEL: 'warn',
      },
    });
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        if ((await fetch(`${baseURL}/api/ready`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('sends HSTS on every answer and marks every cookie Secure', async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL });
    await expectSafeHeaders(request, PATHS, true);

    const db = createDatabase({ url: `sqlite:${path.join(dataDir, 'nipm.sqlite')}` });
    await migrateToLatest(db as Kysely<unknown>);
    const user = await createUser(db, { roleId: '2' });
    await db.destroy();

    await request.dispose();
    // Plain fetch, no cookie jar: what the server sets is read from its Set-Cookie headers.
    const apiSignIn = await fetch(`${baseURL}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: FIXTURE_PASSWORD }),
    });
    expect(apiSignIn.status).toBe(200);
    expect(apiSignIn.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^nipm_device=.*; HttpOnly; SameSite=Strict; Secure$/),
    ]);

    const csrf = await fetch(`${baseURL}/api/auth/csrf`);
    const csrfCookie = csrf.headers.getSetCookie().find((value) => value.startsWith('__Host-authjs.csrf-token='));
    expect(csrfCookie).toMatch(/; Secure/i);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signedIn = await fetch(`${baseURL}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: baseURL,
        cookie: (csrfCookie as string).split(';')[0],
        'x-auth-return-redirect': '1',
      },
      body: new URLSearchParams({ csrfToken, email: user.email, password: FIXTURE_PASSWORD, portal: 'staff' }),
    });
    const session = signedIn.headers.getSetCookie().find((value) => value.startsWith('__Secure-authjs.session-token='));
    expect(session, `answer ${signedIn.status}: ${signedIn.headers.getSetCookie().join(' | ')}`).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });
});
