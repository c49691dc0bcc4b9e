import type { Context } from 'hono';
import type { DB } from '../db';
import type { Mailer } from '../mail/mailer';
import type { FileStore } from '../storage';
import type { AuthUser } from '../auth/authorize';
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
  /** Work to run after the answer is sent (e-mail copies); tests may await it. */
  defer: (task: () => Promise<unknown>) => void;
}

export interface AppEnv {
  Variables: { deps: ApiDeps; user?: AuthUser };
  /** The node request, when the production server runs the app (absent in tests' `app.request`). */
  Bindings: {
    incoming?: { socket?: { remoteAddress?: string }; headers?: Record<string, string | string[] | undefined> };
  };
}

export type AppContext = Context<AppEnv>;

export { CLIENT_ADDRESS_HEADER };

/** The client's address, for throttling and the audit log (the one rule: `clientAddressOf`). */
export function clientAddress(c: AppContext): string {
  return clientAddressOf(c.req.raw.headers, c.env?.incoming?.socket?.remoteAddress, c.var.deps.trustProxy);
}
