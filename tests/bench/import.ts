/**
 * The import of the existing register (issue 23): a 10,000-row members file checked and committed
 * each in under 60 s with resident memory growing by less than 200 MB, and a 50,000-row file (the
 * cap) checked to its end. Measured in-process through the services the routes call, on a fresh
 * SQLite file and, when BENCH_DATABASE_URL is set, a fresh PostgreSQL schema. The files are the
 * test suite's realistic chapter rows (four date forms, mobiles with and without +91), generated.
 * Alone: `npm run bench -- import`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest, type DB } from '../../src/server/platform/db';
import { createDiskStore } from '../../src/server/platform/storage';
import { runImportJob, startCommit } from '../../src/server/domains/import/commit';
import { checkImport, uploadImport } from '../../src/server/domains/import/imports';
import { createUser } from '../support/fixtures';
import { newMemberRow, REALISTIC_HEADERS, seedRegister } from '../support/import-file';
import type { BenchModule, BenchReport } from './support/types';

const NOW = new Date('2026-11-25T06:00:00Z');
const BUDGET_SECONDS = 60;
const BUDGET_RSS_MB = 200;

function membersFile(rows: number): Uint8Array {
  const records = Array.from({ length: rows }, (_, i) => {
    const row = newMemberRow(i + 1);
    row['Mem. No'] = `BENCH/${String(i + 1).padStart(6, '0')}`;
    return REALISTIC_HEADERS.map((h) => row[h] ?? '');
  });
  return new TextEncoder().encode(stringify([REALISTIC_HEADERS, ...records]));
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function freshDatabase(kind: 'SQLite' | 'PostgreSQL'): Promise<{ db: DB; drop(): Promise<void> }> {
  if (kind === 'SQLite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-bench-import-'));
    const db = createDatabase({ url: `sqlite:${path.join(dir, 'bench.sqlite')}` });
    await migrateToLatest(db as Kysely<unknown>);
    return { db, drop: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) };
  }
  const url = process.env.BENCH_DATABASE_URL as string;
  const schema = `bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({ url, schema });
  await migrateToLatest(db as Kysely<unknown>, { schema });
  return {
    db,
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

async function measure(kind: 'SQLite' | 'PostgreSQL', rows: number, commit: boolean) {
  const { db, drop } = await freshDatabase(kind);
  const storage = createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-bench-uploads-')));
  try {
    await seedRegister(db);
    const staff = await createUser(db, { roleId: '2' });
    const bytes = membersFile(rows);
    global.gc?.();
    const rssBefore = rssMb();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 100);
    const { id } = await uploadImport(db, storage, {
      bytes,
      fileName: 'bench.csv',
      kind: 'members',
      userId: staff.id,
      now: NOW,
    });
    let started = Date.now();
    const check = await checkImport(db, storage, id, { now: NOW });
    const checkSeconds = (Date.now() - started) / 1000;
    let commitSeconds = 0;
    if (commit) {
      started = Date.now();
      await startCommit(db, id, NOW);
      await runImportJob(db, storage, id, { now: () => new Date() });
      commitSeconds = (Date.now() - started) / 1000;
    }
    clearInterval(sampler);
    return { check, checkSeconds, commitSeconds, rssGrowthMb: peak - rssBefore };
  } finally {
    await drop();
  }
}

const bench: BenchModule = {
  name: 'import',
  async run(): Promise<BenchReport> {
    const kinds: ('SQLite' | 'PostgreSQL')[] = [
      'SQLite',
      ...(process.env.BENCH_DATABASE_URL ? ['PostgreSQL' as const] : []),
    ];
    const rows: BenchReport['rows'] = [];
    const budgets: BenchReport['budgets'] = [];
    for (const kind of kinds) {
      const small = await measure(kind, 10_000, true);
      rows.push({
        database: kind,
        rows: 10_000,
        created: small.check.summary.create,
        'check s': small.checkSeconds.toFixed(1),
        'commit s': small.commitSeconds.toFixed(1),
        'RSS growth MB': small.rssGrowthMb.toFixed(0),
      });
      budgets.push(
        {
          what: `${kind}: 10,000-row check under ${BUDGET_SECONDS} s (${small.checkSeconds.toFixed(1)} s)`,
          met: small.checkSeconds < BUDGET_SECONDS,
        },
        {
          what: `${kind}: 10,000-row commit under ${BUDGET_SECONDS} s (${small.commitSeconds.toFixed(1)} s)`,
          met: small.commitSeconds < BUDGET_SECONDS,
        },
        {
          what: `${kind}: resident memory grows under ${BUDGET_RSS_MB} MB (${small.rssGrowthMb.toFixed(0)} MB)`,
          met: small.rssGrowthMb < BUDGET_RSS_MB,
        },
      );
      const large = await measure(kind, 50_000, false);
      rows.push({
        database: kind,
        rows: 50_000,
        created: large.check.summary.create,
        'check s': large.checkSeconds.toFixed(1),
        'commit s': '-',
        'RSS growth MB': large.rssGrowthMb.toFixed(0),
      });
      budgets.push({
        what: `${kind}: 50,000-row check completes (${large.check.summary.total} rows judged)`,
        met: large.check.summary.total === 50_000,
      });
    }
    return { rows, budgets };
  },
};

export default bench;
