import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createApiApp } from '../../src/server/api/app';
import type { ApiDeps, AppEnv } from '../../src/server/api/context';
import type { DB } from '../../src/server/platform/db';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { createDiskStore } from '../../src/server/platform/storage';
import { contractViolation } from './contract';

/**
 * The real API app on a test database, with mail written to a temporary outbox (as the site
 * does without SMTP) and a clock the test can move. Every answer is checked against the route's
 * documented schemas: an answer outside the contract fails the test that caused it.
 */
export interface TestApi {
  app: OpenAPIHono<AppEnv>;
  deps: ApiDeps;
  clock: { now: Date; advance(ms: number): void };
  outboxDir: string;
  /** The .eml files written so far, oldest first. */
  outbox(): string[];
  /** Waits for work deferred after answers (e-mail copies). */
  settle(): Promise<void>;
  request(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

export const TEST_SECRET = 'test-secret-for-api-tokens-0123456789abcdef';

export function createTestApi(db: DB, overrides: Partial<ApiDeps> = {}): TestApi {
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'nipm-outbox-'));
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const pending: Promise<unknown>[] = [];
  const deps: ApiDeps = {
    db,
    mailer: createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir }),
    storage: createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-uploads-'))),
    secret: TEST_SECRET,
    sessionSeconds: 8 * 3600,
    siteUrl: 'http://localhost:4321',
    trustProxy: 0,
    now: () => clock.now,
    defer: (task) => {
      pending.push(task());
    },
    ...overrides,
  };
  const app = createApiApp(deps);
  return {
    app,
    deps,
    clock,
    outboxDir,
    outbox: () =>
      readdirSync(outboxDir)
        .sort()
        .map((f) => readFileSync(path.join(outboxDir, f), 'utf8')),
    async settle() {
      await Promise.all(pending.splice(0));
    },
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      }
      const response = await app.request(url, { method, headers, body });
      const violation = await contractViolation(app, method, url, response);
      if (violation) throw new Error(`Contract broken: ${violation}`);
      return response;
    },
  };
}
