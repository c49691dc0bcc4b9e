import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Serves built text files (pages, scripts, styles, SVG) compressed with Brotli or gzip when the
 * browser accepts it. Each file is compressed once and kept in memory (the built site is a few
 * hundred kilobytes), so a request costs no compression work after the first. A large file that
 * the build compressed ahead of time (`file.br` and `file.gz` beside it, as for Swagger UI) is
 * read as it is: compressing it here would stall every other request for seconds.
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

function isPrecompressed(file: string, mtimeMs: number): boolean {
  try {
    return statSync(file + '.br').mtimeMs >= mtimeMs && statSync(file + '.gz').mtimeMs >= mtimeMs;
  } catch {
    return false;
  }
}

function compress(raw: Buffer, mtimeMs: number): Compressed {
  return {
    mtimeMs,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

function compressedFile(file: string, mtimeMs: number): Compressed {
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const entry = isPrecompressed(file, mtimeMs)
    ? { mtimeMs, br: readFileSync(file + '.br'), gzip: readFileSync(file + '.gz') }
    : compress(readFileSync(file), mtimeMs);
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
