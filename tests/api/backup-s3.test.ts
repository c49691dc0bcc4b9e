import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup, RestoreRefused, type SiteData } from '../../src/server/platform/backup';
import { createDatabase, migrateToLatest } from '../../src/server/platform/db';
import { createDiskStore } from '../../src/server/platform/storage';
import { createS3Store, type S3StoreOptions } from '../../src/server/platform/storage/s3';
import { createChapter, createMember } from '../support/fixtures';

/**
 * Backups when the uploads are in a bucket (S3_BUCKET): the objects go into the backup folder in the
 * disk store's layout, so a backup restores into an empty bucket, or onto disk (and a disk backup
 * into a bucket: the way from one server to several).
 */
describe('backup and restore with the uploads in a bucket', () => {
  let s3server: S3rver;
  const folders: string[] = [];
  const folder = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `nipm-${name}-`));
    folders.push(dir);
    return dir;
  };
  let bucketOptions: (bucket: string) => S3StoreOptions;
  let backupDir: string;
  let key: string;
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]);

  beforeAll(async () => {
    s3server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: folder('s3'),
      configureBuckets: ['source', 'restored', 'busy'].map((name) => ({ name, configs: [] })),
    });
    const { port } = (await s3server.run()) as { port: number };
    bucketOptions = (bucket) => ({
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    const dataDir = folder('source');
    const source: SiteData = {
      dataDir,
      databaseUrl: `sqlite:${path.join(dataDir, 'nipm.sqlite')}`,
      s3: bucketOptions('source'),
    };
    const db = createDatabase({ url: source.databaseUrl });
    await migrateToLatest(db as Kysely<unknown>);
    await createMember(db, (await createChapter(db)).id);
    await db.destroy();
    key = await createS3Store(bucketOptions('source')).put(bytes);
    backupDir = path.join(folder('backups'), 'nipm-s3');
    const manifest = await createBackup(source, backupDir);
    expect(manifest.uploads).toEqual({ files: 1, bytes: bytes.length });
  });

  afterAll(async () => {
    await s3server.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const site = (name: string, s3?: S3StoreOptions): SiteData => {
    const dataDir = folder(name);
    return { dataDir, databaseUrl: `sqlite:${path.join(dataDir, 'nipm.sqlite')}`, s3 };
  };

  it('restores the objects into an empty bucket under the same keys', async () => {
    await restoreBackup(backupDir, site('into-bucket', bucketOptions('restored')));
    expect([...((await createS3Store(bucketOptions('restored')).get(key)) ?? [])]).toEqual([...bytes]);
  });

  it('restores a bucket backup onto disk, where the disk store serves the same file', async () => {
    const target = site('onto-disk');
    await restoreBackup(backupDir, target);
    expect([...((await createDiskStore(path.join(target.dataDir, 'uploads')).get(key)) ?? [])]).toEqual([...bytes]);
  });

  it('refuses a bucket that already holds uploads', async () => {
    await createS3Store(bucketOptions('busy')).put(new Uint8Array([1]));
    await expect(restoreBackup(backupDir, site('busy', bucketOptions('busy')))).rejects.toBeInstanceOf(RestoreRefused);
  });
});
