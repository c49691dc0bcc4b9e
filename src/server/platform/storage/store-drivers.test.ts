import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, type Env } from '../env';
import { storeFromConfig } from './configured';
import { createS3Store } from './s3';
import { createDiskStore, type FileStore } from './store';

/**
 * The contract every upload store keeps, checked on the disk store and on the S3 driver against a
 * local S3-protocol server (s3rver, started here on a free port with its own folder).
 */
const BUCKET = 'nipm-uploads-test';
let s3server: S3rver;
let endpoint: string;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-store-drivers-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder(),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = (await s3server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3server.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const s3Options = () => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});

const drivers: [string, () => FileStore][] = [
  ['disk', () => createDiskStore(folder())],
  ['S3', () => createS3Store(s3Options())],
  ['S3 with a prefix', () => createS3Store({ ...s3Options(), prefix: 'site/uploads/' })],
];

describe.each(drivers)('the %s store', (_name, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it('keeps bytes under a new random key each time and gives them back unchanged', async () => {
    const bytes = new Uint8Array(256 * 1024).map((_, i) => (i * 31) % 256);
    const key = await store.put(bytes);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.put(new Uint8Array([1]))).not.toBe(key);
    expect(Buffer.from((await store.get(key)) ?? []).equals(Buffer.from(bytes))).toBe(true);
  });

  it('keeps an empty file', async () => {
    const key = await store.put(new Uint8Array(0));
    expect([...((await store.get(key)) ?? [1])]).toEqual([]);
  });

  it('forgets a key, and forgetting it again is no error', async () => {
    const key = await store.put(new Uint8Array([7, 8, 9]));
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    await store.remove(key);
  });

  it('answers null for a key it never gave and for anything that is not a key', async () => {
    expect(await store.get('0123456789abcdef0123456789abcdef')).toBeNull();
    for (const key of ['../../etc/passwd', '..', '', 'ABCDEF0123456789ABCDEF0123456789', `${'a'.repeat(32)}/x`]) {
      expect(await store.get(key)).toBeNull();
      await store.remove(key);
    }
  });
});

describe('choosing the store at start-up', () => {
  const config = (extra: Record<string, string>): Env =>
    ({
      ...parseEnv({ DATA_DIR: '/tmp/nipm-config', ...extra }),
      DATA_DIR: '/tmp/nipm-config',
      AUTH_SECRET: 'x',
    }) as Env;

  it('is the disk store without S3_BUCKET and the bucket with it', async () => {
    expect(storeFromConfig(config({})).kind).toBe('disk');
    const store = storeFromConfig(
      config({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }),
    );
    expect(store.kind).toBe('s3');
    const key = await store.put(new Uint8Array([4, 2]));
    expect([...((await createS3Store(s3Options()).get(key)) ?? [])]).toEqual([4, 2]);
  });

  it('refuses an endpoint that is not an address', () => {
    expect(() => config({ S3_BUCKET: BUCKET, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
