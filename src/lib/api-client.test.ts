import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorOf, createApiClient } from './api-client';
import { UNAUTHORIZED_LOG_MESSAGE } from './constants';

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  body: string;
}

/** A fake server: records each request and answers with the given status and JSON body. */
function fakeServer(status: number, body: unknown) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push({
      url: request.url,
      method: request.method,
      authorization: request.headers.get('authorization'),
      body: await request.text(),
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const baseUrl = 'http://site.test';

afterEach(() => vi.restoreAllMocks());

describe('the API client (spec section 7)', () => {
  it('calls /api on the same origin with the bearer token and answers the data only', async () => {
    const server = fakeServer(200, { success: true, data: { count: 3 } });
    const api = createApiClient(async () => 'abc.def', { baseUrl, fetch: server.fetch });
    expect(await api.get('notifications/unread-count')).toEqual({ count: 3 });
    expect(server.sent).toEqual([
      {
        url: 'http://site.test/api/notifications/unread-count',
        method: 'GET',
        authorization: 'Bearer abc.def',
        body: '',
      },
    ]);
  });

  it('sends no Authorization header when the session has no token', async () => {
    const server = fakeServer(200, { success: true, data: { id: 1, read: true } });
    const api = createApiClient(() => undefined, { baseUrl, fetch: server.fetch });
    await api.post('notifications/1/mark-read', { x: 1 });
    expect(server.sent[0]).toMatchObject({ method: 'POST', authorization: null, body: '{"x":1}' });
  });

  it('reads the token before every request, so a new session is used at once', async () => {
    const server = fakeServer(200, { success: true, data: null });
    let token: string | null = 'first';
    const api = createApiClient(() => token, { baseUrl, fetch: server.fetch });
    await api.get('me');
    token = null;
    await api.get('me');
    token = 'second';
    await api.delete('me');
    expect(server.sent.map((s) => s.authorization)).toEqual(['Bearer first', null, 'Bearer second']);
  });

  it('logs a 401 and passes the error on, without redirecting', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeServer(401, { success: false, error: { code: 'unauthorized', message: 'Sign in again.' } });
    const api = createApiClient(() => 'expired', { baseUrl, fetch: server.fetch });
    const error = await api.get('me').catch((e: unknown) => e);
    expect(log).toHaveBeenCalledWith(UNAUTHORIZED_LOG_MESSAGE);
    expect(await apiErrorOf(error)).toEqual({ status: 401, message: 'Sign in again.', fields: {} });
  });

  it('passes other errors on unchanged, with the server’s field messages', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = { code: 'validation_failed', message: 'Check the form.', fields: { email: 'Enter an e-mail.' } };
    const server = fakeServer(400, { success: false, error: failure });
    const api = createApiClient(() => 'token', { baseUrl, fetch: server.fetch });
    const error = await api.patch('me', {}).catch((e: unknown) => e);
    expect(log).not.toHaveBeenCalled();
    expect(await apiErrorOf(error)).toEqual({ status: 400, message: 'Check the form.', fields: failure.fields });
  });

  it('names a network failure as such', async () => {
    expect(await apiErrorOf(new TypeError('fetch failed'))).toMatchObject({ status: 0 });
  });
});
