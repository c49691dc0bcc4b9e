import type { Kysely } from 'kysely';
import { ConfigError, env } from '../platform/env';
import { configuredDatabaseUrl, createDatabase, migrateToLatest } from '../platform/db';
import { seedDemoMoney } from '../demo/money';
import { seedDemoJoining } from '../demo/joining';
import { seedDemoContent } from '../demo/content';
import { seedDemoMembers } from '../demo/members';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DemoAccountsRefused, seedChapters, seedDemoAccounts } from '../demo/seed';
import { seedDemoAdmin } from '../demo/admin';
import { seedDemoNatcon } from '../demo/natcon';

/**
 * `npm run db:seed [-- --demo] [-- --members N]`: the sample chapters, with --demo the demo accounts
 * and data, with --members N that many demo members (for benchmarks: `--members 100000`).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const withDemo = args.includes('--demo');
  const membersIndex = args.indexOf('--members');
  const memberCount = membersIndex >= 0 ? Number(args[membersIndex + 1]) : undefined;
  if (memberCount !== undefined && !(Number.isInteger(memberCount) && memberCount > 0)) {
    throw new ConfigError('Write the number of members as --members 100000.');
  }
  const { NODE_ENV } = env();
  // Refuse before touching the database, so a refused run changes nothing.
  if ((withDemo || memberCount !== undefined) && NODE_ENV === 'production') throw new DemoAccountsRefused();
  const db = createDatabase({ url: configuredDatabaseUrl() });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    const chapters = await seedChapters(db, new Date());
    console.log(`Chapters: ${chapters} added.`);
    if (withDemo) {
      const accounts = await seedDemoAccounts(db, { nodeEnv: NODE_ENV, now: new Date() });
      await seedDemoAdmin(db, new Date());
      console.log(`Demo accounts: ${accounts} added (password ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) console.log(`  role ${account.roleId}  ${account.email}`);
      const money = await seedDemoMoney(db, new Date());
      console.log(`Payment settings (samples): ${money.settings} added; coupons: ${money.coupons} added.`);
      console.log(`Membership applications: ${await seedDemoJoining(db, new Date())} added (fees marked as samples).`);
      console.log(`Demo content: ${(await seedDemoContent(db, new Date())).events} events added.`);
      await seedDemoNatcon(db, new Date());
    }
    if (withDemo || memberCount !== undefined) {
      const members = await seedDemoMembers(db, new Date(), { count: memberCount });
      console.log(`Demo members: ${members} added, with their renewal payments.`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DemoAccountsRefused ? error.message : error);
  process.exit(1);
});
