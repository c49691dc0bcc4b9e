import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry, scratchPostgres, startServer, type BundledEntry } from '../support/server-process';

/**
 * The production server as an operator runs it: JSON log lines with a request id and no
 * credentials, `X-Request-Id` on every answer, the daily jobs run and logged, and SIGTERM handled
 * gracefully (no new connections, the request in flight answered, the jobs' timer cancelled, the
 * database closed, exit 0), on SQLite and on PostgreSQL.
 */
const PASSWORD = 'Sup3r-Secret-Passw0rd';
const BEARER = 'Bearer header.payload.signature-bearer-secret';
const COOKIE = 'authjs.session-token=session-cookie-secret';
const RESET_TOKEN = 'reset-token-secret-987';

let entry: BundledEntry;
beforeAll(async () => {
  entry = await bundleEntry('operations-server');
}, 60_000);
afterAll(() => entry.remove());

/** A POST whose body is sent in two parts: the server is handling it until `finish` is called. */
function heldRequest(url: string) {
  const target = new URL('/api/sessions', url);
  let resolveAnswer: (value: { status: number; body: string; requestId?: string }) => void;
  const answer = new Promise<{ status: number; body: string; requestId?: string }>((r) => (resolveAnswer = r));
  const request = http.request(target, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
      'x-request-id': 'held-request-0001',
    },
  });
  request.on('response', (response) => {
    let body = '';
    response.on('data', (chunk: Buffer) => (body += chunk.toString()));
    response.on('end', () =>
      resolveAnswer({ status: response.statusCode ?? 0, body, requestId: response.headers['x-request-id'] as string }),
    );
  });
  request.write('{"email":"nobody@example.test",');
  return {
    answer,
    finish: () => request.end(`"password":"${PASSWORD}"}`),
  };
}

async function refusesConnections(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const backends = [
  { name: 'SQLite', available: true },
  { name: 'PostgreSQL', available: Boolean(process.env.TEST_DATABASE_URL) },
];

for (const backend of backends) {
  describe.skipIf(!backend.available)(`the production server on ${backend.name}`, () => {
    it('logs JSON lines with request ids and no credentials, and stops gracefully on SIGTERM', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-ops-'));
      const postgres =
        backend.name === 'PostgreSQL' ? await scratchPostgres(process.env.TEST_DATABASE_URL as string, 'ops') : null;
      const server = await startServer(entry.file, {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        // Every request logged (by default only failed, slow and one in LOG_SAMPLE_EVERY of the others).
        LOG_SAMPLE_EVERY: '1',
        // One process (the cluster of workers: cluster-server.test.ts).
        WEB_CONCURRENCY: '1',
        // Past already: the server runs the day's jobs as it starts, and its timer waits for tomorrow.
        DAILY_JOBS_AT: '00:00',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      try {
        const signIn = await fetch(`${server.url}/api/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: BEARER, cookie: COOKIE },
          body: JSON.stringify({ email: 'someone@example.test', password: PASSWORD }),
        });
        expect(signIn.status).toBe(401);
        const generated = signIn.headers.get('x-request-id');
        expect(generated).toMatch(/^[0-9a-f-]{36}$/);

        const page = await fetch(`${server.url}/auth/reset-password?token=${RESET_TOKEN}`, {
          headers: { 'x-request-id': 'from-the-proxy-42' },
        });
        expect(page.headers.get('x-request-id')).toBe('from-the-proxy-42');
        const missing = await fetch(`${server.url}/api/no-such-route`);
        expect(missing.status).toBe(404);
        expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

        const held = heldRequest(server.url);
        // Let the server read the request's head before the signal comes.
        await new Promise((resolve) => setTimeout(resolve, 300));
        server.child.kill('SIGTERM');
        expect(await refusesConnections(server.url)).toBe(true);
        held.finish();
        const answered = await held.answer;
        expect(answered.status).toBe(401);
        expect(JSON.parse(answered.body)).toMatchObject({ success: false, error: { code: 'invalid_credentials' } });
        expect(answered.requestId).toBe('held-request-0001');
        expect(await server.exited).toBe(0);

        const lines = server
          .stdout()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        const requests = lines.filter((line) => line.msg === 'request');
        expect(requests.find((line) => line.reqId === generated)).toMatchObject({
          method: 'POST',
          url: '/api/sessions',
          status: 401,
        });
        expect(requests.find((line) => line.reqId === 'from-the-proxy-42')).toMatchObject({
          url: '/auth/reset-password?token=[Redacted]',
          status: 200,
        });
        expect(requests.find((line) => line.reqId === 'held-request-0001')).toMatchObject({ status: 401 });
        expect(requests.every((line) => typeof line.reqId === 'string' && typeof line.ms === 'number')).toBe(true);
        expect(lines.map((line) => line.msg)).toEqual(
          expect.arrayContaining([
            'shutting down: finishing the requests in flight',
            'stopped: every request answered, database closed',
          ]),
        );
        expect(lines.find((line) => line.job === 'reminders')).toMatchObject({
          level: 'info',
          trigger: 'start',
          sent: 0,
          msg: expect.stringMatching(/^daily job reminders ran: Reminders of \d{4}-\d{2}-\d{2}: 0 /),
        });
        expect(lines.map((line) => line.msg)).toContain(
          'daily jobs (reminders, gateway-settlements, privacy-retention, guardian-waiting) at 00:00 Asia/Kolkata',
        );
        const everything = server.stdout() + server.stderr();
        for (const secret of [PASSWORD, 'bearer-secret', 'session-cookie-secret', RESET_TOKEN]) {
          expect(everything).not.toContain(secret);
        }
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await postgres?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  });
}
