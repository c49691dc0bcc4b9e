import type { Hono } from 'hono';
import { env } from '../platform/env';
import { log } from '../platform/log';
import { getDb } from '../platform/db';
import { mailerFromConfig } from '../platform/mail/mailer';
import { storeFromConfig } from '../platform/storage/configured';
import { gatewayFrom } from '../domains/money/gateway/config';
import { createApiApp } from './app';
import type { AppEnv } from './context';

interface AppHolder {
  app?: Promise<Hono<AppEnv>>;
}

const holder: AppHolder = ((globalThis as Record<string, unknown>).__nipmApiApp ??= {}) as AppHolder;

/** Runs work after the answer has gone; a failure is logged, never thrown at the caller. */
export function deferTask(task: () => Promise<unknown>): void {
  setImmediate(() => {
    task().catch((err: unknown) => log().error({ err }, 'deferred task failed'));
  });
}

/** The process's API app, built once on its database, mailer and configuration. */
export function getApiApp(): Promise<Hono<AppEnv>> {
  holder.app ??= (async () => {
    const config = env();
    const db = await getDb();
    return createApiApp({
      db,
      mailer: mailerFromConfig(config),
      storage: storeFromConfig(config),
      secret: config.AUTH_SECRET,
      sessionSeconds: Math.round(config.SESSION_HOURS * 3600),
      siteUrl: config.SITE_URL,
      trustProxy: config.TRUST_PROXY,
      now: () => new Date(),
      defer: deferTask,
      gateway: gatewayFrom(config),
    });
  })();
  return holder.app;
}

export async function handleApiRequest(request: Request, bindings?: AppEnv['Bindings']): Promise<Response> {
  const app = await getApiApp();
  return app.fetch(request, bindings);
}
