/**
 * Unbounded request bodies (issue 7, item 3): the built server's resident memory while four
 * 100 MB bodies arrive at once, for each way in: the API (`POST /api/sessions`), Auth.js
 * (`POST /api/auth/callback/credentials`, which Astro serves) and a prerendered page
 * (`POST /auth/login`), each with a declared length and chunked (no length). Every body must be
 * refused (413, or 405 for the page) without being read into memory: the budget is a growth of
 * less than 20 MB over the memory of the warmed-up server.
 *
 * Alone: `npx tsx tests/bench/body-limits.ts` (needs `npm run build` first; BENCH_PORT).
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startBuiltSite } from './support/server';
import type { BenchModule, BenchReport } from './support/types';

const PORT = Number(process.env.BENCH_PORT ?? 4451);
const BODY_BYTES = 100 * 1024 * 1024;
const AT_ONCE = 4;
const BUDGET_GROWTH_MB = 20;
const CHUNK = Buffer.alloc(1024 * 1024, 'a');

interface Target {
  name: string;
  path: string;
  contentType: string;
  chunked: boolean;
}

const TARGETS: Target[] = [
  { name: 'API sign-in, declared length', path: '/api/sessions', contentType: 'application/json', chunked: false },
  { name: 'API sign-in, chunked', path: '/api/sessions', contentType: 'application/json', chunked: true },
  ...[false, true].map((chunked) => ({
    name: `Auth.js sign-in, ${chunked ? 'chunked' : 'declared length'}`,
    path: '/api/auth/callback/credentials',
    contentType: 'application/x-www-form-urlencoded',
    chunked,
  })),
  ...[false, true].map((chunked) => ({
    name: `prerendered page, ${chunked ? 'chunked' : 'declared length'}`,
    path: '/auth/login',
    contentType: 'application/x-www-form-urlencoded',
    chunked,
  })),
];

function rssMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Sends one large body, stopping as soon as the server answers; resolves to the status (0: no answer). */
function sendLarge(base: string, target: Target): Promise<number> {
  return new Promise((resolve) => {
    let status = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(status);
    };
    const headers: Record<string, string> = { 'content-type': target.contentType, origin: base };
    if (!target.chunked) headers['content-length'] = String(BODY_BYTES);
    const request = http.request(`${base}${target.path}`, { method: 'POST', headers }, (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => {
        request.destroy();
        finish();
      });
    });
    request.on('error', finish);
    request.on('close', finish);
    void (async () => {
      // Headers first: a server that judges the declared length answers before any body is sent,
      // and the answer is read before the connection it closes could reset the client's writes.
      request.flushHeaders();
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let sent = 0; sent < BODY_BYTES && !status && !request.destroyed; sent += CHUNK.length) {
        if (!request.write(CHUNK)) {
          await new Promise<void>((resume) => {
            const go = () => {
              request.off('drain', go);
              request.off('close', go);
              resume();
            };
            request.on('drain', go);
            request.on('close', go);
          });
        }
      }
      if (!request.destroyed) request.end();
    })();
  });
}

async function measure(base: string, pid: number, target: Target) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = Date.now();
  const statuses = await Promise.all(Array.from({ length: AT_ONCE }, () => sendLarge(base, target)));
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  return { statuses, peak, ms: Date.now() - started };
}

const bodyLimits: BenchModule = {
  name: 'body-limits',
  async run(): Promise<BenchReport> {
    const site = await startBuiltSite(PORT);
    try {
      // Warm up every path with small bodies, so that loading code is not counted as growth.
      for (const target of TARGETS) {
        for (let i = 0; i < 3; i++) {
          await fetch(`${site.url}${target.path}`, {
            method: 'POST',
            headers: { 'content-type': target.contentType, origin: site.url },
            body: target.contentType === 'application/json' ? '{"email":"a@b.c","password":"x"}' : 'a=b',
          });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rows: Record<string, string | number>[] = [];
      const budgets: BenchReport['budgets'] = [];
      for (const target of TARGETS) {
        const baseline = rssMb(site.pid);
        const { statuses, peak, ms } = await measure(site.url, site.pid, target);
        const growth = peak - baseline;
        rows.push({
          'four 100 MB bodies to': target.name,
          answers: statuses.join(' '),
          'RSS before (MB)': Number(baseline.toFixed(1)),
          'peak RSS (MB)': Number(peak.toFixed(1)),
          'growth (MB)': Number(growth.toFixed(1)),
          ms,
        });
        const refused = statuses.every((s) => s === 413 || s === 405);
        budgets.push({
          what: `${target.name}: every body refused (413/405), memory growth ${growth.toFixed(1)} MB < ${BUDGET_GROWTH_MB} MB`,
          met: refused && growth < BUDGET_GROWTH_MB,
        });
      }
      return { rows, budgets };
    } finally {
      await site.stop();
    }
  },
};

export default bodyLimits;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await bodyLimits.run();
  console.table(report.rows);
  for (const budget of report.budgets) console.log(`${budget.met ? 'met   ' : 'MISSED'} ${budget.what}`);
}
