import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Serves built text files (pages, scripts, styles, SVG) compressed with Brotli or gzip when the
 * browser accepts it. Each file is compressed once and kept in memory (the built site is a few
 * hundred kilobytes), so a request costs no compression work after the first.
 */
const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

interface Compressed {
  mtimeMs: number;
  br: Buffer;
  gzip: Buffer;
}

const cache = new Map<string, Compressed>();

function compressedFile(file: string, mtimeMs: number): Compressed {
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const raw = readFileSync(file);
  const entry = {
    mtimeMs,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
  cache.set(file, entry);
  return entry;
}

/** Answers with a compressed copy of `file` and returns true, or returns false to let the caller send it as is. */
export function sendCompressed(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): boolean {
  const type = TEXT_TYPES[path.extname(file)];
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!type || !encoding) return false;
  const stats = statSync(file);
  const body = compressedFile(file, stats.mtimeMs)[encoding];
  const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}-${encoding}"`;
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', stats.mtime.toUTCString());
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
