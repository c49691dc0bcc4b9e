import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from './session';

/**
 * (spec sections 6-8) The shared ky client: the bearer header only when the session has a token,
 * answers reduced to `data`, and a 401 logged as 'Unauthorized: Token may have expired' and passed
 * on, with no redirect and no sign-out.
 */
const state = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock('../stores/session', () => ({ currentSession: async () => state.session }));

const { api } = await import('./api-client');

const ORIGIN = 'http://127.0.0.1:4321';
const sessionWith = (token: string): Session => ({
  user: { name: 'Asha', email: 'asha@example.org', image: null, roleId: '1', memberId: 7, token },
  expires: '2030-01-01T00:00:00.000Z',
});

let requests: Request[];
let answer: () => Response;

beforeEach(() => {
  requests = [];
  answer = () => Response.json({ success: true, data: { count: 3 } });
  // Node has no page to resolve `/api/...` against, as a browser has: resolve it against the site.
  const NativeRequest = globalThis.Request;
  class PageRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('location', { href: `${ORIGIN}/member/memberdetail`, assign: vi.fn(), replace: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      return answer();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  state.session = null;
});

describe('the shared API client', () => {
  it('sends the bearer token of the session, under /api, and answers the data alone', async () => {
    state.session = sessionWith('token-abc');
    expect(await api.get('/notifications/unread-count')).toEqual({ count: 3 });
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).pathname).toBe('/api/notifications/unread-count');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-abc');
  });

  it('sends no Authorization header without a session, nor with a session that has no token', async () => {
    await api.get('/notifications/unread-count');
    state.session = sessionWith('');
    await api.post('/notifications/1/mark-read');
    expect(requests.map((r) => r.headers.has('authorization'))).toEqual([false, false]);
  });

  it('logs exactly "Unauthorized: Token may have expired" on a 401 and passes the error on, without redirecting or signing out', async () => {
    state.session = sessionWith('expired-token');
    answer = () =>
      Response.json({ success: false, error: { code: 'token_expired', message: 'Expired.' } }, { status: 401 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/notifications/unread-count')).rejects.toMatchObject({ response: { status: 401 } });
    expect(errors.mock.calls).toEqual([['Unauthorized: Token may have expired']]);
    expect(requests).toHaveLength(1);
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.replace).not.toHaveBeenCalled();
    expect(location.href).toBe(`${ORIGIN}/member/memberdetail`);
  });

  it('passes other errors on unchanged, without the 401 message', async () => {
    answer = () => Response.json({ success: false, error: { code: 'internal', message: 'x' } }, { status: 500 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/notifications')).rejects.toMatchObject({ response: { status: 500 } });
    expect(errors).not.toHaveBeenCalled();
  });
});
