import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltSite } from './support/server';
import { dataDirWithTicker } from './support/ticker-data';
import type { BenchModule } from './support/types';

/**
 * Page weight and Lighthouse for the home page and one content page, on the built site in
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), Lighthouse's mobile profile.
 * JavaScript counts every script the page loads before any interaction: inline scripts, module
 * scripts and island modules with their static imports. Code loaded only on demand (the sign-out
 * client, loaded when a signed-in visitor logs out) is listed apart.
 */
const PAGES = [
  { label: 'home', path: '/' },
  { label: 'content page', path: '/about/code-of-ethics' },
];
const PORT = Number(process.env.BENCH_PORT ?? 4451);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const JS_BUDGET_GZIP_BYTES = 80 * 1024;

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;

interface Weight {
  files: number;
  raw: number;
  gzip: number;
  lazyGzip: number;
}

const gzipLength = (text: string) => gzipSync(text).length;

async function javascriptWeight(pageUrl: string): Promise<Weight> {
  const html = await (await fetch(pageUrl)).text();
  const weight: Weight = { files: 0, raw: 0, gzip: 0, lazyGzip: 0 };
  const pending: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\bsrc=/.test(attributes!) && body!.trim()) {
      weight.raw += Buffer.byteLength(body!);
      weight.gzip += gzipLength(body!);
      for (const [, spec] of body!.matchAll(STATIC_IMPORT)) pending.push(new URL(spec!, pageUrl).href);
    }
  }
  for (const [, url] of html.matchAll(/\b(?:src|component-url|renderer-url|before-hydration-url)="([^"]+\.m?js)"/g))
    pending.push(new URL(url!, pageUrl).href);

  const seen = new Set<string>();
  const lazy = new Set<string>();
  while (pending.length) {
    const url = pending.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await (await fetch(url)).text();
    weight.files += 1;
    weight.raw += Buffer.byteLength(code);
    weight.gzip += gzipLength(code);
    for (const [, spec] of code.matchAll(STATIC_IMPORT)) pending.push(new URL(spec!, url).href);
    for (const [, spec] of code.matchAll(DYNAMIC_IMPORT)) lazy.add(new URL(spec!, url).href);
  }
  for (const url of lazy) if (!seen.has(url)) weight.lazyGzip += gzipLength(await (await fetch(url)).text());
  return weight;
}

interface LighthouseScores {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouseScores(port: number, url: string): Promise<LighthouseScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const lhr = result!.lhr;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: Math.round(value('first-contentful-paint')),
    lcp: Math.round(value('largest-contentful-paint')),
    tbt: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
  };
}

/** The run with the median performance score, so one noisy run neither flatters nor sinks a page. */
function median(runs: LighthouseScores[]): LighthouseScores {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB (${bytes} B)`;

const pageWeight: BenchModule = {
  name: 'page-weight',
  async run() {
    const ticker = await dataDirWithTicker();
    const site = await startBuiltSite(PORT, { DATA_DIR: ticker.dataDir });
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const rows: Record<string, string | number>[] = [];
      const budgets: { what: string; met: boolean }[] = [];
      for (const page of PAGES) {
        const url = site.url + page.path;
        const weight = await javascriptWeight(url);
        const runs: LighthouseScores[] = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseScores(chrome.port, url));
        const scores = median(runs);
        rows.push({
          page: `${page.label} (${page.path})`,
          'JS files': weight.files,
          'JS raw': kb(weight.raw),
          'JS gzip': kb(weight.gzip),
          'on demand (gzip)': kb(weight.lazyGzip),
          performance: scores.performance,
          accessibility: scores.accessibility,
          'FCP ms': scores.fcp,
          'LCP ms': scores.lcp,
          'TBT ms': scores.tbt,
          CLS: scores.cls,
          'performance runs': runs.map((r) => r.performance).join('/'),
        });
        budgets.push(
          {
            what: `${page.path}: JavaScript ≤ 80 KB gzipped (${kb(weight.gzip)})`,
            met: weight.gzip <= JS_BUDGET_GZIP_BYTES,
          },
          { what: `${page.path}: Lighthouse performance 100 (${scores.performance})`, met: scores.performance === 100 },
          {
            what: `${page.path}: CLS 0 with ${ticker.messages} ticker messages (${scores.cls})`,
            met: scores.cls === 0,
          },
          {
            what: `${page.path}: Lighthouse accessibility 100 (${scores.accessibility})`,
            met: scores.accessibility === 100,
          },
        );
      }
      return { rows, budgets };
    } finally {
      chrome.kill();
      await site.stop();
      rmSync(ticker.dataDir, { recursive: true, force: true });
    }
  },
};

export default pageWeight;
