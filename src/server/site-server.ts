import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { THROTTLE_PRUNE_INTERVAL_MS } from '../lib/constants';
import { env } from './platform/env';
import { closeDb, getDb } from './platform/db';
import { getApiApp } from './api';
import { JSON_BODY_LIMIT_BYTES } from './api/openapi';
import { forgetLivePages } from './http/live-pages';
import { builtScriptHashes, contentSecurityPolicy } from './http/security-headers';
import { createSiteHandler, type NodeHandler } from './http/site-handler';
import { beginShutdown } from './lifecycle';
import { flushLog, log } from './platform/log';
import { onChange } from './platform/changes';
import { WORKER_INDEX_ENV } from './platform/cluster';
import { pruneThrottle } from './domains/identity/throttle';
import { DAILY_JOBS, FREQUENT_JOBS } from './jobs';
import { gatewayFrom } from './domains/money/gateway/config';
import { reconcileOpenOrders, RECONCILE_INTERVAL_MS } from './domains/money/gateway/reconcile';
import { payerTeller } from './domains/money/decision-mail';
import { startDailyJobs } from './platform/jobs/scheduler';
import { mailerFromConfig } from './platform/mail/mailer';
import { startImportJobs } from './domains/import/jobs';
import { storeFromConfig } from './platform/storage/configured';

/**
 * The site's HTTP server, one per worker (or the only process): /api/* to the Hono app, built files
 * and kept live pages served directly, everything else to Astro (`http/site-handler.ts`). Loaded by
 * the production entry (`main.ts`) only in the processes that serve, so the cluster's primary never
 * holds the site's packages in memory.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.resolve(here, '../client');

/** Worker 0 (or the only process) runs the daily and import jobs, throttle pruning and reconciliation. */
function runsMachineJobs(): boolean {
  return !cluster.isWorker || process.env[WORKER_INDEX_ENV] === '0';
}

export async function serve(entry: string): Promise<void> {
  const config = env();
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
  const tellPayers = payerTeller(db, mailerFromConfig(config), config.SITE_URL);
  const reconciling =
    gateway && machineJobs
      ? setInterval(() => {
          reconcileOpenOrders(db, gateway, new Date(), tellPayers).catch((err: unknown) =>
            log().error({ err }, 'gateway reconciliation failed'),
          );
        }, RECONCILE_INTERVAL_MS)
      : undefined;
  reconciling?.unref();
  // NATCON holds and the like, every minute or so; several servers may all run them.
  const frequentJobs = machineJobs
    ? FREQUENT_JOBS.map((job) => {
        const context = {
          db,
          mailer: mailerFromConfig(config),
          siteUrl: config.SITE_URL,
          storage: storeFromConfig(config),
        };
        let running = false;
        const timer = setInterval(() => {
          // A run that outlasts the interval is not overlapped by the next on this server.
          if (running) return;
          running = true;
          job
            .run(context, new Date())
            .catch((err: unknown) => log().error({ err, job: job.name }, `job ${job.name} failed`))
            .finally(() => {
              running = false;
            });
        }, job.everyMs);
        timer.unref();
        return timer;
      })
    : [];

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
    for (const timer of frequentJobs) clearInterval(timer);
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
