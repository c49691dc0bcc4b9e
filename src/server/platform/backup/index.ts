import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl } from '../db';
import { ensurePrivateDir } from '../private-files';
import { createS3Store, type S3StoreOptions } from '../storage/s3';

const run = promisify(execFile);

/**
 * Backups of the site's data: the database (SQLite through its online backup API, so the server
 * keeps serving while it runs; PostgreSQL through `pg_dump`) and the uploads (the folder, or the
 * bucket's objects in the same layout), into one folder with a manifest. A restore goes into an empty data folder (and, on PostgreSQL, an empty
 * database) only: it never mixes a backup with live data.
 */
export interface BackupManifest {
  format: 'nipm-backup-1';
  createdAt: string;
  database: 'sqlite' | 'postgresql';
  /** The database's file in the backup folder. */
  databaseFile: string;
  /** Applied migrations, oldest first. */
  migrations: string[];
  /** Rows per table when the backup was taken (checked again after a restore). */
  rows: Record<string, number>;
  uploads: { files: number; bytes: number } | null;
}

export const MANIFEST = 'manifest.json';
const UPLOADS = 'uploads';
/** The secret generated into the data folder when AUTH_SECRET is not set: without it every session ends. */
const GENERATED_SECRET = 'auth-secret';

export interface SiteData {
  /** `postgres://…`, or `sqlite:/path/file.sqlite`. */
  databaseUrl: string;
  /** The folder whose `uploads/` holds the disk store's files. */
  dataDir: string;
  /** When the uploads are in a bucket (S3_BUCKET): copied from and to it instead of `uploads/`. */
  s3?: S3StoreOptions;
}

/**
 * The bucket's objects into `folder` in the disk store's layout (`ab/abcd…`), so that one backup
 * format serves both stores, and a backup of either can be restored onto the other.
 */
async function downloadBucket(options: S3StoreOptions, folder: string): Promise<void> {
  const store = createS3Store(options);
  ensurePrivateDir(folder);
  for await (const key of store.keys()) {
    const bytes = await store.get(key);
    if (!bytes) continue;
    await mkdir(path.join(folder, key.slice(0, 2)), { recursive: true, mode: 0o700 });
    await writeFile(path.join(folder, key.slice(0, 2), key), bytes, { mode: 0o600 });
  }
}

async function uploadToBucket(options: S3StoreOptions, folder: string): Promise<void> {
  const store = createS3Store(options);
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) await store.putAt(entry.name, await readFile(path.join(entry.parentPath, entry.name)));
  }
}

async function bucketIsEmpty(options: S3StoreOptions): Promise<boolean> {
  const first = await createS3Store(options).keys()[Symbol.asyncIterator]().next();
  return Boolean(first.done);
}

/** Connection settings for the PostgreSQL tools without the password on their command line. */
function pgTool(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    args: [`--dbname=${parsed.toString()}`],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function withDatabase<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  if (isPostgresUrl(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const sqlite = new SQLite(url.replace(/^sqlite:/, ''), { fileMustExist: true });
  try {
    return await work(async (text) => sqlite.prepare(text).all() as Record<string, unknown>[]);
  } finally {
    sqlite.close();
  }
}

/** Rows per table and the applied migrations, as the manifest records them. */
export async function describeDatabase(url: string): Promise<Pick<BackupManifest, 'migrations' | 'rows'>> {
  return withDatabase(url, async (query) => {
    const tables = isPostgresUrl(url)
      ? await query(
          "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
        )
      : await query("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'");
    const rows: Record<string, number> = {};
    for (const { name } of tables as { name: string }[]) {
      const [row] = await query(`select count(*) as n from "${name.replace(/"/g, '""')}"`);
      rows[name] = Number(row.n);
    }
    const migrations =
      'kysely_migration' in rows
        ? (await query('select name from kysely_migration order by name')).map((r) => String(r.name))
        : [];
    return { migrations, rows: Object.fromEntries(Object.entries(rows).sort(([a], [b]) => a.localeCompare(b))) };
  });
}

/** Takes a backup of `site` into the new folder `target`; answers its manifest. */
export async function createBackup(site: SiteData, target: string): Promise<BackupManifest> {
  if (existsSync(target) && (await readdir(target)).length) throw new Error(`${target} exists and is not empty.`);
  ensurePrivateDir(target);
  const postgres = isPostgresUrl(site.databaseUrl);
  const databaseFile = postgres ? 'database.pgdump' : 'database.sqlite';
  const destination = path.join(target, databaseFile);
  if (postgres) {
    const tool = pgTool(site.databaseUrl);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${destination}`, ...tool.args], {
      env: tool.env,
    });
  } else {
    const sqlite = new SQLite(site.databaseUrl.replace(/^sqlite:/, ''), { fileMustExist: true });
    try {
      // SQLite's online backup: a consistent copy while the server goes on reading and writing.
      await sqlite.backup(destination);
    } finally {
      sqlite.close();
    }
  }
  await chmod(destination, 0o600);
  const source = path.join(site.dataDir, UPLOADS);
  let uploads: BackupManifest['uploads'] = null;
  if (site.s3) {
    await downloadBucket(site.s3, path.join(target, UPLOADS));
    uploads = await folderSize(path.join(target, UPLOADS));
  } else if (existsSync(source)) {
    await cp(source, path.join(target, UPLOADS), {
      recursive: true,
      filter: (file) => !file.endsWith('.partial'),
    });
    uploads = await folderSize(path.join(target, UPLOADS));
  }
  if (existsSync(path.join(site.dataDir, GENERATED_SECRET))) {
    await cp(path.join(site.dataDir, GENERATED_SECRET), path.join(target, GENERATED_SECRET));
    await chmod(path.join(target, GENERATED_SECRET), 0o600);
  }
  const manifest: BackupManifest = {
    format: 'nipm-backup-1',
    createdAt: new Date().toISOString(),
    database: postgres ? 'postgresql' : 'sqlite',
    databaseFile,
    ...(await describeDatabase(postgres ? site.databaseUrl : `sqlite:${destination}`)),
    uploads,
  };
  await writeFile(path.join(target, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return manifest;
}

export class RestoreRefused extends Error {}

async function readManifest(backup: string): Promise<BackupManifest> {
  const file = path.join(backup, MANIFEST);
  if (!existsSync(file)) throw new RestoreRefused(`${backup} is not a backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'nipm-backup-1') throw new RestoreRefused(`Unknown backup format: ${manifest.format}.`);
  return manifest;
}

async function databaseIsEmpty(url: string): Promise<boolean> {
  if (!isPostgresUrl(url)) return !existsSync(url.replace(/^sqlite:/, ''));
  const { rows } = await describeDatabase(url);
  return Object.keys(rows).length === 0;
}

/**
 * Restores `backup` into `site`, whose data folder must hold no database and no uploads (and whose
 * PostgreSQL database must have no tables); then checks every table's row count against the
 * manifest. Answers the manifest.
 */
export async function restoreBackup(backup: string, site: SiteData): Promise<BackupManifest> {
  const manifest = await readManifest(backup);
  const postgres = isPostgresUrl(site.databaseUrl);
  if ((manifest.database === 'postgresql') !== postgres) {
    throw new RestoreRefused(
      `This backup is of a ${manifest.database} database; DATABASE_URL names a ${postgres ? 'postgresql' : 'sqlite'} one.`,
    );
  }
  const uploadsDir = path.join(site.dataDir, UPLOADS);
  if (existsSync(uploadsDir) && (await readdir(uploadsDir)).length) {
    throw new RestoreRefused(`${uploadsDir} is not empty: restore into an empty data folder.`);
  }
  if (site.s3 && !(await bucketIsEmpty(site.s3))) {
    throw new RestoreRefused(`The bucket ${site.s3.bucket} already holds uploads: restore into an empty one.`);
  }
  if (!(await databaseIsEmpty(site.databaseUrl))) {
    throw new RestoreRefused('The target database is not empty: restore into an empty data folder (and database).');
  }
  ensurePrivateDir(site.dataDir);
  const dump = path.join(backup, manifest.databaseFile);
  if (postgres) {
    const tool = pgTool(site.databaseUrl);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', ...tool.args, dump], {
      env: tool.env,
    });
  } else {
    const file = site.databaseUrl.replace(/^sqlite:/, '');
    ensurePrivateDir(path.dirname(file));
    const copy = new SQLite(dump, { readonly: true, fileMustExist: true });
    try {
      await copy.backup(file);
    } finally {
      copy.close();
    }
    await chmod(file, 0o600);
  }
  if (existsSync(path.join(backup, UPLOADS))) {
    if (site.s3) {
      await uploadToBucket(site.s3, path.join(backup, UPLOADS));
    } else {
      ensurePrivateDir(uploadsDir);
      await cp(path.join(backup, UPLOADS), uploadsDir, { recursive: true });
    }
  }
  if (existsSync(path.join(backup, GENERATED_SECRET))) {
    // Over the one this command's own start may have generated into the new, empty folder.
    await cp(path.join(backup, GENERATED_SECRET), path.join(site.dataDir, GENERATED_SECRET));
    await chmod(path.join(site.dataDir, GENERATED_SECRET), 0o600);
  }
  const restored = await describeDatabase(site.databaseUrl);
  const differing = Object.keys(manifest.rows).filter((table) => restored.rows[table] !== manifest.rows[table]);
  if (differing.length) throw new Error(`Restored row counts differ from the backup in: ${differing.join(', ')}.`);
  return manifest;
}
