import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup, RestoreRefused, type SiteData } from '../../src/server/platform/backup';
import { createDatabase, migrateToLatest, type DB } from '../../src/server/platform/db';
import { createDiskStore } from '../../src/server/platform/storage';
import { createTestApi } from '../support/api';
import { changedTables, fingerprint } from '../support/db-snapshot';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { scratchPostgres } from '../support/server-process';

/**
 * `npm run db:backup` and `npm run db:restore` (issue 14, item 5): a backup taken while the site's
 * database is open, restored into an empty data folder (and an empty PostgreSQL database), serves
 * the same members, the same rows in every table (receipts included, once that table exists) and the
 * same uploaded files.
 */
const backends = [
  { name: 'SQLite' as const, available: true },
  { name: 'PostgreSQL' as const, available: Boolean(process.env.TEST_DATABASE_URL) },
];

for (const backend of backends) {
  describe.skipIf(!backend.available)(`backup and restore on ${backend.name}`, () => {
    const folders: string[] = [];
    const cleanups: (() => Promise<void>)[] = [];
    const folder = (name: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), `nipm-${name}-`));
      folders.push(dir);
      return dir;
    };
    async function site(name: string): Promise<SiteData> {
      const dataDir = folder(name);
      if (backend.name === 'SQLite') return { dataDir, databaseUrl: `sqlite:${path.join(dataDir, 'nipm.sqlite')}` };
      const database = await scratchPostgres(process.env.TEST_DATABASE_URL as string, name);
      cleanups.push(database.drop);
      return { dataDir, databaseUrl: database.url };
    }

    let source: SiteData;
    let sourceDb: DB;
    let superAdmin: CreatedUser;
    let memberId: number;
    let fileKey: string;
    const fileBytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3, 250, 251]);
    let backupDir: string;

    beforeAll(async () => {
      source = await site('source');
      sourceDb = createDatabase({ url: source.databaseUrl });
      await migrateToLatest(sourceDb as Kysely<unknown>);
      const chapter = await createChapter(sourceDb, { city: 'Pune' });
      memberId = (await createMember(sourceDb, chapter.id, { firstName: 'Restored' })).id;
      superAdmin = await createUser(sourceDb, { roleId: '2' });
      const api = createTestApi(sourceDb);
      const sent = await api.request('POST', '/api/admin/notifications', {
        token: superAdmin.token,
        body: { title: 'Before the backup', message: 'Kept.', audience: { type: 'all' } },
      });
      expect(sent.status).toBe(201);
      writeFileSync(path.join(source.dataDir, 'auth-secret'), 'generated-secret-of-the-source-site\n', { mode: 0o600 });
      fileKey = await createDiskStore(path.join(source.dataDir, 'uploads')).put(fileBytes);
      backupDir = path.join(folder('backups'), 'nipm-test');
      // Taken while the site's own connection is open, as `npm run db:backup` is beside a running server.
      const manifest = await createBackup(source, backupDir);
      expect(manifest.uploads).toEqual({ files: 1, bytes: fileBytes.length });
      expect(manifest.rows.members).toBe(1);
    });

    afterAll(async () => {
      await sourceDb.destroy();
      for (const cleanup of cleanups) await cleanup();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    });

    it('restores into an empty data folder: every table, the member and the file are the same', async () => {
      const target = await site('restored');
      const manifest = await restoreBackup(backupDir, target);
      expect(manifest.database).toBe(backend.name === 'SQLite' ? 'sqlite' : 'postgresql');
      const restoredDb = createDatabase({ url: target.databaseUrl });
      try {
        // Every row of every table (members, users, notifications, receipts when there are any…).
        expect(
          changedTables(await fingerprint(sourceDb, backend.name), await fingerprint(restoredDb, backend.name)),
        ).toEqual([]);

        const storage = createDiskStore(path.join(target.dataDir, 'uploads'));
        const before = await createTestApi(sourceDb).request('GET', `/api/members/${memberId}`, {
          token: superAdmin.token,
        });
        const restored = createTestApi(restoredDb, { storage });
        const after = await restored.request('GET', `/api/members/${memberId}`, { token: superAdmin.token });
        expect(after.status).toBe(200);
        expect(await after.json()).toEqual(await before.json());
        expect((await restored.request('GET', '/api/ready')).status).toBe(200);

        expect([...((await storage.get(fileKey)) ?? [])]).toEqual([...fileBytes]);
        const stored = path.join(target.dataDir, 'uploads', fileKey.slice(0, 2), fileKey);
        expect(statSync(stored).mode & 0o777).toBe(0o600);
        if (backend.name === 'SQLite') expect(statSync(target.databaseUrl.slice(7)).mode & 0o777).toBe(0o600);
        expect(statSync(path.join(backupDir, manifest.databaseFile)).mode & 0o777).toBe(0o600);
        // Sessions signed with a generated secret stay valid on the restored site.
        expect(readFileSync(path.join(target.dataDir, 'auth-secret'), 'utf8')).toBe(
          'generated-secret-of-the-source-site\n',
        );
      } finally {
        await restoredDb.destroy();
      }
    });

    it('refuses to restore over data: a data folder with a database or uploads, or the other kind of database', async () => {
      await expect(restoreBackup(backupDir, source)).rejects.toBeInstanceOf(RestoreRefused);
      const other =
        backend.name === 'SQLite'
          ? { dataDir: folder('other'), databaseUrl: 'postgres://postgres@127.0.0.1:1/none' }
          : { dataDir: folder('other'), databaseUrl: `sqlite:${path.join(folder('other-db'), 'nipm.sqlite')}` };
      await expect(restoreBackup(backupDir, other)).rejects.toThrow(/This backup is of a/);
      await expect(restoreBackup(folder('not-a-backup'), other)).rejects.toThrow(/is not a backup/);
    });
  });
}
