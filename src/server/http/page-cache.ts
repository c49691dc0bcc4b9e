import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { APP_VERSION } from '../version';

/**
 * Public pages that show the database's content are rendered on request and kept by browsers and
 * proxies for a minute (`PUBLIC_PAGE_MAX_AGE_SECONDS`), so a publication shows within a minute
 * without a rebuild. The ETag is a hash of the data the page shows (and the site's version), so a
 * revalidation that finds nothing changed is a 304 without rendering.
 */
export const PUBLIC_PAGE_MAX_AGE_SECONDS = 60;

export function etagOf(data: unknown): string {
  const hash = createHash('sha1').update(APP_VERSION).update(JSON.stringify(data)).digest('base64url');
  return `W/"${hash.slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * Sets the caching headers of a live public page on `headers`; answers the 304 to send instead of
 * rendering when the browser's copy is current, else null.
 */
export function cachePublicPage(request: Request, headers: Headers, data: unknown): Response | null {
  const etag = etagOf(data);
  headers.set('Cache-Control', `public, max-age=${PUBLIC_PAGE_MAX_AGE_SECONDS}`);
  headers.set('ETag', etag);
  headers.append('Vary', 'Accept-Encoding');
  if (!matches(request.headers.get('if-none-match'), etag)) return null;
  return new Response(null, { status: 304, headers });
}

/**
 * Compresses a live public page (Brotli, else gzip) as the production server does the built
 * pages: uncompressed, the inlined styles cost the mobile Lighthouse profile several points.
 */
export async function compressPublicPage(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const cache = response.headers.get('cache-control') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html') || !cache.startsWith('public')) return response;
  if (response.headers.has('content-encoding')) return response;
  const accepts = request.headers.get('accept-encoding') ?? '';
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  if (!encoding) return response;
  const raw = Buffer.from(await response.arrayBuffer());
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(raw, { level: 6 });
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body, { status: 200, headers });
}
