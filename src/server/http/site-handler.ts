import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import send from 'send';
import type { Logger } from '../platform/log';
import { AUTH_BASE_PATH } from './auth-routes';
import { CLIENT_ADDRESS_HEADER } from './client-address';
import { sendCompressed } from './compress';
import { sendLiveAnswer } from './live-pages';
import { createRequestLog, type RequestLogPolicy } from './request-log';
import { isFetchableMethod, limitBody, methodNotAllowed } from './request-guards';
import { securityHeadersFor } from './security-headers';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export interface SiteHandlerOptions {
  /** The built site's files (dist/client). */
  clientDir: string;
  /** Astro's handler (@astrojs/node, middleware mode): pages rendered on request, Auth.js. */
  astro: NodeHandler;
  /** The API app as a node listener. */
  api: NodeHandler;
  logger: Logger;
  requestLog: RequestLogPolicy;
  https: boolean;
  /** The Content-Security-Policy every answer carries. */
  contentSecurityPolicy: string;
  /** Largest body Astro's pages and Auth.js may be sent. */
  formBodyLimit: number;
}

function isApiPath(urlPath: string): boolean {
  return urlPath.startsWith('/api/') && !urlPath.startsWith('/api/auth/') && urlPath !== '/api/auth';
}

/**
 * The file under `clientDir` a path names (`/about` → about/index.html), if there is one. The built
 * files do not change while the server runs: each path's answer is remembered, as looking it up
 * (two failed `stat` calls for a page rendered on request) cost every such request.
 */
function staticFiles(clientDir: string): (urlPath: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  const find = (urlPath: string) => {
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
  };
  return (urlPath) => {
    if (known.has(urlPath)) return known.get(urlPath);
    const file = find(urlPath);
    // Bounded: arbitrary paths from the internet must not grow it without end.
    if (known.size >= 10_000) known.clear();
    known.set(urlPath, file);
    return file;
  };
}

/**
 * The production server's request handler: /api/* (but /api/auth/*, which is Auth.js inside Astro)
 * straight to the Hono app, kept answers of the live public pages, built files from `clientDir`,
 * and everything else to Astro. Everything built once per server is built here, not per request.
 */
export function createSiteHandler(options: SiteHandlerOptions) {
  const { clientDir, astro, api } = options;
  const trackRequest = createRequestLog(options.logger, options.requestLog);
  const securityHeaders = securityHeadersFor({ https: options.https, policy: options.contentSecurityPolicy });
  const staticFileFor = staticFiles(clientDir);

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const question = url.indexOf('?');
    const urlPath = question < 0 ? url : url.slice(0, question);
    trackRequest(req, res);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    // Auth.js sees only the request's headers: stamp the socket's address there (overwriting
    // whatever the client sent) so that sign-in throttling counts per client address.
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? 'unknown';
    if (isApiPath(urlPath)) {
      api(req, res);
      return;
    }
    if (sendLiveAnswer(req, res)) return;
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
        .on('error', () => astro(req, res))
        .pipe(res);
      return;
    }
    if (!isFetchableMethod(req.method)) {
      methodNotAllowed(req, res, urlPath.startsWith(AUTH_BASE_PATH + '/') ? 'GET, POST' : 'GET, HEAD');
      return;
    }
    // Astro's pages and Auth.js read small forms only: nothing larger is read into memory.
    if (!(await limitBody(req, res, options.formBodyLimit))) return;
    astro(req, res);
  };
}
