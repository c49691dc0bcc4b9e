import type { Context } from 'hono';

export interface StoredFileAnswer {
  bytes: Uint8Array;
  contentType: string;
  /** The name the browser saves it under; only letters, digits, dot, dash and underscore survive. */
  filename: string;
  /** `attachment` (the default) for documents; `inline` for pictures shown on pages. */
  disposition?: 'attachment' | 'inline';
  /**
   * `private` (the default): for files only some callers may read, never kept by shared caches.
   * `public`: for published pictures, which never change under one key.
   */
  cache?: 'private' | 'public';
}

function safeFilename(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '');
  return cleaned.slice(0, 100) || 'file';
}

/**
 * Answers a stored file the one safe way: its checked type with `nosniff`, a download name, and a
 * sandboxing CSP so that even a file that slipped past the checks could run nothing if opened.
 */
export function storedFileResponse(c: Context, file: StoredFileAnswer): Response {
  const disposition = file.disposition ?? 'attachment';
  c.header('Content-Type', file.contentType);
  c.header('Content-Length', String(file.bytes.byteLength));
  c.header('Content-Disposition', `${disposition}; filename="${safeFilename(file.filename)}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'; sandbox");
  c.header('Cache-Control', file.cache === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-cache');
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
}
