import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { Kysely } from 'kysely';
import { THROTTLE_PRUNE_INTERVAL_MS } from '../lib/constants';
import { ConfigError, env } from './platform/env';
import { closeDb, configuredDatabaseUrl, createDatabase, getDb, migrateToLatest } from './platform/db';
import { getApiApp } from './api';
import { JSON_BODY_LIMIT_BYTES } from './api/openapi';
import { forgetLivePages } from './http/live-pages';
import { builtScriptHashes, contentSecurityPolicy } from './http/security-headers';
import { createSiteHandler, type NodeHandler } from './http/site-handler';
import { beginShutdown } from './lifecycle';
import { flushLog, log } from './platform/log';
import { onChange } from './platform/changes';
import { runPrimary, WORKER_INDEX_ENV } from './platform/cluster';
import { pruneThrottle } from './domains/identity/throttle';
import { DAILY_JOBS } from './jobs';
import { gatewayFrom } from './domains/money/gateway/config';
import { reconcileOpenOrders, RECONCILE_INTERVAL_MS } from './domains/money/gateway/reconcile';
import { startDailyJobs } from './platform/jobs/scheduler';
import { mailerFromConfig } from './platform/mail/mailer';
import { startImportJobs } from './domains/import/jobs';
import { storeFromConfig } from './platform/storage/configured';

/**
 * Production entry (built to dist/server/main.mjs). With WEB_CONCURRENCY above 1 (by default, one
 * per core) this process is the cluster's primary (`platform/cluster.ts`) and each worker runs the
 * server below; with 1 it is the server itself. The server sends /api/* to the Hono app, serves
 * built files and kept live pages, and hands everything else to Astro (`http/site-handler.ts`).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.resolve(here, '../client');

/** Worker 0 (or the only process) runs the daily and import jobs, throttle pruning and reconciliation. */
function runsMachineJobs(): boolean {
  return !cluster.isWorker || process.env[WORKER_INDEX_ENV] === '0';
}

/** Astro's built handler; a site that is not built is refused before any worker starts. */
function builtSiteEntry(): string {
  const entry = path.join(here, 'entry.mjs');
  if (!existsSync(entry)) throw new ConfigError('The site is not built: run `npm run build` first.');
  return entry;
}

async function serve(): Promise<void> {
  const config = env();
  const entry = builtSiteEntry();
  const astro = (await import(entry)) as { handler: NodeHandler };
  const db = await getDb();
  const api = getRequestListener((await getApiApp()).fetch);
  const logger = log();
  onChange('public-pages', forgetLivePages);
  const machineJobs = runsMachineJobs();
  // Expired throttle rows go (their refused attempts audited once); several servers may all run it.
  const pruning = machineJobs
    ? setInterval(() => {
        pruneThrottle(db, new Date()).catch((err: unknown) => log().error({ err }, 'throttle pruning failed'));
      }, THROTTLE_PRUNE_INTERVAL_MS)
    : undefined;
  pruning?.unref();
  // Online orders whose webhook has not come are asked about; several servers may all run it.
  const gateway = gatewayFrom(config);
  const reconciling =
    gateway && machineJobs
      ? setInterval(() => {
          reconcileOpenOrders(db, gateway, new Date()).catch((err: unknown) =>
            log().error({ err }, 'gateway reconciliation failed'),
          );
        }, RECONCILE_INTERVAL_MS)
      : undefined;
  reconciling?.unref();

  const dailyJobs =
    config.DAILY_JOBS_AT === 'off' || !machineJobs
      ? undefined
      : startDailyJobs({
          at: config.DAILY_JOBS_AT,
          jobs: DAILY_JOBS,
          context: {
            db,
            mailer: mailerFromConfig(config),
            siteUrl: config.SITE_URL,
          },
          logger,
        });
  // Worker 0 only: invitations go out at the hourly rate per process that runs them.
  const importJobs = machineJobs
    ? startImportJobs({
        db,
        storage: storeFromConfig(config),
        mailer: mailerFromConfig(config),
        siteUrl: config.SITE_URL,
        invitationsPerHour: config.IMPORT_INVITATIONS_PER_HOUR,
        logger,
      })
    : undefined;
  const server = http.createServer(
    createSiteHandler({
      clientDir,
      astro: astro.handler,
      api,
      logger,
      requestLog: { slowMs: config.LOG_SLOW_MS, sampleEvery: config.LOG_SAMPLE_EVERY },
      https: config.SITE_URL.startsWith('https:'),
      contentSecurityPolicy: contentSecurityPolicy(builtScriptHashes(here)),
      formBodyLimit: JSON_BODY_LIMIT_BYTES,
    }),
  );

  server.listen(config.PORT, config.HOST, () => {
    logger.info({ host: config.HOST, port: config.PORT }, `listening on http://${config.HOST}:${config.PORT}`);
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    beginShutdown();
    clearInterval(pruning);
    clearInterval(reconciling);
    // No run starts from here; one in progress ends after its batch, before the pool closes.
    const jobsStopped = Promise.all([dailyJobs?.stop(), importJobs?.stop()]);
    logger.info({ signal }, 'shutting down: finishing the requests in flight');
    // No new connections from here; requests in flight run to their end. A kept-alive connection
    // is closed as soon as it is idle, so a client cannot hold the process open.
    server.close(() => {
      clearInterval(idleSweep);
      void jobsStopped
        .then(() => closeDb())
        .then(() => logger.info('stopped: every request answered, database closed'))
        .catch((err: unknown) => logger.error({ err }, 'closing the database failed'))
        .finally(() => {
          flushLog();
          process.exit(0);
        });
    });
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    setTimeout(() => {
      logger.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'requests still running at the shutdown deadline');
      server.closeAllConnections();
      flushLog();
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/**
 * The cluster's primary: migrates the database once (the workers then find nothing to do, instead
 * of racing for the migration lock), then starts the workers.
 */
async function startCluster(workers: number): Promise<void> {
  const db = createDatabase({ url: configuredDatabaseUrl(), poolSize: 1 });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } finally {
    await db.destroy();
  }
  const logger = log();
  const { ready } = runPrimary({
    workers,
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
  return workers > 1 ? startCluster(workers) : serve();
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
