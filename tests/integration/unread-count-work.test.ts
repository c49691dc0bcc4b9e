import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSiteHandler } from '../../src/server/http/site-handler';
import { createLogger } from '../../src/server/platform/log';
import { createTestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser, type CreatedUser } from '../support/fixtures';

/**
 * The work of the polled unread count through the production server's own handler (issue 27),
 * counted rather than timed, so that it holds on any machine: exactly one SQL statement per poll
 * (the token's user and the count together), no log line written for a fast success (so nothing
 * written synchronously on this path), and the route's answer written as it was made, in one
 * piece, not rebuilt into a stream after the route answered.
 */
describeEachDatabase('The unread count’s work per request', (kind) => {
  let database: TestDatabase;
  let server: http.Server;
  let url: string;
  let member: CreatedUser;
  const statements: string[] = [];
  const logLines: string[] = [];
  const writes: { writeCalls: number; endBodies: string[] }[] = [];
  const clientDir = mkdtempSync(path.join(tmpdir(), 'nipm-work-client-'));

  beforeAll(async () => {
    database = await kind.create();
    member = await createUser(database.db, { roleId: '1' });
    const counted = database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements.push('statement');
        return args.result;
      },
    });
    const api = createTestApi(counted);
    const logger = createLogger({
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      }),
    });
    const handle = createSiteHandler({
      clientDir,
      astro: (_req, res) => res.end('astro stand-in'),
      api: getRequestListener(api.app.fetch),
      logger,
      requestLog: { slowMs: 60_000, sampleEvery: 100 },
      https: false,
      contentSecurityPolicy: "default-src 'self'",
      formBodyLimit: 64 * 1024,
    });
    server = http.createServer((req, res) => {
      writes.push(watch(res));
      void handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** Counts the calls that write the answer: a rebuilt (streamed) answer writes in chunks. */
  function watch(res: ServerResponse) {
    const seen = { writeCalls: 0, endBodies: [] as string[] };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      seen.writeCalls += 1;
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      const body = args[0];
      if (typeof body === 'string' || body instanceof Uint8Array) seen.endBodies.push(Buffer.from(body).toString());
      return end(...args);
    }) as typeof res.end;
    return seen;
  }

  it('makes one SQL statement, writes no log line and sends the answer as the route made it', async () => {
    for (let poll = 0; poll < 10; poll += 1) {
      statements.length = 0;
      writes.length = 0;
      const response = await fetch(`${url}/api/notifications/unread-count`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(JSON.parse(text)).toEqual({ success: true, data: { count: 0 } });
      expect(statements).toEqual(['statement']);
      expect(writes).toEqual([{ writeCalls: 0, endBodies: [text] }]);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(logLines).toEqual([]);
  });

  it('still logs a refused poll (not 2xx), and refuses it with the same one statement', async () => {
    await database.db.updateTable('users').set({ active: 0 }).where('id', '=', member.id).execute();
    statements.length = 0;
    const response = await fetch(`${url}/api/notifications/unread-count`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.status).toBe(401);
    expect(statements).toEqual(['statement']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ msg: 'request', status: 401, url: '/api/notifications/unread-count' }),
    ]);
  });
});
