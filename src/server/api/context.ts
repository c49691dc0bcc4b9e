import type { Context } from 'hono';
import type { DB } from '../db';
import type { Mailer } from '../mail/mailer';
import type { AuthUser } from '../auth/authorize';

/** What every route may use; tests build it with their own database, mailer and clock. */
export interface ApiDeps {
  db: DB;
  mailer: Mailer;
  /** Secret the API tokens are signed with. */
  secret: string;
  /** Lifetime of a session and of its API token, in seconds. */
  sessionSeconds: number;
  siteUrl: string;
  trustProxy: boolean;
  now: () => Date;
  /** Work to run after the answer is sent (e-mail copies); tests may await it. */
  defer: (task: () => Promise<unknown>) => void;
}

export interface AppEnv {
  Variables: { deps: ApiDeps; user?: AuthUser };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
}

export type AppContext = Context<AppEnv>;

/** Header the Astro catch-all route sets to the client's address; overwritten, never trusted from the client. */
export const CLIENT_ADDRESS_HEADER = 'x-nipm-client-address';

/** The client's address, for throttling and the audit log. */
export function clientAddress(c: AppContext): string {
  const deps = c.var.deps;
  if (deps.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? c.req.header(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
