import type { Context } from 'hono';
import type { RoleId } from '../../lib/roles';
import type { DB } from '../platform/db';
import type { Mailer } from '../platform/mail/mailer';
import type { Gateway } from '../domains/money/gateway/config';
import type { FileStore } from '../platform/storage';
import type { AuthUser } from '../domains/identity/auth-user';
import { bearerToken, checkApiToken, type TokenCheck, type UserScalar } from '../domains/identity/authorize';
import { forbidden, unauthenticated } from '../domains/errors';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '../http/client-address';

/** What every route may use; tests build it with their own database, mailer and clock. */
export interface ApiDeps {
  db: DB;
  mailer: Mailer;
  /** Uploaded files (photos, certificates, PDFs): their bytes; their records are in the database. */
  storage: FileStore;
  /** Secret the API tokens are signed with. */
  secret: string;
  /** Lifetime of a session and of its API token, in seconds. */
  sessionSeconds: number;
  siteUrl: string;
  /** How many reverse proxies in front of the server append to X-Forwarded-For (TRUST_PROXY); 0: none. */
  trustProxy: number;
  now: () => Date;
  /** The payment gateway (Razorpay or the stand-in), or null when its keys are not set: no online mode. */
  gateway?: Gateway | null;
  /** Work to run after the answer is sent (e-mail copies); tests may await it. */
  defer: (task: () => Promise<unknown>) => void;
}

export interface AppEnv {
  Variables: { deps: ApiDeps; user?: AuthUser };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
}

export type AppContext = Context<AppEnv>;

export { CLIENT_ADDRESS_HEADER };

/** The client's address, for throttling and the audit log (the one rule: `clientAddressOf`). */
export function clientAddress(c: AppContext): string {
  return clientAddressOf(c.req.raw.headers, c.env?.incoming?.socket?.remoteAddress, c.var.deps.trustProxy);
}

/** The caller, or a 401 answer. Every API route calls this (or a helper built on it) first. */
export async function requireUser(c: AppContext): Promise<AuthUser> {
  const cached = c.var.user;
  if (cached) return cached;
  const { db, secret, now } = c.var.deps;
  return signedIn(c, await checkApiToken(db, secret, bearerToken(c.req.header('authorization')), now())).user;
}

/**
 * As `requireUser`, and a per-user value read in the same query as the token's user (one database
 * round trip for a polled route such as the unread count). Same checks, same 401 answers; the token
 * is checked even when an earlier helper of the request already did, as that costs no extra query.
 */
export async function requireUserWith<T>(c: AppContext, scalar: UserScalar<T>): Promise<{ user: AuthUser; value: T }> {
  const { db, secret, now } = c.var.deps;
  return signedIn(c, await checkApiToken(db, secret, bearerToken(c.req.header('authorization')), now(), scalar));
}

/** A passed check (its user remembered for the request), or the 401 for a failed one. */
function signedIn<T>(c: AppContext, check: TokenCheck<T>): { user: AuthUser; value: T } {
  if (!check.ok) {
    throw check.reason === 'expired'
      ? unauthenticated('Your session has expired. Sign in again.', 'token_expired')
      : unauthenticated(check.reason === 'missing' ? 'Sign in to continue.' : 'Your session is no longer valid.');
  }
  c.set('user', check.user);
  return check;
}

/** The caller if their role is one of `roles`, else 403 (401 when not signed in). */
export async function requireRole(c: AppContext, ...roles: RoleId[]): Promise<AuthUser> {
  const user = await requireUser(c);
  if (!roles.includes(user.roleId)) throw forbidden();
  return user;
}
