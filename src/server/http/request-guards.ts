import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiFailure } from '../../lib/envelope';

/**
 * Refusals the production entry answers itself, before a request reaches Astro: Astro answers an
 * empty 500 for a method its prerendered pages cannot serve, and reads a body whole, whatever its
 * size, before Auth.js looks at it.
 */

function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
) {
  // The body (if any) stays unread: close the connection rather than read it to reuse the socket.
  if (hasBody(req)) headers.Connection = 'close';
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** Methods the Fetch API refuses to build a Request for: handed to Astro they end in a 500. */
const NOT_FETCHABLE = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function isFetchableMethod(method: string | undefined): boolean {
  return !NOT_FETCHABLE.has((method ?? '').toUpperCase());
}

/** 405 for a method a static file does not serve (POST /, PUT /about, OPTIONS, TRACE...). */
export function methodNotAllowed(req: IncomingMessage, res: ServerResponse, allow: string): void {
  answer(req, res, 405, { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8' }, 'Method Not Allowed\n');
}

function payloadTooLarge(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const body: ApiFailure = {
    success: false,
    error: { code: 'payload_too_large', message: `The request is larger than ${Math.floor(limit / 1024)} KB.` },
  };
  answer(req, res, 413, { 'Content-Type': 'application/json' }, JSON.stringify(body));
}

/**
 * Lets a request on to Astro only with a body of at most `limit` bytes: a declared length over the
 * limit is refused at once (413, nothing read); a body without a declared length (chunked) is read
 * up to the limit and handed on from memory, or refused as soon as it passes the limit. Resolves
 * false when it has answered.
 */
export function limitBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<boolean> {
  if (req.method === 'GET' || req.method === 'HEAD') return Promise.resolve(true);
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    if (!/^\d+$/.test(declared) || Number(declared) > limit) {
      payloadTooLarge(req, res, limit);
      return Promise.resolve(false);
    }
    return Promise.resolve(true);
  }
  if (req.headers['transfer-encoding'] === undefined) return Promise.resolve(true);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      payloadTooLarge(req, res, limit);
      resolve(false);
    };
    const onEnd = () => {
      // Astro takes an async iterable in `req.body` instead of reading the (now spent) stream.
      (req as IncomingMessage & { body?: AsyncIterable<Buffer> }).body = (async function* () {
        yield* chunks;
      })();
      resolve(true);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => resolve(false));
  });
}
