/**
 * The NATCON registration rush (docs/architecture.md, "Budgets"): the built server on its own port and data
 * folder, an open edition with one category of SEATS seats, and CONNECTIONS connections posting
 * registrations (each with its own delegate) for DURATION_SECONDS. Reported: requests/s, p50 and
 * p99, confirmed and waitlisted orders, and seats oversold (the budget: 0), counted in the database
 * afterwards. SQLite, the embedded default. Needs `npm run build` first.
 *
 * Alone: `npm run bench -- natcon-rush`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase, migrateToLatest, nowIso } from '../../src/server/platform/db';
import { startBuiltSite } from './support/server';
import { createRushEdition } from './support/natcon-edition';
import type { BenchModule } from './support/types';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 200;
const DURATION_SECONDS = 20;
const SEATS = Number(process.env.RUSH_SEATS ?? 300);
const WARM_UP_SECONDS = 5;

async function run() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-natcon-rush-'));
  const db = createDatabase({ url: `sqlite:${path.join(dataDir, 'nipm.sqlite')}` });
  await migrateToLatest(db as Kysely<unknown>);
  const at = nowIso();
  const editionId = await createRushEdition(db);
  const category = await db
    .insertInto('natcon_categories')
    .values({ edition_id: editionId, name: 'Limited', fee: 100_000, seats: SEATS, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const warmUp = await db
    .insertInto('natcon_categories')
    .values({ edition_id: editionId, name: 'Warm-up', fee: 100_000, seats: 100_000, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.destroy();

  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const site = await startBuiltSite(port, { DATA_DIR: dataDir });
  let sequence = 0;
  const body = (categoryId = category.id) =>
    JSON.stringify({
      categoryId,
      contact: { name: 'Rush Contact', email: 'rush@example.in', phone: '9830012345' },
      delegates: [{ name: `Delegate ${++sequence}`, email: `delegate-${sequence}@example.in`, phone: '9830012345' }],
    });
  let result: AutocannonResult;
  try {
    // Unmeasured warm-up in a category of its own, as a live server is warm when registration opens.
    await autocannon({
      url: site.url,
      connections: 20,
      duration: WARM_UP_SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/natcon/registrations',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: body(warmUp.id) }),
        },
      ],
    });
    result = await autocannon({
      url: site.url,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/natcon/registrations',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: body() }),
        },
      ],
    });
  } finally {
    await site.stop().catch(() => undefined);
  }

  // The server ran on this data folder (DATA_DIR above): read what it wrote, then remove it.
  const check = createDatabase({ url: `sqlite:${path.join(dataDir, 'nipm.sqlite')}` });
  const seats = await check
    .selectFrom('natcon_categories')
    .select('seats_taken')
    .where('id', '=', category.id)
    .executeTakeFirstOrThrow();
  const confirmed = await check
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.state', '=', 'confirmed')
    .where('d.category_id', '=', category.id)
    .executeTakeFirstOrThrow();
  const waitlisted = await check
    .selectFrom('natcon_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'waitlisted')
    .executeTakeFirstOrThrow();
  await check.destroy();
  rmSync(dataDir, { recursive: true, force: true });

  const confirmedCount = Number(confirmed.n);
  const oversold = Math.max(0, confirmedCount - SEATS) + Math.max(0, seats.seats_taken - SEATS);
  return { result, confirmedCount, waitlisted: Number(waitlisted.n), seatsTaken: seats.seats_taken, oversold };
}

/** What the failed requests were: timeouts, connection errors and each non-2xx status. */
function failureBreakdown(result: AutocannonResult): string {
  const parts = [`${result.timeouts} timeouts`, `${result.errors - result.timeouts} other errors`];
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) parts.push(`${count} × ${status}`);
  }
  return parts.join(', ');
}

const natconRush: BenchModule = {
  name: 'natcon-rush',
  async run() {
    const { result, confirmedCount, waitlisted, seatsTaken, oversold } = await run();
    return {
      rows: [
        {
          database: 'SQLite',
          'requests/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          errors: result.errors + result.non2xx,
          'of which': failureBreakdown(result),
          seats: SEATS,
          'seats taken': seatsTaken,
          'confirmed delegates': confirmedCount,
          'waitlisted orders': waitlisted,
          oversold,
        },
      ],
      budgets: [
        {
          what: `NATCON rush: 0 seats oversold (was ${oversold})`,
          met: oversold === 0 && seatsTaken === confirmedCount,
        },
        {
          what: `NATCON rush: no failed requests (was ${result.errors + result.non2xx})`,
          met: result.errors + result.non2xx === 0,
        },
      ],
    };
  },
};

export default natconRush;
