import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../src/server/platform/db';
import { createEdition, delegate, registration } from '../support/natcon';
import {
  bundleEntry,
  scratchPostgres,
  startServer,
  type BundledEntry,
  type RunningServer,
} from '../support/server-process';

/**
 * The production entry as a cluster (issue 27): WEB_CONCURRENCY=2 workers on one SQLite file and on
 * one PostgreSQL database. Concurrent registrations through both workers: every acknowledged order
 * is in the database and no seat is sold twice; the daily jobs run once; a worker killed with
 * SIGKILL is replaced while requests go on, and only requests it held may fail; SIGTERM on the
 * primary drains both workers and exits 0.
 */
let entry: BundledEntry;
beforeAll(async () => {
  entry = await bundleEntry('cluster-server');
}, 60_000);
afterAll(() => entry.remove());

const SEATS = 15;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logLines(server: RunningServer): Record<string, unknown>[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The pids of the workers that said they listen and have not been reported dead. */
function liveWorkers(server: RunningServer): number[] {
  const lines = logLines(server);
  const dead = new Set(lines.filter((l) => l.msg === 'a worker died: starting another').map((l) => l.pid));
  return [...new Set(lines.filter((l) => String(l.msg).startsWith('listening on')).map((l) => l.pid as number))].filter(
    (pid) => !dead.has(pid),
  );
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(50);
  }
}

const backends = [
  { name: 'SQLite', available: true },
  { name: 'PostgreSQL', available: Boolean(process.env.TEST_DATABASE_URL) },
];

for (const backend of backends) {
  describe.skipIf(!backend.available)(`two workers on one ${backend.name} database`, () => {
    it('lose no write, sell no seat twice, run the jobs once, replace a killed worker and drain on SIGTERM', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-cluster-'));
      const postgres =
        backend.name === 'PostgreSQL'
          ? await scratchPostgres(process.env.TEST_DATABASE_URL as string, 'cluster')
          : null;
      const url = postgres?.url ?? `sqlite:${path.join(dataDir, 'nipm.sqlite')}`;
      const setup = createDatabase({ url });
      await migrateToLatest(setup as Kysely<unknown>);
      const { categories } = await createEdition(setup, { categories: [{ name: 'Hall', fee: 100_000, seats: SEATS }] });
      const categoryId = categories[0]!.id;
      await setup.destroy();
      const server = await startServer(entry.file, {
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
        // Past already: each process that runs the jobs runs today's at start.
        DAILY_JOBS_AT: '00:00',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      try {
        await until(() => liveWorkers(server).length === 2);
        // Each worker starts with the memory settings' defaults (a smaller young generation, a fixed heap
        // growing factor, two arenas).
        for (const pid of liveWorkers(server)) {
          const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          expect(args).toContain('--max-semi-space-size=8');
          expect(args).toContain('--heap-growing-percent=30');
          if (!process.env.MALLOC_ARENA_MAX) {
            expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
          }
        }

        // 40 registrations at once for 15 seats, spread over both workers by the cluster.
        const answers = await Promise.all(
          Array.from({ length: 40 }, async () => {
            const response = await fetch(`${server.url}/api/natcon/registrations`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', connection: 'close' },
              body: JSON.stringify(registration(categoryId, [delegate()])),
            });
            return {
              status: response.status,
              body: (await response.json()) as { data?: { orderNumber: string; state: string } },
            };
          }),
        );
        expect(answers.every((a) => a.status === 201)).toBe(true);
        const acknowledged = answers.map((a) => a.body.data!);
        const check = createDatabase({ url });
        try {
          const orders = await check.selectFrom('natcon_orders').select(['order_number', 'state']).execute();
          const stored = new Map(orders.map((o) => [o.order_number, o.state]));
          for (const order of acknowledged) expect(stored.get(order.orderNumber)).toBe(order.state);
          const category = await check
            .selectFrom('natcon_categories')
            .select('seats_taken')
            .where('id', '=', categoryId)
            .executeTakeFirstOrThrow();
          const confirmed = acknowledged.filter((o) => o.state === 'confirmed').length;
          expect(confirmed).toBe(SEATS);
          expect(category.seats_taken).toBe(SEATS);
        } finally {
          await check.destroy();
        }
        expect(logLines(server).filter((l) => l.job === 'reminders')).toHaveLength(1);

        // A worker killed under load: requests go on, eight at a time on fresh connections.
        const [victim] = liveWorkers(server);
        let failed = 0;
        let answered = 0;
        let stop = false;
        const client = async () => {
          while (!stop) {
            try {
              // A connection the primary was handing to the worker as it died is lost with it: the
              // client's own time-out ends that request (counted as failed, like one the worker held).
              const response = await fetch(`${server.url}/api/health`, {
                headers: { connection: 'close' },
                signal: AbortSignal.timeout(3000),
              });
              await response.text();
              if (response.ok) answered += 1;
              else failed += 1;
            } catch {
              failed += 1;
            }
          }
        };
        const clients = Array.from({ length: 8 }, client);
        await sleep(300);
        process.kill(victim!, 'SIGKILL');
        await until(() => liveWorkers(server).length === 2 && !liveWorkers(server).includes(victim!));
        const answeredBefore = answered;
        await sleep(500);
        stop = true;
        await Promise.all(clients);
        // Only the requests in flight when it died (at most one per client) may have failed.
        expect(failed).toBeLessThanOrEqual(8);
        expect(answered).toBeGreaterThan(answeredBefore);
        for (let i = 0; i < 20; i += 1) {
          expect((await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } })).status).toBe(200);
        }

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        const lines = logLines(server);
        expect(lines.filter((l) => l.msg === 'stopped: every request answered, database closed')).toHaveLength(2);
        expect(lines.map((l) => l.msg)).toContain('every worker stopped');
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        for (const pid of liveWorkers(server)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
        await postgres?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });
}
