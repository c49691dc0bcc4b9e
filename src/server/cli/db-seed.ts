import type { Kysely } from 'kysely';
import { ConfigError, env } from '../env';
import { configuredDatabaseUrl, createDatabase, migrateToLatest } from '../db';
import { seedDemoMoney } from '../services/demo/money';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DemoAccountsRefused, seedChapters, seedDemoAccounts } from '../services/seed';

/** `npm run db:seed [-- --demo]`: the sample chapters, and with --demo the demo accounts. */
async function main(): Promise<void> {
  const withDemo = process.argv.slice(2).includes('--demo');
  const { NODE_ENV } = env();
  // Refuse before touching the database, so a refused run changes nothing.
  if (withDemo && NODE_ENV === 'production') throw new DemoAccountsRefused();
  const db = createDatabase({ url: configuredDatabaseUrl() });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    const chapters = await seedChapters(db, new Date());
    console.log(`Chapters: ${chapters} added.`);
    if (withDemo) {
      const accounts = await seedDemoAccounts(db, { nodeEnv: NODE_ENV, now: new Date() });
      console.log(`Demo accounts: ${accounts} added (password ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) console.log(`  role ${account.roleId}  ${account.email}`);
      const money = await seedDemoMoney(db, new Date());
      console.log(`Payment settings (samples): ${money.settings} added; coupons: ${money.coupons} added.`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DemoAccountsRefused ? error.message : error);
  process.exit(1);
});
