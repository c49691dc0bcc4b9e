import type { ApiFailure } from '../../lib/envelope';

/**
 * The routes Auth.js answers under /api/auth (as auth-astro mounts it). auth-astro returns nothing
 * for any other path, and Auth.js throws for other methods, which Astro turns into an empty 500;
 * the middleware answers those requests itself with this verdict, in the API's envelope.
 */
export const AUTH_BASE_PATH = '/api/auth';

/** auth-astro's list (it has no WebAuthn); only these two take a provider id. */
const ACTIONS = new Set(['providers', 'session', 'csrf', 'signin', 'signout', 'callback', 'verify-request', 'error']);
const WITH_PROVIDER = new Set(['signin', 'callback']);
const PROVIDERS = new Set(['credentials']);

export function isAuthPath(pathname: string): boolean {
  return pathname === AUTH_BASE_PATH || pathname.startsWith(AUTH_BASE_PATH + '/');
}

function envelope(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  const body: ApiFailure = { success: false, error: { code, message } };
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/** null when Auth.js serves the request; otherwise the 404 or 405 answer. */
export function authRouteRefusal(method: string, pathname: string): Response | null {
  const rest = pathname.slice(AUTH_BASE_PATH.length + 1).replace(/\/$/, '');
  const segments = rest.split('/');
  const [action = '', provider] = segments;
  const known =
    segments.length <= 2 &&
    ACTIONS.has(action) &&
    (provider === undefined || (WITH_PROVIDER.has(action) && PROVIDERS.has(provider)));
  if (!known) return envelope(404, 'not_found', 'No such route.');
  if (method !== 'GET' && method !== 'POST') {
    return envelope(405, 'method_not_allowed', 'Method not allowed.', { Allow: 'GET, POST' });
  }
  return null;
}

/** The credentials sign-in, whose answer may carry a device cookie. */
export function isCredentialsCallback(method: string, pathname: string): boolean {
  return method === 'POST' && pathname === `${AUTH_BASE_PATH}/callback/credentials`;
}
