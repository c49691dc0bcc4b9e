/**
 * Load test of GET /api/notifications/unread-count (issue 4, docs/architecture.md, "Budgets"): the built
 * server on its own port and data folder, a database of 10,000 users and 1,000,000 notification
 * copies, 200 connections for 20 seconds, every request with a valid token of a different user.
 * The same load against a bare node:http server answering a constant JSON body gives the ceiling
 * of this machine; the ratio says how much of it the real endpoint keeps.
 *
 * Alone: `npx tsx tests/bench/unread-count.ts` (SQLite; PostgreSQL too when BENCH_DATABASE_URL
 * is set, e.g. postgres://postgres@127.0.0.1:5432/test). Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { hashPassword } from '../../src/server/domains/identity/password-hash';
import { signApiToken } from '../../src/server/domains/identity/token';
import { createDatabase, migrateToLatest, nowIso, type DB } from '../../src/server/platform/db';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const USERS = 10_000;
const NOTICES = 100;
const CONNECTIONS = 200;
const DURATION_SECONDS = 20;
/** Unmeasured load first, so that both servers are measured warm (JIT, token cache, page cache). */
const WARM_UP_SECONDS = 5;
const BUDGET = { requestsPerSecond: 5_000, p99Ms: 50, errors: 0, peakRssMb: 250 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'dist/server/main.mjs');

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  peakRssMb: number;
}

export interface UnreadCountResult {
  database: 'SQLite' | 'PostgreSQL';
  rows: number;
  app: LoadFigures;
  bare: LoadFigures;
  ratio: number;
  withinBudget: boolean;
}

function freePort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

/** Peak resident memory of a process so far (the kernel's high-water mark), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(/VmHWM:\s+(\d+)\s+kB/);
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 6000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** 10,000 users and 100 notices to all of them: 1,000,000 copies, about half read. */
async function seed(db: DB, secret: string): Promise<string[]> {
  const at = nowIso();
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += 500) {
      const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => ({
        email: `bench-${start + i}@example.test`,
        password_hash: passwordHash,
        name: `Bench User ${start + i}`,
        image: null,
        role_id: 1,
        member_id: null,
        chapter_id: null,
        created_at: at,
        updated_at: at,
      }));
      await trx.insertInto('users').values(batch).execute();
    }
    const notices = Array.from({ length: NOTICES }, (_, i) => ({
      title: `Bench notice ${i}`,
      message: 'A notice sent to every user.',
      link: null,
      audience_type: 'all' as const,
      audience_id: null,
      sender_user_id: null,
      recipient_count: USERS,
      created_at: at,
    }));
    await trx.insertInto('notifications').values(notices).execute();
    // One statement writes the million copies: far faster than row batches on either database.
    await sql`insert into notification_recipients (notification_id, user_id, read_at, created_at)
      select n.id, u.id, case when (n.id + u.id) % 2 = 0 then ${at} else null end, ${at}
      from notifications n cross join users u`.execute(trx);
  });
  const users = await db.selectFrom('users').select(['id', 'token_version']).orderBy('id').execute();
  return Promise.all(users.map((u) => signApiToken({ userId: u.id, tokenVersion: u.token_version }, secret, 8 * 3600)));
}

async function load(url: string, tokens: string[]): Promise<Omit<LoadFigures, 'peakRssMb'>> {
  await hammer(url, tokens, WARM_UP_SECONDS);
  const result = await hammer(url, tokens, DURATION_SECONDS);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function hammer(url: string, tokens: string[], seconds: number): Promise<AutocannonResult> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
        }),
      },
    ],
  });
}

/** The ceiling: a bare node:http server answering the same shape of body. */
async function loadBare(tokens: string[]): Promise<LoadFigures> {
  const port = freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const body = JSON.stringify({ success: true, data: { count: 3 } });
       require('node:http').createServer((req, res) => {
         res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
         res.end(body);
       }).listen(${port}, '127.0.0.1');`,
    ],
    { stdio: 'inherit' },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, child);
    const figures = await load(`http://127.0.0.1:${port}/api/notifications/unread-count`, tokens);
    return { ...figures, peakRssMb: peakRssMb(child.pid as number) };
  } finally {
    await stop(child);
  }
}

async function prepareDatabase(kind: 'SQLite' | 'PostgreSQL', dataDir: string) {
  if (kind === 'SQLite') {
    const url = `sqlite:${path.join(dataDir, 'nipm.sqlite')}`;
    return { url, drop: async () => {} };
  }
  const baseUrl = process.env.BENCH_DATABASE_URL as string;
  const name = `nipm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function benchUnreadCount(kind: 'SQLite' | 'PostgreSQL'): Promise<UnreadCountResult> {
  if (!existsSync(serverEntry)) throw new Error('dist/server/main.mjs is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nipm-bench-'));
  const secret = randomBytes(32).toString('base64url');
  const database = await prepareDatabase(kind, dataDir);
  let server: ChildProcess | undefined;
  try {
    const seedStarted = Date.now();
    const db = createDatabase({ url: database.url });
    await migrateToLatest(db as Kysely<unknown>);
    const tokens = await seed(db, secret);
    if (kind === 'PostgreSQL') await sql`vacuum analyze notification_recipients`.execute(db);
    const rows = Number(
      (
        await db
          .selectFrom('notification_recipients')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await db.destroy();
    console.log(`[bench] ${kind}: ${USERS} users, ${rows} notification rows in ${Date.now() - seedStarted} ms`);

    const port = freePort();
    server = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOCAL_RUN: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        AUTH_SECRET: secret,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/api/health`, server);
    const probe = await fetch(`${base}/api/notifications/unread-count`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const probeBody = (await probe.json()) as { data?: { count?: number } };
    if (probe.status !== 200 || typeof probeBody.data?.count !== 'number') {
      throw new Error(`unread-count answered ${probe.status} ${JSON.stringify(probeBody)}`);
    }
    const appFigures = await load(`${base}/api/notifications/unread-count`, tokens);
    const app = { ...appFigures, peakRssMb: peakRssMb(server.pid as number) };
    // Let the requests autocannon abandoned at the end finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stop(server);
    server = undefined;

    const bare = await loadBare(tokens);
    const withinBudget =
      app.requestsPerSecond >= BUDGET.requestsPerSecond &&
      app.p99Ms < BUDGET.p99Ms &&
      app.errors === BUDGET.errors &&
      app.peakRssMb < BUDGET.peakRssMb;
    return {
      database: kind,
      rows,
      app,
      bare,
      ratio: Math.round((app.requestsPerSecond / bare.requestsPerSecond) * 100) / 100,
      withinBudget,
    };
  } finally {
    if (server) await stop(server);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printUnreadCount(result: UnreadCountResult): void {
  const line = (name: string, f: LoadFigures) =>
    `  ${name.padEnd(22)} ${String(f.requestsPerSecond).padStart(8)} req/s   p50 ${String(f.p50Ms).padStart(3)} ms   p99 ${String(f.p99Ms).padStart(3)} ms   errors ${f.errors}   peak RSS ${f.peakRssMb} MB`;
  console.log(
    [
      `GET /api/notifications/unread-count on ${result.database} (${result.rows.toLocaleString('en-US')} rows, ${CONNECTIONS} connections, ${DURATION_SECONDS} s after ${WARM_UP_SECONDS} s of warm-up)`,
      line('site (built server)', result.app),
      line('bare node:http', result.bare),
      `  ratio site/bare: ${result.ratio}   budget (>= ${BUDGET.requestsPerSecond} req/s, p99 < ${BUDGET.p99Ms} ms, 0 errors, < ${BUDGET.peakRssMb} MB): ${result.withinBudget ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );
}

/** Entry for the bench runner and for running this file alone. */
export default async function run(): Promise<UnreadCountResult[]> {
  const kinds: ('SQLite' | 'PostgreSQL')[] = ['SQLite'];
  if (process.env.BENCH_DATABASE_URL) kinds.push('PostgreSQL');
  const results: UnreadCountResult[] = [];
  for (const kind of kinds) {
    const result = await benchUnreadCount(kind);
    printUnreadCount(result);
    results.push(result);
  }
  if (results.some((r) => !r.withinBudget)) process.exitCode = 1;
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
