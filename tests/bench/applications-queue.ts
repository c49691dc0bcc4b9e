/**
 * The staff's applications queue over 50,000 applications (docs/architecture.md, "Budgets": one page with
 * filters under 50 ms at p95 on both databases). Measured in-process through the service the route
 * calls (`listApplications`: the page and its count), on a fresh SQLite file and, when
 * BENCH_DATABASE_URL is set, a fresh PostgreSQL schema. Alone: `npm run bench -- applications-queue`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest, nowIso, type DB } from '../../src/server/platform/db';
import { listApplications, type QueueFilters } from '../../src/server/domains/joining/queue';
import { APPLICATION_STATES } from '../../src/lib/schemas/membership';
import { MEMBERSHIP_CLASS_CODES } from '../../src/lib/membership-classes';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import type { BenchModule, BenchReport } from './support/types';
import { APPLICANT_DETAILS, referenceOf } from '../api/joining-support';

const APPLICATIONS = 50_000;
const CHAPTERS = 48;
const SAMPLES = 200;
const BUDGET_P95_MS = 50;

const superAdmin: AuthUser = {
  id: 1,
  email: 'bench@example.test',
  name: 'Bench',
  image: null,
  roleId: '2',
  memberId: null,
  chapterId: null,
};

async function fill(db: DB): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('chapters')
    .values(
      Array.from({ length: CHAPTERS }, (_, i) => ({
        code: `B${i}`,
        name: `Bench chapter ${i}`,
        region: 'East' as const,
        city: 'Kolkata',
        state: 'West Bengal',
        address: null,
        contact_name: null,
        contact_email: null,
        contact_phone: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  const chapterIds = (await db.selectFrom('chapters').select('id').execute()).map((c) => c.id);
  const quote = JSON.stringify({ classCode: 'associate', financialYear: '2026-27', total: 125_100 });
  for (let start = 0; start < APPLICATIONS; start += 500) {
    await db
      .insertInto('applications')
      .values(
        Array.from({ length: Math.min(500, APPLICATIONS - start) }, (_, k) => {
          const i = start + k;
          const day = String((i % 28) + 1).padStart(2, '0');
          const month = String((i % 12) + 1).padStart(2, '0');
          return {
            reference: referenceOf(i),
            status_token_hash: randomBytes(32).toString('hex'),
            state: APPLICATION_STATES[i % APPLICATION_STATES.length],
            class_code: MEMBERSHIP_CLASS_CODES[i % MEMBERSHIP_CLASS_CODES.length],
            chapter_id: chapterIds[i % chapterIds.length],
            financial_year: 2024 + (i % 3),
            applied_on: `${2024 + (i % 3)}-${month}-${day}`,
            title: null,
            first_name: `Name${i % 997}`,
            last_name: `Surname${i}`,
            email: `bench-${i}@example.test`,
            ...APPLICANT_DETAILS,
            quote,
            amount_due: 125_100,
            discount: 0,
            member_id: null,
            decision_note: null,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .execute();
  }
}

const FILTERS: QueueFilters[] = [
  {},
  { state: 'payment_reported' },
  { state: 'under_scrutiny', classCode: 'corporate' },
  { chapterId: 7 },
  { chapterId: 12, state: 'recommended' },
  { financialYear: 2026, from: '2026-06-01', to: '2026-09-30' },
  { q: 'surname4242' },
  { q: referenceOf(4242) },
  { sort: { field: 'name', direction: 'asc' }, state: 'awaiting_payment' },
];

interface Figures {
  p50: number;
  p95: number;
  max: number;
  /** p95 of each filter set, to see which one costs. */
  byFilter: number[];
}

const quantile = (sorted: number[], q: number) =>
  Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2));

async function measure(db: DB): Promise<Figures> {
  for (const filters of FILTERS) await listApplications(db, superAdmin, { ...filters, page: 1, pageSize: 20 });
  const times: number[] = [];
  const perFilter: number[][] = FILTERS.map(() => []);
  for (let i = 0; i < SAMPLES; i++) {
    const filters = FILTERS[i % FILTERS.length];
    const started = performance.now();
    await listApplications(db, superAdmin, { ...filters, page: 1 + (i % 5), pageSize: 20 });
    const took = performance.now() - started;
    times.push(took);
    perFilter[i % FILTERS.length].push(took);
  }
  times.sort((a, b) => a - b);
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: quantile(times, 1),
    byFilter: perFilter.map((t) =>
      quantile(
        t.sort((a, b) => a - b),
        0.95,
      ),
    ),
  };
}

async function onSqlite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-bench-queue-'));
  const db = createDatabase({ url: `sqlite:${path.join(dir, 'bench.sqlite')}` });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    await fill(db);
    return await measure(db);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string) {
  const schema = `bench_queue_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = createDatabase({ url, schema, poolSize: 5 });
  try {
    await migrateToLatest(db as Kysely<unknown>, { schema });
    await fill(db);
    await admin.query(`analyze ${schema}.applications`);
    return await measure(db);
  } finally {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

const applicationsQueue: BenchModule = {
  name: 'applications-queue',
  async run(): Promise<BenchReport> {
    const rows: BenchReport['rows'] = [];
    const budgets: BenchReport['budgets'] = [];
    const results: [string, Figures][] = [['SQLite', await onSqlite()]];
    if (process.env.BENCH_DATABASE_URL) results.push(['PostgreSQL', await onPostgres(process.env.BENCH_DATABASE_URL)]);
    for (const [database, figures] of results) {
      rows.push({ database, filters: 'all', 'p50 ms': figures.p50, 'p95 ms': figures.p95, 'max ms': figures.max });
      FILTERS.forEach((filters, i) =>
        rows.push({ database, filters: JSON.stringify(filters).slice(0, 60), 'p95 ms': figures.byFilter[i] }),
      );
      budgets.push({
        what: `${database}: one queue page with filters at p95 ${figures.p95} ms < ${BUDGET_P95_MS} ms`,
        met: figures.p95 < BUDGET_P95_MS,
      });
    }
    return { rows, budgets };
  },
};

export default applicationsQueue;
