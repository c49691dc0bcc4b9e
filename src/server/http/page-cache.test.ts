import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachePublicPage, compressPublicPage, etagOf, keptPublicPage } from './page-cache';

describe('caching live public pages', () => {
  it('sets a minute of public caching and an ETag of the data, and answers 304 when it matches', () => {
    const headers = new Headers();
    const request = new Request('http://x/events');
    expect(cachePublicPage(request, headers, { items: [1] })).toBeNull();
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const etag = headers.get('etag')!;
    expect(etag).toBe(etagOf({ items: [1] }));
    expect(etagOf({ items: [2] })).not.toBe(etag);

    const again = new Request('http://x/events', { headers: { 'if-none-match': `"other", ${etag.slice(2)}` } });
    expect(cachePublicPage(again, new Headers(), { items: [1] })?.status).toBe(304);
    const changed = new Request('http://x/events', { headers: { 'if-none-match': etag } });
    expect(cachePublicPage(changed, new Headers(), { items: [1, 2] })).toBeNull();
  });

  it('compresses a public HTML page for a browser that takes Brotli, and leaves private pages alone', async () => {
    const html = '<!doctype html><p>' + 'events '.repeat(500) + '</p>';
    const page = () =>
      new Response(html, { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' } });
    const request = new Request('http://x/events', { headers: { 'accept-encoding': 'gzip, br' } });
    const compressed = await compressPublicPage(request, page());
    expect(compressed.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await compressed.arrayBuffer());
    expect(body.length).toBeLessThan(html.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(html);

    const portal = new Response(html, {
      headers: { 'content-type': 'text/html', 'cache-control': 'private, no-store' },
    });
    expect((await compressPublicPage(request, portal)).headers.get('content-encoding')).toBeNull();
    const plain = new Request('http://x/events');
    expect((await compressPublicPage(plain, page())).headers.get('content-encoding')).toBeNull();
  });

  it('answers the copy rendered for the same data without rendering again, and renders after a change', async () => {
    const request = () => new Request('http://x/gallery?page=2', { headers: { 'accept-encoding': 'br' } });
    const data = { albums: ['a'] };
    const headers = new Headers();
    expect(cachePublicPage(request(), headers, data)).toBeNull();
    const html = '<!doctype html><p>' + 'albums '.repeat(300) + '</p>';
    headers.set('content-type', 'text/html');
    await compressPublicPage(request(), new Response(html, { headers }));
    const copy = cachePublicPage(request(), new Headers(), data);
    expect(copy?.status).toBe(200);
    expect(copy?.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await copy!.arrayBuffer())).toString()).toBe(html);
    expect(cachePublicPage(request(), new Headers(), { albums: ['a', 'b'] })).toBeNull();
    const gzipOnly = new Request('http://x/gallery?page=2', { headers: { 'accept-encoding': 'gzip' } });
    expect(cachePublicPage(gzipOnly, new Headers(), data)).toBeNull();
  });

  it('answers from what it kept while the content version and its time hold, without the data being read', async () => {
    const url = 'http://x/events/nipm-chapter-events?chapter=3';
    const request = (headers: Record<string, string> = {}) => new Request(url, { headers });
    const data = { items: ['kept'] };
    const now = Date.parse('2026-11-23T05:00:00Z');
    expect(keptPublicPage(request(), new Headers(), 'v1', now)).toBeNull();
    const headers = new Headers();
    expect(cachePublicPage(request(), headers, data, { version: 'v1', validUntil: now + 60_000 })).toBeNull();
    const etag = headers.get('etag')!;

    // Kept data, not yet rendered for this encoding: render it without reading it again.
    expect(keptPublicPage(request(), new Headers(), 'v1', now + 1000)).toEqual({ data });
    const fresh = new Headers();
    const revalidated = keptPublicPage(request({ 'if-none-match': etag }), fresh, 'v1', now + 1000);
    expect(revalidated && 'response' in revalidated && revalidated.response.status).toBe(304);
    expect(fresh.get('etag')).toBe(etag);
    expect(fresh.get('cache-control')).toBe('public, max-age=60');

    // Once rendered, the copy is sent as it is, and the middleware passes it through untouched.
    headers.set('content-type', 'text/html');
    const html = '<!doctype html><p>kept</p>';
    await compressPublicPage(request(), new Response(html, { headers }));
    const copy = keptPublicPage(request(), new Headers(), 'v1', now + 2000);
    expect(copy && 'response' in copy).toBe(true);
    const passed = await compressPublicPage(request(), (copy as { response: Response }).response);
    expect(passed.headers.get('x-nipm-page-copy')).toBeNull();
    expect(await passed.text()).toBe(html);

    // Another version of the content, or the moment an event ends, means reading it again.
    expect(keptPublicPage(request(), new Headers(), 'v2', now + 1000)).toBeNull();
    expect(keptPublicPage(request(), new Headers(), 'v1', now + 60_000)).toBeNull();
    expect(keptPublicPage(new Request(`${url}&page=2`), new Headers(), 'v1', now)).toBeNull();
  });
});
