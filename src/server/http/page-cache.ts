import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { APP_VERSION } from '../platform/version';

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

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: Request): Encoding {
  const accepts = request.headers.get('accept-encoding') ?? '';
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
}

/**
 * The last rendered (and compressed) copy of each live page and encoding, with the ETag of the data
 * it shows: while the data is unchanged a request costs the page's queries and a hash, not a render.
 * A cache only: every server fills its own, and a change of data changes the ETag.
 */
const rendered = new Map<string, { etag: string; body: Uint8Array; type: string }>();
const RENDERED_PAGES_MAX = 500;

function renderedKey(request: Request, encoding: Encoding): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}|${encoding}`;
}

/** Marks an answer made from a kept copy, so `compressPublicPage` passes it through untouched. */
const COPY_HEADER = 'x-nipm-page-copy';

/**
 * What each live page last showed, with the content version it was read at and the moment it
 * stops holding (an upcoming event becoming past reorders a list): while both hold, a request is
 * answered from here (304, the rendered copy, or the data to render) without querying the data again.
 */
interface KeptPage {
  version: string;
  validUntil: number;
  etag: string;
  data: unknown;
}
const keptPages = new Map<string, KeptPage>();

function answerFor(request: Request, headers: Headers, etag: string): Response | null {
  headers.set('Cache-Control', `public, max-age=${PUBLIC_PAGE_MAX_AGE_SECONDS}`);
  headers.set('ETag', etag);
  headers.append('Vary', 'Accept-Encoding');
  if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const encoding = encodingFor(request);
  const copy = rendered.get(renderedKey(request, encoding));
  if (!copy || copy.etag !== etag) return null;
  const answer = new Headers(headers);
  answer.set('Content-Type', copy.type);
  answer.set('Content-Length', String(copy.body.byteLength));
  answer.set(COPY_HEADER, '1');
  if (encoding !== 'identity') answer.set('Content-Encoding', encoding);
  return new Response(copy.body as Uint8Array<ArrayBuffer>, { status: 200, headers: answer });
}

/**
 * Sets the caching headers of a live public page on `headers`, and answers what to send without
 * rendering: a 304 when the browser's copy is current, the copy already rendered for this data, or
 * null (render the page). With `freshness` the data is kept for `keptPublicPage` while the content
 * version is unchanged and until `validUntil` (epoch ms).
 */
export function cachePublicPage(
  request: Request,
  headers: Headers,
  data: unknown,
  freshness?: { version: string; validUntil: number },
): Response | null {
  const etag = etagOf(data);
  if (freshness) {
    if (keptPages.size >= RENDERED_PAGES_MAX) keptPages.clear();
    const url = new URL(request.url);
    keptPages.set(`${url.pathname}${url.search}`, { ...freshness, etag, data });
  }
  return answerFor(request, headers, etag);
}

/**
 * Answers a live page from what was kept for its address, before any of its data is read, when
 * the content `version` (one cheap query) is the one it was kept at and `now` is before it stops
 * holding: a 304, the rendered copy, or the data to render; null to load the page as usual.
 */
export function keptPublicPage<T>(
  request: Request,
  headers: Headers,
  version: string,
  now: number,
): { response: Response } | { data: T } | null {
  const url = new URL(request.url);
  const kept = keptPages.get(`${url.pathname}${url.search}`);
  if (!kept || kept.version !== version || now >= kept.validUntil) return null;
  const response = answerFor(request, headers, kept.etag);
  return response ? { response } : { data: kept.data as T };
}

/**
 * Compresses a live public page (Brotli, else gzip) as the production server does the built
 * pages: uncompressed, the inlined styles cost the mobile Lighthouse profile several points.
 */
export async function compressPublicPage(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const cache = response.headers.get('cache-control') ?? '';
  if (response.headers.has(COPY_HEADER)) {
    response.headers.delete(COPY_HEADER);
    return response;
  }
  if (response.status !== 200 || !type.startsWith('text/html') || !cache.startsWith('public')) return response;
  if (response.headers.has('content-encoding')) return response;
  const encoding = encodingFor(request);
  const raw = Buffer.from(await response.arrayBuffer());
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(raw, { level: 6 })
        : raw;
  const etag = response.headers.get('etag');
  if (etag) {
    if (rendered.size >= RENDERED_PAGES_MAX) rendered.clear();
    rendered.set(renderedKey(request, encoding), { etag, body: new Uint8Array(body), type });
  }
  const headers = new Headers(response.headers);
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(new Uint8Array(body), { status: 200, headers });
}
