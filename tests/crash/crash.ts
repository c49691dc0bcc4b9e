/**
 * Crash test (issue 14, item 4): writes under load while the built server is killed with SIGKILL at
 * random moments, then the database's own integrity check and the site's invariants.
 *
 *   npm run build && npm run crash                 # SQLite (WAL) in a fresh data folder
 *   CRASH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run crash   # PostgreSQL too
 *
 * CRASH_KILLS (default 8) kills, each 1-4 s into a burst of CRASH_WORKERS (default 12) writers.
 * Writes: notices to everyone (one transaction: the notice and a copy per recipient), mark-all-read,
 * profile changes and failed sign-ins (the throttle's upsert and the audit log). Afterwards:
 * SQLite `integrity_check` and `foreign_key_check`; PostgreSQL amcheck over every B-tree index; every
 * notice has exactly the copies its `recipient_count` says (none half-written); every notice answered
 * 201 is there (none lost); no notice was written twice; receipt numbers, where there are payments,
 * have no gap and no repeat in a financial year. Exits 1 on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase, isPostgresUrl, migrateToLatest, type DB } from '../../src/server/db';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { freePort, scratchPostgres } from '../support/server-process';

const KILLS = Number(process.env.CRASH_KILLS ?? 8);
const WORKERS = Number(process.env.CRASH_WORKERS ?? 12);
const SECRET = 'test-secret-for-api-tokens-0123456789abcdef';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  sent: number;
  answered: number;
  failed: number;
  acknowledged: Map<number, string>;
}

async function startServer(entry: string, env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('The server did not become ready.');
}

async function writer(base: string, admin: string, members: string[], tally: Tally, until: () => boolean, id: number) {
  let n = 0;
  while (!until()) {
    n++;
    // Sign-ins hash a password (argon2: slow on purpose): one write in eight.
    const kind = (id + n) % 8 === 7 ? 3 : (id + n) % 3;
    const member = members[(id * 7 + n) % members.length] as string;
    const title = `crash ${id}-${n}-${Date.now()}`;
    const [method, url, token, body] =
      kind === 0
        ? [
            'POST',
            '/api/admin/notifications',
            admin,
            { title, message: 'Written under SIGKILL.', audience: { type: 'all' } },
          ]
        : kind === 1
          ? ['POST', '/api/notifications/mark-all-read', member, undefined]
          : kind === 2
            ? ['PATCH', '/api/me', member, { name: `Crash Name ${n}` }]
            : [
                'POST',
                '/api/sessions',
                undefined,
                { email: `nobody-${n % 50}@example.test`, password: 'Wrong-Pass-1' },
              ];
    tally.sent++;
    try {
      const response = await fetch(base + url, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json()) as { data?: { id?: number } };
      tally.answered++;
      if (kind === 0 && response.status === 201 && answer.data?.id) tally.acknowledged.set(answer.data.id, title);
    } catch {
      tally.failed++;
      await sleep(20);
    }
  }
}

async function integrity(db: DB, postgres: boolean): Promise<string> {
  if (!postgres) {
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    const keys = await sql`pragma foreign_key_check`.execute(db);
    const result = check.rows.map((r) => r.integrity_check).join('; ');
    return result === 'ok' && keys.rows.length === 0
      ? 'ok'
      : `integrity_check: ${result}; foreign keys: ${keys.rows.length}`;
  }
  await sql`create extension if not exists amcheck`.execute(db);
  const indexes = await sql<{ oid: number; name: string }>`
    select c.oid::int as oid, c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
    where a.amname = 'btree' and n.nspname = current_schema()`.execute(db);
  for (const index of indexes.rows) await sql`select bt_index_check(${index.oid}::regclass, true)`.execute(db);
  return `ok (amcheck: ${indexes.rows.length} B-tree indexes with their heaps)`;
}

async function invariants(db: DB, acknowledged: Map<number, string>): Promise<string[]> {
  const problems: string[] = [];
  const notices = await db
    .selectFrom('notifications as n')
    .leftJoin('notification_recipients as r', 'r.notification_id', 'n.id')
    .select((eb) => ['n.id', 'n.title', 'n.recipient_count', eb.fn.count<number>('r.user_id').as('copies')])
    .groupBy(['n.id', 'n.title', 'n.recipient_count'])
    .execute();
  for (const notice of notices) {
    if (Number(notice.copies) !== notice.recipient_count) {
      problems.push(`notice ${notice.id} half-written: ${notice.copies} of ${notice.recipient_count} copies`);
    }
  }
  const byId = new Map(notices.map((n) => [n.id, n.title]));
  for (const [id, title] of acknowledged) {
    if (byId.get(id) !== title) problems.push(`notice ${id} ("${title}") was answered 201 but is missing`);
  }
  const titles = notices.map((n) => n.title);
  if (new Set(titles).size !== titles.length) problems.push('a notice was written twice');
  return [...problems, ...(await receiptProblems(db))];
}

/**
 * Receipt numbers (`NIPM/RCPT/2026-27/000001`, once payments exist): in each financial year 1..N
 * with no gap and no repeat, N being the year's sequence. Nothing to check before the table exists.
 */
async function receiptProblems(db: DB): Promise<string[]> {
  let rows: { year: string; receipt: string }[];
  try {
    rows = (
      await sql<{ year: string; receipt: string }>`select receipt_financial_year as year, receipt_number as receipt
        from payments where receipt_number is not null`.execute(db)
    ).rows;
  } catch {
    return [];
  }
  const problems: string[] = [];
  const byYear = new Map<string, number[]>();
  for (const row of rows)
    byYear.set(row.year, [...(byYear.get(row.year) ?? []), Number(row.receipt.split('/').at(-1))]);
  for (const [year, numbers] of byYear) {
    const sorted = numbers.sort((x, y) => x - y);
    if (sorted.some((n, i) => n !== i + 1)) problems.push(`receipt numbers of ${year} have a gap or a repeat`);
  }
  return problems;
}

async function crashRun(entry: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-crash-'));
  const postgres = databaseUrl ? await scratchPostgres(databaseUrl, 'crash') : null;
  const url = postgres?.url ?? `sqlite:${path.join(dataDir, 'nipm.sqlite')}`;
  const setup = createDatabase({ url });
  await migrateToLatest(setup as Kysely<unknown>);
  const chapter = await createChapter(setup);
  const admin = await createUser(setup, { roleId: '2', secret: SECRET });
  const members = await Promise.all(
    Array.from({ length: 40 }, async () => {
      const member = await createMember(setup, chapter.id);
      return (await createUser(setup, { roleId: '1', memberId: member.id, secret: SECRET })).token;
    }),
  );
  await setup.destroy();
  const env = { DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const tally: Tally = { sent: 0, answered: 0, failed: 0, acknowledged: new Map() };
  const started = Date.now();
  for (let kill = 0; kill < KILLS; kill++) {
    const server = await startServer(entry, env, port);
    let stop = false;
    const writers = Array.from({ length: WORKERS }, (_, id) =>
      writer(base, admin.token, members, tally, () => stop, id),
    );
    await sleep(1000 + Math.random() * 3000);
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    stop = true;
    await Promise.all(writers);
  }
  const db = createDatabase({ url });
  const check = await integrity(db, Boolean(postgres));
  const problems = await invariants(db, tally.acknowledged);
  await db.destroy();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    database: postgres ? 'PostgreSQL' : 'SQLite',
    kills: KILLS,
    ...tally,
    seconds: (Date.now() - started) / 1000,
    check,
    problems,
  };
}

async function main() {
  const entry = path.resolve('dist/server/main.mjs');
  if (!existsSync(entry)) throw new Error('The site is not built: run `npm run build` first.');
  const targets = [undefined, process.env.CRASH_DATABASE_URL].filter((u, i) => i === 0 || (u && isPostgresUrl(u)));
  let failed = false;
  for (const target of targets) {
    const result = await crashRun(entry, target);
    console.log(
      `${result.database}: ${result.kills} SIGKILLs in ${result.seconds.toFixed(1)} s; ${result.sent} writes sent, ` +
        `${result.answered} answered, ${result.failed} cut off by a kill; ${result.acknowledged.size} notices acknowledged; ` +
        `integrity: ${result.check}; invariants: ${result.problems.length ? result.problems.join('; ') : 'all hold'}`,
    );
    if (result.check.slice(0, 2) !== 'ok' || result.problems.length) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
