import { existsSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import send from 'send';
import { THROTTLE_PRUNE_INTERVAL_MS } from '../lib/constants';
import { ConfigError, env } from './platform/env';
import { closeDb, getDb } from './platform/db';
import { getApiApp } from './api';
import { JSON_BODY_LIMIT_BYTES } from './api/openapi';
import { CLIENT_ADDRESS_HEADER } from './http/client-address';
import { sendCompressed } from './http/compress';
import { AUTH_BASE_PATH } from './http/auth-routes';
import { isFetchableMethod, limitBody, methodNotAllowed } from './http/request-guards';
import { trackRequest } from './http/request-log';
import { applySecurityHeaders, builtScriptHashes, contentSecurityPolicy } from './http/security-headers';
import { beginShutdown } from './lifecycle';
import { flushLog, log } from './platform/log';
import { pruneThrottle } from './domains/identity/throttle';
import { DAILY_JOBS } from './jobs';
import { gatewayFrom } from './domains/money/gateway/config';
import { reconcileOpenOrders, RECONCILE_INTERVAL_MS } from './domains/money/gateway/reconcile';
import { startDailyJobs } from './platform/jobs/scheduler';
import { mailerFromConfig } from './platform/mail/mailer';
import { startImportJobs } from './domains/import/jobs';
import { storeFromConfig } from './platform/storage/configured';

/**
 * Production entry (built to dist/server/main.mjs): one HTTP server that sends /api/* (but
 * /api/auth/*, which is Auth.js inside Astro) straight to the Hono app, serves built files from
 * dist/client, and hands everything else to Astro's handler (@astrojs/node, middleware mode).
 */
type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.resolve(here, '../client');

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/auth/') && url !== '/api/auth';
}

/** The file under dist/client a path names (`/about` → about/index.html), if there is one. */
function staticFileFor(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const resolved = path.resolve(clientDir, '.' + path.posix.normalize(decoded));
  if (!resolved.startsWith(clientDir)) return undefined;
  for (const candidate of [resolved, path.join(resolved, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not there: try the next form.
    }
  }
  return undefined;
}

async function main(): Promise<void> {
  const config = env();
  const entry = path.join(here, 'entry.mjs');
  if (!existsSync(entry)) throw new ConfigError('The site is not built: run `npm run build` first.');
  const astro = (await import(entry)) as { handler: NodeHandler };
  const db = await getDb();
  const api = getRequestListener((await getApiApp()).fetch);
  // Expired throttle rows go (their refused attempts audited once); several servers may all run it.
  const pruning = setInterval(() => {
    pruneThrottle(db, new Date()).catch((err: unknown) => log().error({ err }, 'throttle pruning failed'));
  }, THROTTLE_PRUNE_INTERVAL_MS);
  pruning.unref();
  // Online orders whose webhook has not come are asked about; several servers may all run it.
  const gateway = gatewayFrom(config);
  const reconciling = gateway
    ? setInterval(() => {
        reconcileOpenOrders(db, gateway, new Date()).catch((err: unknown) =>
          log().error({ err }, 'gateway reconciliation failed'),
        );
      }, RECONCILE_INTERVAL_MS)
    : undefined;
  reconciling?.unref();

  const logger = log();
  const dailyJobs =
    config.DAILY_JOBS_AT === 'off'
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
  const importJobs = startImportJobs({
    db,
    storage: storeFromConfig(config),
    mailer: mailerFromConfig(config),
    siteUrl: config.SITE_URL,
    invitationsPerHour: config.IMPORT_INVITATIONS_PER_HOUR,
    logger,
  });
  const securityPolicy = contentSecurityPolicy(builtScriptHashes(here));
  const server = http.createServer(async (req, res) => {
    const url = req.url ?? '/';
    const urlPath = url.split('?')[0] ?? '/';
    trackRequest(req, res, logger);
    applySecurityHeaders(res, { https: config.SITE_URL.startsWith('https:'), policy: securityPolicy });
    // Auth.js sees only the request's headers: stamp the socket's address there (overwriting
    // whatever the client sent) so that sign-in throttling counts per client address.
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? 'unknown';
    if (isApiPath(urlPath)) {
      void api(req, res);
      return;
    }
    const readsFile = req.method === 'GET' || req.method === 'HEAD';
    const file = staticFileFor(urlPath);
    // Prerendered pages exist only as files: Astro would answer any other method with an empty 500.
    if (file && !readsFile) {
      methodNotAllowed(req, res, 'GET, HEAD');
      return;
    }
    if (file) {
      const relative = '/' + path.relative(clientDir, file).split(path.sep).join('/');
      // Hashed build assets never change; pages must be re-checked.
      const cacheControl = relative.startsWith('/_astro/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate';
      if (sendCompressed(req, res, file, cacheControl)) return;
      send(req, relative, { root: clientDir, index: false, dotfiles: 'deny' })
        .on('headers', (response: ServerResponse) => response.setHeader('Cache-Control', cacheControl))
        .on('error', () => astro.handler(req, res))
        .pipe(res);
      return;
    }
    if (!isFetchableMethod(req.method)) {
      methodNotAllowed(req, res, urlPath.startsWith(AUTH_BASE_PATH + '/') ? 'GET, POST' : 'GET, HEAD');
      return;
    }
    // Astro's pages and Auth.js read small forms only: nothing larger is read into memory.
    if (!(await limitBody(req, res, JSON_BODY_LIMIT_BYTES))) return;
    astro.handler(req, res);
  });

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
    const jobsStopped = Promise.all([dailyJobs?.stop(), importJobs.stop()]);
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

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`[nipm] ${error.message}`);
  } else {
    log().fatal({ err: error }, 'failed to start');
    flushLog();
  }
  process.exit(1);
});
