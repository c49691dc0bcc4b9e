import type { Kysely } from 'kysely';
import { ConfigError } from '../platform/env';
import { configuredDatabaseUrl, createDatabase, migrateToLatest } from '../platform/db';

/** `npm run db:migrate`: brings the configured database to the latest migration. */
async function main(): Promise<void> {
  const url = configuredDatabaseUrl();
  const db = createDatabase({ url });
  try {
    const applied = await migrateToLatest(db as Kysely<unknown>);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
