import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { ConfigError, env } from './platform/env';
import { configuredDatabaseUrl, createDatabase, migrateToLatest } from './platform/db';
import { flushLog, log } from './platform/log';
import { runPrimary, type WorkerProcessOptions } from './platform/cluster';

/**
 * Production entry (built to dist/server/main.mjs). With WEB_CONCURRENCY above 1 (by default, one
 * per core) this process is the cluster's primary (`platform/cluster.ts`) and each worker loads and
 * runs the site's server (`site-server.ts`, built to its own file); with 1 it is the server itself.
 * The primary imports only what it needs to migrate and fork: the site's packages (Astro, the API,
 * PDF and spreadsheet libraries) would cost it as much memory as a worker for nothing.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
/** Built, the server sits beside this file as `site-server.mjs`; run from source (tsx), as `.ts`. */
const siteServerModule = import.meta.url.endsWith('.mjs') ? './site-server.mjs' : './site-server.ts';

/** Astro's built handler; a site that is not built is refused before any worker starts. */
function builtSiteEntry(): string {
  const entry = path.join(here, 'entry.mjs');
  if (!existsSync(entry)) throw new ConfigError('The site is not built: run `npm run build` first.');
  return entry;
}

async function serve(): Promise<void> {
  const { serve: serveSite } = (await import(siteServerModule)) as { serve(entry: string): Promise<void> };
  return serveSite(builtSiteEntry());
}

/**
 * The cluster's primary: migrates the database once (the workers then find nothing to do, instead
 * of racing for the migration lock), then starts the workers.
 */
/**
 * How each worker process starts: the memory settings of `WORKER_SEMI_SPACE_MB`,
 * `WORKER_HEAP_GROWING_PERCENT` and `WORKER_MALLOC_ARENAS`.
 */
function workerProcess(config: ReturnType<typeof env>): WorkerProcessOptions {
  const inherited = process.env.MALLOC_ARENA_MAX;
  return {
    nodeArgs: [
      ...(config.WORKER_SEMI_SPACE_MB ? [`--max-semi-space-size=${config.WORKER_SEMI_SPACE_MB}`] : []),
      ...(config.WORKER_HEAP_GROWING_PERCENT ? [`--heap-growing-percent=${config.WORKER_HEAP_GROWING_PERCENT}`] : []),
    ],
    // An operator's own MALLOC_ARENA_MAX wins: it is read by the C library before any of our code runs.
    env: config.WORKER_MALLOC_ARENAS && !inherited ? { MALLOC_ARENA_MAX: String(config.WORKER_MALLOC_ARENAS) } : {},
  };
}

async function startCluster(workers: number, worker: WorkerProcessOptions): Promise<void> {
  const db = createDatabase({ url: configuredDatabaseUrl(), poolSize: 1 });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } finally {
    await db.destroy();
  }
  const logger = log();
  const { ready } = runPrimary({
    workers,
    worker,
    logger,
    exit: (code) => {
      flushLog();
      process.exit(code);
    },
  });
  await ready;
  logger.info({ workers }, `${workers} workers listening`);
}

async function main(): Promise<void> {
  if (cluster.isWorker) return serve();
  // Read (and in development, the secret generated) once, before any worker starts.
  const config = env();
  // Checked here too: every worker would die on it at start, and the primary would replace them forever.
  builtSiteEntry();
  const workers = config.WEB_CONCURRENCY ?? os.availableParallelism();
  return workers > 1 ? startCluster(workers, workerProcess(config)) : serve();
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`[nipm] ${error.message}`);
  } else {
    log().fatal({ err: error }, 'failed to start');
    flushLog();
  }
  process.exit(1);
});
