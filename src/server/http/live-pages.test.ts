import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forgetLivePages, keepLiveAnswer, livePagesGeneration, LIVE_PAGE_SECONDS, sendLiveAnswer } from './live-pages';

function request(url: string, headers: Record<string, string> = {}) {
  return { method: 'GET', url, headers } as unknown as IncomingMessage;
}

function response() {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const res = {
    setHeader: (name: string, value: string) => (sent.headers[name] = value),
    writeHead: (status: number) => (sent.status = status),
    end: (body?: unknown) => (sent.body = body),
  } as unknown as ServerResponse;
  return { res, sent };
}

const page = () => new Headers({ etag: 'W/"v1"', 'cache-control': 'public, max-age=60', 'content-type': 'text/html' });
const LIFE = LIVE_PAGE_SECONDS * 1000;

describe('the kept answers of the live pages', () => {
  it('sends the kept page, a 304 for its ETag, and nothing once a change is heard', () => {
    forgetLivePages();
    keepLiveAnswer('/events', 'br', page(), new Uint8Array([1, 2]), livePagesGeneration(), 1000);
    const first = response();
    expect(sendLiveAnswer(request('/events', { 'accept-encoding': 'gzip, br' }), first.res, 1001)).toBe(true);
    expect(first.sent).toMatchObject({ status: 200, body: new Uint8Array([1, 2]) });
    expect(first.sent.headers.etag).toBe('W/"v1"');
    // Another encoding is another answer.
    expect(sendLiveAnswer(request('/events'), response().res, 1001)).toBe(false);
    const revalidated = response();
    expect(
      sendLiveAnswer(request('/events', { 'accept-encoding': 'br', 'if-none-match': 'W/"v1"' }), revalidated.res, 1002),
    ).toBe(true);
    expect(revalidated.sent.status).toBe(304);
    forgetLivePages();
    expect(sendLiveAnswer(request('/events', { 'accept-encoding': 'br' }), response().res, 1003)).toBe(false);
  });

  it('keeps no page rendered across a change, and lets one request render an old copy again', () => {
    forgetLivePages();
    const before = livePagesGeneration();
    forgetLivePages();
    keepLiveAnswer('/events', 'identity', page(), new Uint8Array([1]), before, 0);
    expect(sendLiveAnswer(request('/events'), response().res, 1)).toBe(false);

    keepLiveAnswer('/events', 'identity', page(), new Uint8Array([1]), livePagesGeneration(), 0);
    expect(sendLiveAnswer(request('/events'), response().res, LIFE)).toBe(false);
    expect(sendLiveAnswer(request('/events'), response().res, LIFE + 1)).toBe(true);
    expect(sendLiveAnswer(request('/events'), response().res, 2 * LIFE)).toBe(false);
  });
});
