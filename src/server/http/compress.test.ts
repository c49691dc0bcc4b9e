import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sendCompressed } from './compress';

const dir = mkdtempSync(path.join(tmpdir(), 'nipm-compress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function answer(file: string, encoding: string) {
  const headers: Record<string, unknown> = {};
  let body: Buffer | undefined;
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = value),
    end: (chunk?: Buffer) => (body = chunk),
  } as unknown as ServerResponse;
  const req = { method: 'GET', headers: { 'accept-encoding': encoding } } as IncomingMessage;
  const sent = sendCompressed(req, res, file, 'public, max-age=0');
  return { sent, headers, body };
}

describe('sendCompressed', () => {
  it('compresses a built text file the browser accepts compressed', () => {
    const file = path.join(dir, 'page.js');
    writeFileSync(file, 'console.log("hello");'.repeat(50));
    const { sent, headers, body } = answer(file, 'gzip, br');
    expect(sent).toBe(true);
    expect(headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(body!).toString()).toBe('console.log("hello");'.repeat(50));
  });

  it('sends the copies the build compressed ahead of time instead of compressing a large file itself', () => {
    const file = path.join(dir, 'bundle.js');
    writeFileSync(file, 'large bundle');
    writeFileSync(file + '.br', 'brotli copy');
    writeFileSync(file + '.gz', 'gzip copy');
    expect(answer(file, 'br').body?.toString()).toBe('brotli copy');
    expect(answer(file, 'gzip').body?.toString()).toBe('gzip copy');
  });

  it('ignores copies older than the file (a stale build)', () => {
    const file = path.join(dir, 'changed.js');
    writeFileSync(file + '.br', 'old brotli copy');
    writeFileSync(file + '.gz', 'old gzip copy');
    const past = new Date(Date.now() - 60_000);
    utimesSync(file + '.br', past, past);
    utimesSync(file + '.gz', past, past);
    writeFileSync(file, 'new content');
    expect(brotliDecompressSync(answer(file, 'br').body!).toString()).toBe('new content');
  });
});
