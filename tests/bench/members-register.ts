/**
 * The member register and reports over 100,000 members (docs/architecture.md, "Budgets"; issue 10): a register
 * page with filters under 50 ms at p95, the full CSV export streamed with memory growing under 50 MB,
 * and the report's queries under 300 ms. Measured in-process through the services the routes call,
 * on a fresh SQLite file and, when BENCH_DATABASE_URL is set, a fresh PostgreSQL schema, filled by the
 * demo seeder (members with five years of payments). `BENCH_MEMBERS` changes the size. Seeding
 * 100,000 members takes minutes, so `BENCH_MEMBERS_SQLITE` (a file) and `BENCH_MEMBERS_SCHEMA` (a
 * PostgreSQL schema) keep the filled database for the next run (the seeder adds nothing to a chapter
 * that has its members). Alone: `npm run bench -- members-register`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest, type DB } from '../../src/server/platform/db';
import { csvStream } from '../../src/server/api/csv';
import { exportRegister, listRegister } from '../../src/server/domains/members/register';
import { membershipReport } from '../../src/server/domains/members/reports';
import { seedDemoMembers } from '../../src/server/demo/members';
import { seedChapters } from '../../src/server/demo/seed';
import { kolkataDate } from '../../src/lib/financial-year';
import type { RegisterFilter } from '../../src/lib/schemas/members';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import type { BenchModule, BenchReport } from './support/types';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SAMPLES = 200;
const BUDGET_PAGE_P95_MS = 50;
const BUDGET_EXPORT_MB = 50;
const BUDGET_REPORT_MS = 300;

const superAdmin: AuthUser = {
  id: 1,
  email: 'bench@example.test',
  name: 'Bench',
  image: null,
  roleId: '2',
  memberId: null,
  chapterId: null,
};
const name = { field: 'name', direction: 'asc' } as const;

const FILTERS: RegisterFilter[] = [
  { sort: name },
  { status: 'defaulter', sort: name },
  { status: 'lapsed', region: 'West', sort: name },
  { classCode: 'corporate', chapterId: 3, sort: name },
  { admissionYear: 2010, sort: { field: 'admittedOn', direction: 'desc' } },
  { q: 'ghosh', sort: name },
  { q: 'NIPM/KOL/0042', sort: name },
  { q: 'tata', status: 'active', sort: { field: 'paidThrough', direction: 'desc' } },
];

interface Figures {
  p50: number;
  p95: number;
  /** Each filter's own p95, to show which query misses. */
  perFilter: { filter: string; p95: number }[];
  exportRows: number;
  exportGrowthMb: number;
  reportMs: number;
}

async function measure(db: DB): Promise<Figures> {
  const today = kolkataDate(new Date());
  for (const filter of FILTERS) await listRegister(db, superAdmin, { ...filter, page: 1, pageSize: 25 }, today);
  const times: number[] = [];
  const byFilter: number[][] = FILTERS.map(() => []);
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await listRegister(db, superAdmin, { ...FILTERS[i % FILTERS.length], page: 1 + (i % 5), pageSize: 25 }, today);
    const took = performance.now() - started;
    times.push(took);
    byFilter[i % FILTERS.length].push(took);
  }
  const quantile = (sample: number[], q: number) => {
    const sorted = [...sample].sort((a, b) => a - b);
    return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2));
  };
  const at = (q: number) => quantile(times, q);
  const perFilter = FILTERS.map((filter, index) => ({
    filter: JSON.stringify({ ...filter, sort: `${filter.sort?.direction === 'desc' ? '-' : ''}${filter.sort?.field}` }),
    p95: quantile(byFilter[index], 0.95),
  }));

  // The export as the route streams it, read by a consumer as fast as it comes; peak RSS over the start.
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const columns = [
    { header: 'Member number', value: (m: { memberNumber: string }) => m.memberNumber },
    { header: 'Name', value: (m: { name: string }) => m.name },
    { header: 'E-mail', value: (m: { email: string }) => m.email },
  ];
  const reader = csvStream(columns, exportRegister(db, superAdmin, { sort: name }, today)).getReader();
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const byte of value) if (byte === 10) lines++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  clearInterval(sampler);

  let reportMs = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await membershipReport(db, {}, today);
    reportMs = Math.max(reportMs, performance.now() - started);
  }
  return {
    p50: at(0.5),
    p95: at(0.95),
    perFilter,
    exportRows: lines - 1,
    exportGrowthMb: Number(((peak - baseline) / 1024 / 1024).toFixed(1)),
    reportMs: Number(reportMs.toFixed(1)),
  };
}

async function fill(db: DB): Promise<void> {
  await seedChapters(db, new Date());
  await seedDemoMembers(db, new Date(), { count: MEMBERS });
}

async function onSqlite(): Promise<Figures> {
  const kept = process.env.BENCH_MEMBERS_SQLITE;
  const dir = kept ? null : mkdtempSync(path.join(os.tmpdir(), 'nipm-bench-members-'));
  const db = createDatabase({ url: `sqlite:${kept ?? path.join(dir!, 'bench.sqlite')}` });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    await fill(db);
    return await measure(db);
  } finally {
    await db.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string): Promise<Figures> {
  const kept = process.env.BENCH_MEMBERS_SCHEMA;
  const schema = kept ?? `bench_members_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  const db = createDatabase({ url, schema, poolSize: 5 });
  try {
    await migrateToLatest(db as Kysely<unknown>, { schema });
    await fill(db);
    // What autovacuum does after a bulk load: statistics, and the visibility map index-only counts need.
    for (const table of ['members', 'payments', 'member_renewals', 'chapters']) {
      await admin.query(`vacuum analyze ${schema}.${table}`);
    }
    return await measure(db);
  } finally {
    await db.destroy();
    if (!kept) await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

const membersRegister: BenchModule = {
  name: 'members-register',
  async run(): Promise<BenchReport> {
    const rows: BenchReport['rows'] = [];
    const budgets: BenchReport['budgets'] = [];
    const results: [string, Figures][] = [['SQLite', await onSqlite()]];
    if (process.env.BENCH_DATABASE_URL) results.push(['PostgreSQL', await onPostgres(process.env.BENCH_DATABASE_URL)]);
    for (const [database, f] of results) {
      rows.push({
        database,
        members: MEMBERS,
        'page p50 ms': f.p50,
        'page p95 ms': f.p95,
        'export rows': f.exportRows,
        'export RSS growth MB': f.exportGrowthMb,
        'report ms': f.reportMs,
      });
      for (const { filter, p95 } of f.perFilter) rows.push({ database, filter, 'page p95 ms': p95 });
      budgets.push(
        {
          what: `${database}: a register page at p95 ${f.p95} ms < ${BUDGET_PAGE_P95_MS} ms`,
          met: f.p95 < BUDGET_PAGE_P95_MS,
        },
        {
          what: `${database}: full CSV export of ${f.exportRows} rows grew RSS ${f.exportGrowthMb} MB < ${BUDGET_EXPORT_MB} MB`,
          met: f.exportGrowthMb < BUDGET_EXPORT_MB && f.exportRows >= MEMBERS * 0.99,
        },
        {
          what: `${database}: the report's queries ${f.reportMs} ms < ${BUDGET_REPORT_MS} ms`,
          met: f.reportMs < BUDGET_REPORT_MS,
        },
      );
    }
    return { rows, budgets };
  },
};

export default membersRegister;
