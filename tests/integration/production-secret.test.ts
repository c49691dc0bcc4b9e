import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_AUTH_SECRET } from '../../src/server/platform/env';
import { buildEntry } from '../../src/server/build-entry.mjs';

/**
 * (issue 8, item 7) With NODE_ENV=production the server refuses to start on an unsafe AUTH_SECRET.
 * The production entry is bundled here by the build's own script (`npm test` runs these tests
 * before `npm run build`), then started with `node` exactly as `npm start` does.
 */
const outDir = path.resolve('data/test-production-entry-' + process.pid);
const entry = path.join(outDir, 'main.mjs');
let dataDir: string;

beforeAll(async () => {
  await buildEntry(entry);
  dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-secret-'));
}, 60_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function start(
  secret: string | undefined,
  site: Record<string, string> = { SITE_URL: 'https://nipm.example.org' },
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: process.env.E2E_PORT ?? '4399',
        DATA_DIR: dataDir,
        ...(secret === undefined ? {} : { AUTH_SECRET: secret }),
        ...site,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('the production server and AUTH_SECRET', () => {
  it('keeps the example secret equal to the value in .env.example', () => {
    expect(readFileSync('.env.example', 'utf8')).toContain(`\nAUTH_SECRET=${EXAMPLE_AUTH_SECRET}\n`);
  });

  it.each([
    ['missing', undefined, 'AUTH_SECRET is not set. With NODE_ENV=production the server needs its own secret'],
    ['empty', '', 'AUTH_SECRET is not set.'],
    ['too short', 'x'.repeat(31), 'AUTH_SECRET is 31 characters long: with NODE_ENV=production it must be at least 32'],
    ['the example from .env.example', EXAMPLE_AUTH_SECRET, 'AUTH_SECRET is the example value from .env.example'],
  ])('exits non-zero when it is %s, saying why', async (_case, secret, message) => {
    const { code, stderr } = await start(secret);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain(`[nipm] Refusing to start: ${message}`);
    if (secret) expect(stderr).not.toContain(secret);
  });

  it.each([
    ['unset', {}, 'SITE_URL is not set. With NODE_ENV=production links in e-mails and on membership cards'],
    [
      'localhost',
      { SITE_URL: 'http://localhost:4321' },
      'SITE_URL is http://localhost:4321, an address of this machine',
    ],
    ['127.0.0.1', { SITE_URL: 'https://127.0.0.1' }, 'SITE_URL is https://127.0.0.1, an address of this machine'],
  ])('refuses to start when SITE_URL is %s, saying why', async (_case, site, message) => {
    const { code, stderr } = await start('a-good-secret-0123456789abcdefghijklmnop', site);
    expect(code).not.toBe(0);
    expect(stderr).toContain(`[nipm] Refusing to start: ${message}`);
  });

  it('starts on a loopback SITE_URL when told it is a local run (and then needs the built site)', async () => {
    const { stderr } = await start('a-good-secret-0123456789abcdefghijklmnop', {
      SITE_URL: 'http://127.0.0.1:4321',
      LOCAL_RUN: '1',
    });
    expect(stderr).not.toContain('SITE_URL');
    expect(stderr).toContain('The site is not built');
  });

  it('gets past the secret check with a good secret (and then needs the built site)', async () => {
    const { stderr } = await start('a-good-secret-0123456789abcdefghijklmnop');
    expect(stderr).not.toContain('AUTH_SECRET');
    expect(stderr).toContain('The site is not built');
  });
});
