import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEVICE_COOKIE_MAX_AGE_MS } from '../../../lib/constants';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a successful
 * sign-in gives the browser a signed cookie naming the account and a random device id. An attempt
 * that carries a valid device cookie for the account it signs in to is counted on that device
 * (`device:<id>`) instead of on the account, so the owner's own browser gets through while
 * strangers' failures have locked the account, and a stolen or guessed cookie buys only its own
 * few attempts. The cookie is scoped to /api (both sign-in routes live there), HttpOnly and
 * SameSite=Strict; it proves nothing by itself (the password is still checked).
 */
export const DEVICE_COOKIE_NAME = 'nipm_device';
const COOKIE_PATH = '/api';
const CONTEXT = 'nipm-device-cookie\0';

export interface DeviceCookie {
  userId: number;
  deviceId: string;
}

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret)
    .update(CONTEXT + payload)
    .digest();
}

/** A new device cookie value for a user who has just signed in. */
export function issueDeviceCookie(userId: number, secret: string, now: Date): string {
  const deviceId = randomBytes(16).toString('base64url');
  const expires = Math.floor((now.getTime() + DEVICE_COOKIE_MAX_AGE_MS) / 1000);
  const payload = `${userId}.${deviceId}.${expires}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The device a cookie value names, when its signature holds and it has not expired; otherwise null. */
export function readDeviceCookie(value: string | undefined | null, secret: string, now: Date): DeviceCookie | null {
  if (!value || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [userId, deviceId, expires, mac] = parts as [string, string, string, string];
  if (!/^\d{1,10}$/.test(userId) || !/^[\w-]{22}$/.test(deviceId) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = signature(secret, `${userId}.${deviceId}.${expires}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { userId: Number(userId), deviceId };
}

/** The device cookie's value in a Cookie header. */
export function deviceCookieIn(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE_NAME) return value.join('=');
  }
  return undefined;
}

/** The Set-Cookie header that stores a device cookie value. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  const maxAge = Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000);
  return `${DEVICE_COOKIE_NAME}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Auth.js gives its `authorize` callback no way to add a cookie to the answer. The sign-in request
 * runs inside a scope (Astro middleware, `withDeviceCookieScope`), `authorize` leaves the cookie
 * there, and the scope adds it to the answer. Kept on globalThis: the middleware and auth.config
 * may be bundled into different chunks, and they must share one store.
 */
interface Scope {
  setCookie?: string;
}
const storage = ((globalThis as Record<string, unknown>).__nipmDeviceCookieScope ??=
  new AsyncLocalStorage<Scope>()) as AsyncLocalStorage<Scope>;

export async function withDeviceCookieScope(handler: () => Promise<Response>): Promise<Response> {
  const scope: Scope = {};
  const response = await storage.run(scope, handler);
  if (!scope.setCookie) return response;
  try {
    response.headers.append('Set-Cookie', scope.setCookie);
    return response;
  } catch {
    // A response with immutable headers (Response.redirect): copy it.
    const copy = new Response(response.body, response);
    copy.headers.append('Set-Cookie', scope.setCookie);
    return copy;
  }
}

/** Called by `authorize` after a successful sign-in; outside a scope it does nothing. */
export function offerDeviceCookie(setCookie: string): void {
  const scope = storage.getStore();
  if (scope) scope.setCookie = setCookie;
}
