import { signOut } from 'auth-astro/client';
import type { Session } from '../lib/session';
import { clearSession, refreshSession } from './session';

/**
 * Signing in and out: the Auth.js calls that change the session store. Kept apart from the store
 * itself so that the public header, which only reads the session, ships none of this code.
 */
const AUTH_BASE = '/api/auth';

async function csrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_BASE}/csrf`, { credentials: 'same-origin' });
  const body = (await response.json()) as { csrfToken: string };
  return body.csrfToken;
}

/** Why a sign-in failed, as the server's `code` says: invalid, throttled-<seconds>, member-account. */
export type SignInResult = { ok: true; session: Session } | { ok: false; code: string };

/**
 * Signs in with the credentials provider (the same request auth-astro's `signIn(..., { redirect:
 * false })` sends) and, on success, refreshes the store. auth-astro's helper navigates by itself
 * on success; this one leaves the destination to the caller, which knows the role only afterwards.
 */
export async function signInWithCredentials(fields: {
  email: string;
  password: string;
  portal: 'member' | 'staff';
}): Promise<SignInResult> {
  const response = await fetch(`${AUTH_BASE}/callback/credentials`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), callbackUrl: window.location.href }),
  });
  const { url } = (await response.json().catch(() => ({}))) as { url?: string };
  const answer = url ? new URL(url, window.location.origin) : null;
  if (!answer || answer.searchParams.has('error')) {
    return { ok: false, code: answer?.searchParams.get('code') ?? answer?.searchParams.get('error') ?? 'unknown' };
  }
  const fresh = await refreshSession();
  return fresh ? { ok: true, session: fresh } : { ok: false, code: 'unknown' };
}

/**
 * Puts a new API token into the session (after a password change): Auth.js `update`, whose jwt
 * callback verifies the token before accepting it.
 */
export async function updateSessionToken(token: string): Promise<Session | null> {
  await fetch(`${AUTH_BASE}/session`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ csrfToken: await csrfToken(), data: { token } }),
  });
  return refreshSession();
}

/**
 * Signs out through Auth.js and returns to `callbackUrl` (spec: sign-out returns to /).
 * auth-astro's own types omit `callbackUrl` (they come from next-auth, which is not installed).
 */
export async function signOutTo(callbackUrl = '/'): Promise<void> {
  await signOut({ callbackUrl } as Parameters<typeof signOut>[0]);
  clearSession();
}
