import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { createDatabase, migrateToLatest, nowIso, type DB } from '../../src/server/platform/db';
import { describedAs } from '../../src/server/domains/content/events';
import { storeImage } from '../../src/server/domains/content/files';
import { seedChapters } from '../../src/server/demo/seed';
import { createDiskStore } from '../../src/server/platform/storage';
import { javascriptWeight, lighthouseScores, median, type LighthouseScores } from './page-weight';
import { startBuiltSite } from './support/server';
import type { BenchModule } from './support/types';

/**
 * The public pages that show the database's content (issue 13), with 50 published events and 50
 * albums with covers: Lighthouse (mobile profile) on /events and /resources/gallery, and the load
 * /events takes at 50 connections next to a prerendered page in the same run, so the cost of
 * rendering live data on each request is known.
 */
const PORT = Number(process.env.BENCH_PORT ?? 4451);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ITEMS = 50;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function cover(i: number): Promise<Uint8Array> {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="100%" height="100%" fill="hsl(${hue},55%,35%)"/><circle cx="1100" cy="300" r="220" fill="#fff" fill-opacity="0.3"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
}

export async function seed(db: DB, dataDir: string): Promise<void> {
  await migrateToLatest(db as Kysely<unknown>);
  const now = new Date();
  await seedChapters(db, now);
  const store = createDiskStore(path.join(dataDir, 'uploads'));
  const covers: Awaited<ReturnType<typeof storeImage>>[] = [];
  for (let i = 0; i < 10; i++) covers.push(await storeImage(db, store, await cover(i), null, now));
  const at = nowIso(now);
  const day = 86_400_000;
  await db
    .insertInto('events')
    .values(
      Array.from({ length: ITEMS }, (_, i) => ({
        title: `Bench event ${i + 1}: workshop on industrial relations`,
        type: (['national', 'regional', 'chapter'] as const)[i % 3],
        region: i % 3 === 1 ? ('East' as const) : null,
        chapter_id: i % 3 === 2 ? 1 : null,
        starts_at: new Date(now.getTime() + (i - 20) * 7 * day).toISOString(),
        ends_at: new Date(now.getTime() + (i - 20) * 7 * day + 7 * 3600_000).toISOString(),
        venue: 'Kolkata',
        online_url: null,
        ...describedAs('**A day of sessions** on the labour codes, with [registration](/natcon/register).'),
        cover_image_id: covers[i % covers.length]!.id,
        registration: 'none' as const,
        registration_url: null,
        attachments: '[]',
        status: 'published' as const,
        created_by: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await db
    .insertInto('albums')
    .values(
      Array.from({ length: ITEMS }, (_, i) => ({
        title: `Bench album ${i + 1}`,
        album_date: new Date(now.getTime() - i * 9 * day).toISOString().slice(0, 10),
        event_id: null,
        cover_image_id: covers[i % covers.length]!.id,
        description: '',
        status: 'published' as const,
        created_by: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

const livePages: BenchModule = {
  name: 'live-pages',
  async run() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-bench-live-'));
    const db = createDatabase({ url: `sqlite:${path.join(dataDir, 'nipm.sqlite')}` });
    await seed(db, dataDir);
    await db.destroy();
    const site = await startBuiltSite(PORT, { DATA_DIR: dataDir });
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const rows: Record<string, string | number>[] = [];
      const budgets: { what: string; met: boolean }[] = [];
      for (const page of ['/events', '/resources/gallery']) {
        const url = site.url + page;
        const weight = await javascriptWeight(url);
        const runs: LighthouseScores[] = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseScores(chrome.port, url));
        const scores = median(runs);
        rows.push({
          page,
          'JS gzip': `${(weight.gzip / 1024).toFixed(1)} KB`,
          performance: scores.performance,
          accessibility: scores.accessibility,
          'FCP ms': scores.fcp,
          'LCP ms': scores.lcp,
          'TBT ms': scores.tbt,
          CLS: scores.cls,
          'performance runs': runs.map((r) => r.performance).join('/'),
        });
        budgets.push(
          { what: `${page}: Lighthouse performance ≥ 95 (${scores.performance})`, met: scores.performance >= 95 },
          { what: `${page}: Lighthouse accessibility ≥ 95 (${scores.accessibility})`, met: scores.accessibility >= 95 },
        );
      }
      chrome.kill();
      for (const page of ['/events', '/about/code-of-ethics']) {
        const result = await autocannon({ url: site.url + page, connections: CONNECTIONS, duration: SECONDS });
        rows.push({
          page: `${page} under load (${CONNECTIONS} connections, ${SECONDS} s)`,
          'requests/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          errors: result.errors + result.non2xx,
        });
      }
      return { rows, budgets };
    } finally {
      chrome.kill();
      await site.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default livePages;
