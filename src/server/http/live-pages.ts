import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The live public pages (events, gallery, publications) at the speed of a built page: the last
 * answer Astro gave for each address and encoding is kept, whole and compressed, and the production
 * server sends it again for LIVE_PAGE_SECONDS without handing the request to Astro at all (then, while
 * one request renders it again, for at most as long again). A change
 * of content drops every kept answer at once, in every worker (`forgetLivePages`, on the
 * `public-pages` announcement); the short life bounds what a change made elsewhere (another server
 * of the site, the command line) or the passing of time (an event moving to the past) can hide.
 * Browsers keep a page for `PUBLIC_PAGE_MAX_AGE_SECONDS` on top: together within a minute.
 */
export const LIVE_PAGE_SECONDS = 5;

export type Encoding = 'br' | 'gzip' | 'identity';

interface LiveAnswer {
  keptAt: number;
  /** When one request was let through to render the page again (the others get this copy meanwhile). */
  refreshingSince?: number;
  etag: string;
  headers: [string, string][];
  body: Uint8Array;
}

interface LiveStore {
  answers: Map<string, LiveAnswer>;
  /** Counts the changes heard: an answer rendered before the latest one is not kept. */
  generation: number;
}

const MAX_ANSWERS = 500;

// The Astro bundle keeps answers, the production entry sends them: two module graphs, one store.
const store: LiveStore = ((globalThis as Record<string, unknown>).__nipmLivePages ??= {
  answers: new Map(),
  generation: 0,
}) as LiveStore;

export function encodingOf(acceptEncoding: string | null | undefined): Encoding {
  const accepts = acceptEncoding ?? '';
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
}

function keyOf(pathAndQuery: string, encoding: Encoding): string {
  return `${pathAndQuery}|${encoding}`;
}

/** The changes heard so far: taken when a render starts, handed to `keepLiveAnswer` when it ends. */
export function livePagesGeneration(): number {
  return store.generation;
}

/** Drops every kept answer (content changed). */
export function forgetLivePages(): void {
  store.generation += 1;
  store.answers.clear();
}

/**
 * Keeps a live page's finished answer (status 200, public, compressed as `encoding`), unless the
 * content changed while it was rendered (`generation` is older than the store's).
 */
export function keepLiveAnswer(
  pathAndQuery: string,
  encoding: Encoding,
  headers: Headers,
  body: Uint8Array,
  generation: number,
  now = Date.now(),
): void {
  const etag = headers.get('etag');
  if (!etag || generation !== store.generation || headers.has('set-cookie')) return;
  if (store.answers.size >= MAX_ANSWERS) store.answers.clear();
  store.answers.set(keyOf(pathAndQuery, encoding), { keptAt: now, etag, headers: [...headers], body });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * Sends the kept answer for this GET or HEAD request, if there is a fresh one: the page, or a 304
 * when the browser's copy has its ETag. False: nothing kept, hand the request on.
 */
export function sendLiveAnswer(req: IncomingMessage, res: ServerResponse, now = Date.now()): boolean {
  if (store.answers.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const encoding = encodingOf(req.headers['accept-encoding']);
  const answer = store.answers.get(keyOf(req.url ?? '/', encoding));
  if (!answer) return false;
  const life = LIVE_PAGE_SECONDS * 1000;
  if (now - answer.keptAt >= life) {
    // Past its life: one request renders the page again while the others still get this copy (at
    // most another life), rather than every request of the moment rendering it at once.
    if (now - answer.keptAt >= 2 * life) {
      store.answers.delete(keyOf(req.url ?? '/', encoding));
      return false;
    }
    if (answer.refreshingSince === undefined || now - answer.refreshingSince >= life) {
      answer.refreshingSince = now;
      return false;
    }
  }
  if (matches(req.headers['if-none-match'], answer.etag)) {
    for (const [name, value] of answer.headers) {
      if (name === 'etag' || name === 'cache-control' || name === 'vary') res.setHeader(name, value);
    }
    res.writeHead(304);
    res.end();
    return true;
  }
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
  return true;
}
