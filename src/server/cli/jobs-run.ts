import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, env } from '../env';
import { configuredDatabaseUrl, createDatabase, migrateToLatest } from '../db';
import { createMailer } from '../mail/mailer';
import { runReminders } from '../services/reminders';
import { kolkataDate } from '../../lib/financial-year';

/**
 * `npm run jobs:run -- reminders [--on YYYY-MM-DD]`: runs a daily job by hand, for today in Kolkata
 * or the date given. Safe to run on several servers at once or twice: each reminder is sent once.
 */
const JOBS = ['reminders'] as const;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const job = args[0];
  const onIndex = args.indexOf('--on');
  const on = onIndex >= 0 ? args[onIndex + 1] : kolkataDate(new Date());
  if (!JOBS.includes(job as (typeof JOBS)[number])) {
    throw new ConfigError(
      `Name a job: ${JOBS.join(', ')} (for example: npm run jobs:run -- reminders --on 2027-07-01).`,
    );
  }
  if (!on || !/^\d{4}-\d{2}-\d{2}$/.test(on)) throw new ConfigError('Write the date as --on YYYY-MM-DD.');
  const config = env();
  const db = createDatabase({ url: configuredDatabaseUrl() });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
    });
    const run = await runReminders(db, { on, mailer, siteUrl: config.SITE_URL, now: new Date() });
    console.log(
      `Reminders of ${on}: ${run.sent} '${run.kind}' reminders sent for financial year ${run.financialYear}.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
