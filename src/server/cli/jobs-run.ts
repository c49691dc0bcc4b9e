import type { Kysely } from 'kysely';
import { ConfigError, env } from '../platform/env';
import { configuredDatabaseUrl, createDatabase, migrateToLatest } from '../platform/db';
import { mailerFromConfig } from '../platform/mail/mailer';
import { DAILY_JOBS, dailyJob, FREQUENT_JOBS, frequentJob } from '../jobs';
import { storeFromConfig } from '../platform/storage/configured';
import { kolkataDate } from '../../lib/financial-year';

/**
 * `npm run jobs:run -- reminders [--on YYYY-MM-DD]`: runs a daily job by hand, for today in Kolkata
 * or the date given (the server runs them itself at DAILY_JOBS_AT). Safe to run on several servers
 * at once or twice: each reminder is sent once. A frequent job (`natcon-holds`) runs once, now.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const frequent = frequentJob(args[0] ?? '');
  if (frequent) return runFrequent(frequent);
  const job = dailyJob(args[0] ?? '');
  const onIndex = args.indexOf('--on');
  const on = onIndex >= 0 ? args[onIndex + 1] : kolkataDate(new Date());
  if (!job) {
    throw new ConfigError(
      `Name a job: ${[...DAILY_JOBS, ...FREQUENT_JOBS].map((j) => j.name).join(', ')} (for example: npm run jobs:run -- reminders --on 2027-07-01).`,
    );
  }
  if (!on || !/^\d{4}-\d{2}-\d{2}$/.test(on)) throw new ConfigError('Write the date as --on YYYY-MM-DD.');
  const config = env();
  const db = createDatabase({ url: configuredDatabaseUrl() });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    const result = await job.run({ db, mailer: mailerFromConfig(config), siteUrl: config.SITE_URL }, on, new Date());
    console.log(result.summary);
  } finally {
    await db.destroy();
  }
}

/** A frequent job (`natcon-holds`) once, now. */
async function runFrequent(job: NonNullable<ReturnType<typeof frequentJob>>): Promise<void> {
  const config = env();
  const db = createDatabase({ url: configuredDatabaseUrl() });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    const context = {
      db,
      mailer: mailerFromConfig(config),
      siteUrl: config.SITE_URL,
      storage: storeFromConfig(config),
    };
    console.log((await job.run(context, new Date())).summary);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
