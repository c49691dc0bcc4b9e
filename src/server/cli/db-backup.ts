import path from 'node:path';
import { createBackup } from '../platform/backup';
import { ConfigError, env } from '../platform/env';
import { configuredDatabaseUrl } from '../platform/db';
import { s3OptionsFromConfig } from '../platform/storage/configured';

/**
 * `npm run db:backup [-- <folder>]`: the configured database (SQLite's online backup or pg_dump)
 * and DATA_DIR/uploads into a new folder, by default backups/nipm-<UTC time>. Safe while the site runs.
 */
async function main(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const target = path.resolve(process.argv[2] ?? path.join('backups', `nipm-${stamp}`));
  const manifest = await createBackup(
    { databaseUrl: configuredDatabaseUrl(), dataDir: env().DATA_DIR, s3: s3OptionsFromConfig(env()) },
    target,
  );
  const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0);
  const files = manifest.uploads
    ? `${manifest.uploads.files} uploaded files (${manifest.uploads.bytes} bytes)`
    : 'no uploads';
  console.log(`Backup of the ${manifest.database} database (${rows} rows) and ${files} in ${target}`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
