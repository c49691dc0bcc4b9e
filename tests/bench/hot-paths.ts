/**
 * The hot paths against the machine's ceiling, in one run (issue 27): a bare node:http server,
 * then the built site (`npm run build` first; WEB_CONCURRENCY workers, by default one per core) on
 * one SQLite data folder: the polled unread count (200 connections, each request a different
 * user's token), `/events` next to a built page, and the NATCON registration rush (200 connections,
 * each posting its own delegate, SEATS seats). Each row gives requests/s, p50, p99, errors and the
 * ratio to the bare server; the rush also its time-outs and seats oversold, counted in the database
 * afterwards. Absolute figures drift between machines and with the machine's load: the ratios,
 * measured in the same run, are what to compare.
 *
 *   npm run bench -- hot-paths      # 20 s per path after 5 s of warm-up, 10,000 users
 *   npm run bench -- --quick        # CI: 5 s per path after 2 s, 2,000 users (about a minute)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../src/server/domains/identity/password-hash';
import { signApiToken } from '../../src/server/domains/identity/token';
import { createDatabase, migrateToLatest, nowIso, type DB } from '../../src/server/platform/db';
import { seed as seedLivePages } from './live-pages';
import { measure, peakRss, startBareServer, type LoadFigures } from './support/load';
import { startBuiltSite } from './support/server';
import { createRushEdition } from './support/natcon-edition';
import type { BenchModule } from './support/types';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const USERS = QUICK ? 2_000 : 10_000;
const NOTICES = QUICK ? 20 : 100;
const CONNECTIONS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? (QUICK ? 5 : 20));
const WARM_UP_SECONDS = QUICK ? 2 : 5;
const SEATS = 300;
const SECRET = randomBytes(32).toString('base64url');
// DESIGN.md section 5; the memory budget (250 MB) is read per serving process: docs/decisions/0009.
const TARGETS = { unreadRatio: 0.25, unreadP99Ms: 50, eventsToStatic: 0.5, serverRssMb: 250 };

/** Users with notices to all of them, about half read; each user's token. */
async function seedUsers(db: DB): Promise<string[]> {
  const at = nowIso();
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += 500) {
      const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => ({
        email: `hot-${start + i}@example.test`,
        password_hash: passwordHash,
        name: `Hot Path ${start + i}`,
        role_id: 1,
        created_at: at,
        updated_at: at,
      }));
      await trx.insertInto('users').values(batch).execute();
    }
    await trx
      .insertInto('notifications')
      .values(
        Array.from({ length: NOTICES }, (_, i) => ({
          title: `Notice ${i}`,
          message: 'To every user.',
          audience_type: 'all' as const,
          recipient_count: USERS,
          created_at: at,
        })),
      )
      .execute();
    await sql`insert into notification_recipients (notification_id, user_id, read_at, created_at)
      select n.id, u.id, case when (n.id + u.id) % 2 = 0 then ${at} else null end, ${at}
      from notifications n cross join users u`.execute(trx);
  });
  const users = await db.selectFrom('users').select(['id', 'token_version']).where('email', 'like', 'hot-%').execute();
  return Promise.all(users.map((u) => signApiToken({ userId: u.id, tokenVersion: u.token_version }, SECRET, 8 * 3600)));
}

async function seedRush(db: DB): Promise<{ categoryId: number; warmUpId: number }> {
  const at = nowIso();
  const editionId = await createRushEdition(db);
  const category = (name: string, seats: number) =>
    db
      .insertInto('natcon_categories')
      .values({ edition_id: editionId, name, fee: 100_000, seats, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
  return { categoryId: (await category('Limited', SEATS)).id, warmUpId: (await category('Warm-up', 1_000_000)).id };
}

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 100) / 100 : 0);

function row(label: string, figures: LoadFigures, bare: LoadFigures, extra: Record<string, string | number> = {}) {
  return {
    path: label,
    'requests/s': figures.requestsPerSecond,
    'p50 ms': figures.p50Ms,
    'p99 ms': figures.p99Ms,
    errors: figures.errors,
    timeouts: figures.timeouts,
    'ratio to bare': ratio(figures.requestsPerSecond, bare.requestsPerSecond),
    ...extra,
  };
}

const hotPaths: BenchModule = {
  name: 'hot-paths',
  async run() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-bench-hot-'));
    const file = path.join(dataDir, 'nipm.sqlite');
    const db = createDatabase({ url: `sqlite:${file}` });
    await migrateToLatest(db as Kysely<unknown>);
    await seedLivePages(db, dataDir);
    const tokens = await seedUsers(db);
    const rush = await seedRush(db);
    await db.destroy();

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const bareServer = await startBareServer(port + 1);
    const load = { connections: CONNECTIONS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS };
    let next = 0;
    const polls = () => [
      {
        method: 'GET',
        path: '/api/notifications/unread-count',
        setupRequest: (request: { headers?: Record<string, string> }) => ({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
        }),
      },
    ];
    let bare: LoadFigures;
    try {
      bare = await measure(bareServer.url, { ...load, requests: polls });
    } finally {
      await bareServer.stop();
    }
    const site = await startBuiltSite(port, { DATA_DIR: dataDir, AUTH_SECRET: SECRET, DAILY_JOBS_AT: 'off' });
    const rows: Record<string, string | number>[] = [];
    let rushFigures: LoadFigures;
    let unread: LoadFigures;
    let events: LoadFigures;
    let staticPage: LoadFigures;
    let workers: number;
    let peak: { processes: number[]; total: number };
    try {
      workers = Number(process.env.WEB_CONCURRENCY || os.availableParallelism());
      unread = await measure(site.url, { ...load, requests: polls });
      // As browsers ask: compressed (the built page is then sent from memory, not read from disk).
      const asBrowsers = () => [{ method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br' } }];
      events = await measure(`${site.url}/events`, { ...load, requests: asBrowsers });
      staticPage = await measure(`${site.url}/about/code-of-ethics`, { ...load, requests: asBrowsers });
      let sequence = 0;
      const registration = (categoryId: number) => () => [
        {
          method: 'POST',
          path: '/api/natcon/registrations',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request: object) => ({
            ...request,
            body: JSON.stringify({
              categoryId,
              contact: { name: 'Rush Contact', email: 'rush@example.in', phone: '9830012345' },
              delegates: [{ name: `Delegate ${++sequence}`, email: `d-${sequence}@example.in`, phone: '9830012345' }],
            }),
          }),
        },
      ];
      // Warmed up in a category of its own, as a live server is warm when registration opens.
      await measure(site.url, {
        connections: 20,
        seconds: WARM_UP_SECONDS,
        warmUpSeconds: 0,
        requests: registration(rush.warmUpId),
      });
      rushFigures = await measure(site.url, { ...load, warmUpSeconds: 0, requests: registration(rush.categoryId) });
      peak = peakRss(site.pid);
    } finally {
      await site.stop();
    }

    const check = createDatabase({ url: `sqlite:${file}` });
    const seats = await check
      .selectFrom('natcon_categories')
      .select('seats_taken')
      .where('id', '=', rush.categoryId)
      .executeTakeFirstOrThrow();
    const confirmed = await check
      .selectFrom('natcon_delegates as d')
      .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.state', '=', 'confirmed')
      .where('d.category_id', '=', rush.categoryId)
      .executeTakeFirstOrThrow();
    await check.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    const oversold = Math.max(0, Number(confirmed.n) - SEATS) + Math.max(0, seats.seats_taken - SEATS);

    rows.push(
      row('bare node:http (1 process)', bare, bare),
      row(`unread-count (${workers} workers)`, unread, bare),
      row('/events', events, bare, {
        'ratio to static': ratio(events.requestsPerSecond, staticPage.requestsPerSecond),
      }),
      row('/about/code-of-ethics (built)', staticPage, bare),
      row('NATCON rush POST', rushFigures, bare, { 'seats taken': seats.seats_taken, oversold }),
    );
    const eventsToStatic = ratio(events.requestsPerSecond, staticPage.requestsPerSecond);
    const unreadRatio = ratio(unread.requestsPerSecond, bare.requestsPerSecond);
    // The first process is the cluster's primary when there are workers: it serves nothing.
    const serving = workers > 1 ? peak.processes.slice(1) : peak.processes;
    console.log(
      `peak RSS over the whole run (MB): ${peak.processes.join(' + ')} = ${peak.total}` +
        (workers > 1 ? ' (the primary first, then each worker)' : ''),
    );
    console.log(
      `machine load average while measured: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    return {
      rows,
      budgets: [
        {
          what: `unread-count ≥ ${TARGETS.unreadRatio} of bare (${unreadRatio}), p99 < ${TARGETS.unreadP99Ms} ms (${unread.p99Ms}), no errors (${unread.errors})`,
          met: unreadRatio >= TARGETS.unreadRatio && unread.p99Ms < TARGETS.unreadP99Ms && unread.errors === 0,
        },
        {
          what: `NATCON rush: no time-outs (${rushFigures.timeouts}), none oversold (${oversold})`,
          met: rushFigures.timeouts === 0 && oversold === 0 && seats.seats_taken === Number(confirmed.n),
        },
        {
          what: `/events ≥ ${TARGETS.eventsToStatic} of a built page (${eventsToStatic})`,
          met: eventsToStatic >= TARGETS.eventsToStatic,
        },
        {
          what: `each serving process under ${TARGETS.serverRssMb} MB resident (${serving.join(', ')} MB)`,
          met: serving.every((mb) => mb < TARGETS.serverRssMb),
        },
      ],
    };
  },
};

export default hotPaths;
