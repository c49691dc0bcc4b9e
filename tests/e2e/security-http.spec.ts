import http from 'node:http';
import { expect, test } from '@playwright/test';

/**
 * What the built server answers instead of the empty 500s of issue 7 (item 6) and before reading
 * a large body (item 3), seen from outside as an attacker probes it. TRACE goes through node:http:
 * the Fetch API (and so Playwright's request) refuses to send it.
 */
function rawRequest(
  baseURL: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseURL}${path}`, { method, headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
    });
    request.on('error', reject);
    request.end();
  });
}

test('answers 405 with Allow to methods a prerendered page does not serve', async ({ request, baseURL }) => {
  for (const [method, path] of [
    ['POST', '/'],
    ['POST', '/auth/login'],
    ['PUT', '/about'],
    ['PATCH', '/about'],
    ['DELETE', '/about'],
    ['OPTIONS', '/about'],
  ]) {
    const answer = await request.fetch(path as string, { method: method as string, maxRedirects: 0 });
    expect(answer.status(), `${method} ${path}`).toBe(405);
    expect(answer.headers().allow, `${method} ${path}`).toBe('GET, HEAD');
  }
  for (const path of ['/about', '/admin/membership', '/no-such-page', '/api/auth/session']) {
    const answer = await rawRequest(baseURL as string, 'TRACE', path);
    expect(answer.status, `TRACE ${path}`).toBe(405);
    expect(answer.allow).toMatch(/^GET, (HEAD|POST)$/);
  }
});

test('answers unknown Auth.js routes with 404 in the envelope', async ({ request }) => {
  for (const path of ['/api/auth/foo', '/api/auth/..%2fmembers/me', '/api/auth/callback/evil', '/api/auth/']) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(404);
    expect(await answer.json()).toEqual({ success: false, error: { code: 'not_found', message: 'No such route.' } });
  }
  const put = await request.put('/api/auth/session', { headers: { origin: 'http://127.0.0.1' }, data: {} });
  expect([403, 405]).toContain(put.status());
});

test('refuses an Auth.js body over 64 KB with 413 in the envelope', async ({ request, baseURL }) => {
  const answer = await request.post('/api/auth/callback/credentials', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL as string },
    data: `email=a%40b.c&password=${'x'.repeat(200 * 1024)}`,
  });
  expect(answer.status()).toBe(413);
  expect((await answer.json()).error.code).toBe('payload_too_large');
});
