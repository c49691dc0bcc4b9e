import { existsSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import send from 'send';
import { ConfigError, env } from './env';
import { closeDb, getDb } from './db';
import { getApiApp } from './api';
import { sendCompressed } from './http/compress';
import { applySecurityHeaders } from './http/security-headers';
import { CLIENT_ADDRESS_HEADER } from './api/context';

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
  await getDb();
  const api = getRequestListener((await getApiApp()).fetch);

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const urlPath = url.split('?')[0] ?? '/';
    applySecurityHeaders(res, { https: config.SITE_URL.startsWith('https:') });
    // Auth.js sees only the request's headers: stamp the socket's address there (overwriting
    // whatever the client sent) so that sign-in throttling counts per client address.
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? 'unknown';
    if (isApiPath(urlPath)) {
      void api(req, res);
      return;
    }
    const file = (req.method === 'GET' || req.method === 'HEAD') && staticFileFor(urlPath);
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
    astro.handler(req, res);
  });

  server.listen(config.PORT, config.HOST, () => {
    console.log(`[nipm] listening on http://${config.HOST}:${config.PORT}`);
  });

  const shutdown = () => {
    server.close(() => void closeDb().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`[nipm] ${error.message}`);
  } else {
    console.error('[nipm] failed to start', error);
  }
  process.exit(1);
});
