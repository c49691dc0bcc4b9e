import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, env } from '../platform/env';
import { configuredDatabaseUrl, createDatabase, migrateToLatest } from '../platform/db';
import { seedDemoMoney } from '../demo/money';
import { seedDemoJoining } from '../demo/joining';
import { seedDemoMembers } from '../demo/members';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DemoAccountsRefused, seedChapters, seedDemoAccounts } from '../demo/seed';
import { seedDemoAdmin } from '../demo/admin';
import { ROLE_LABELS } from '../../lib/roles';
import { seedDemoContent } from '../demo/content';
import { seedDemoNatcon } from '../demo/natcon';
import { startStandin } from '../../../tools/razorpay-standin';

/** Where the demo's stand-in gateway listens (tools/razorpay-standin). */
const DEMO_STANDIN_PORT = 4439;

/**
 * `npm run demo`: builds when the build is missing or older than the sources, migrates, loads the
 * chapters and the demo accounts, then starts the built server and says where it is.
 */
const root = process.cwd();
const entry = path.join(root, 'dist/server/main.mjs');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'auth.config.ts', 'tailwind.config.mjs', 'package.json'];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, name)));
  return newest;
}

function buildIfStale(): void {
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((name) => newestChange(path.join(root, name))));
  if (built > sources) return;
  console.log(built ? 'The sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; see above.');
}

async function main(): Promise<void> {
  const config = env();
  if (config.NODE_ENV === 'production') throw new DemoAccountsRefused();
  buildIfStale();
  const db = createDatabase({ url: configuredDatabaseUrl() });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    await seedChapters(db, new Date());
    await seedDemoAccounts(db, { nodeEnv: config.NODE_ENV, now: new Date() });
    await seedDemoAdmin(db, new Date());
    await seedDemoMoney(db, new Date());
    await seedDemoJoining(db, new Date());
    await seedDemoContent(db, new Date());
    await seedDemoNatcon(db, new Date());
    await seedDemoMembers(db, new Date());
  } finally {
    await db.destroy();
  }

  const url = `http://${config.HOST}:${config.PORT}`;
  // Without Razorpay keys of its own the demo pays through the stand-in gateway, end to end.
  const standin = config.RAZORPAY_KEY_ID
    ? null
    : await startStandin({ port: DEMO_STANDIN_PORT, webhookUrl: `${url}/api/payments/gateway/webhook` });
  const gatewayEnv = standin
    ? {
        RAZORPAY_KEY_ID: standin.keyId,
        RAZORPAY_KEY_SECRET: standin.keySecret,
        RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
        RAZORPAY_API_URL: standin.url,
      }
    : {};
  const server = spawn(process.execPath, [entry], { stdio: 'inherit', env: { ...process.env, ...gatewayEnv } });
  console.log(`\nNIPM demo at ${url}\nDemo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${ROLE_LABELS[account.roleId].padEnd(14)} ${account.email}`);
  }
  console.log(`Members sign in at ${url}/auth/login, staff at ${url}/auth/admin. Ctrl+C stops the server.`);
  if (standin) console.log(`Online payments go to the stand-in gateway at ${standin.url} (no money moves).`);
  console.log('');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => {
    void (standin?.stop() ?? Promise.resolve()).then(() => process.exit(code ?? 0));
  });
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DemoAccountsRefused ? error.message : error);
  process.exit(1);
});
