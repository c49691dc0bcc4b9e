import path from 'node:path';
import { restoreBackup } from '../platform/backup';
import { ConfigError, env } from '../platform/env';
import { configuredDatabaseUrl } from '../platform/db';
import { s3OptionsFromConfig } from '../platform/storage/configured';

/**
 * `npm run db:restore -- <backup folder>`: restores a backup made by `npm run db:backup` into the
 * configured data folder and database, which must be empty (a new DATA_DIR; on PostgreSQL a new
 * database). Start the server afterwards: it runs any newer migrations.
 */
async function main(): Promise<void> {
  const backup = process.argv[2];
  if (!backup) throw new Error('Name the backup folder: npm run db:restore -- backups/nipm-20261123-020000');
  const manifest = await restoreBackup(path.resolve(backup), {
    databaseUrl: configuredDatabaseUrl(),
    dataDir: env().DATA_DIR,
    s3: s3OptionsFromConfig(env()),
  });
  const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${rows} rows (every table's count checked)` +
      (manifest.uploads ? ` and ${manifest.uploads.files} uploaded files.` : '.'),
  );
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
