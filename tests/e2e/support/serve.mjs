// Starts the built site for the browser tests on a fresh data folder.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const dataDir = 'data/e2e';
if (!existsSync('dist/server/main.mjs')) {
  console.error('The site is not built: run `npm run build` before the browser tests.');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
const port = process.env.E2E_PORT ?? '4399';
// The stand-in payment gateway beside the site, as `npm run demo` has it (its webhooks to the site).
const standinPort = process.env.E2E_STANDIN_PORT ?? String(Number(port) + 1000);
const standin = spawn(process.execPath, ['--import', 'tsx', 'tools/razorpay-standin/cli.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    STANDIN_PORT: standinPort,
    STANDIN_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/gateway/webhook`,
  },
});
const child = spawn(process.execPath, ['dist/server/main.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOCAL_RUN: '1',
    HOST: '127.0.0.1',
    PORT: port,
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUTH_SECRET: 'e2e-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    RAZORPAY_KEY_ID: 'rzp_test_Standin000001',
    RAZORPAY_KEY_SECRET: 'standin_key_secret_not_for_production',
    RAZORPAY_WEBHOOK_SECRET: 'standin_webhook_secret_not_for_production',
    RAZORPAY_API_URL: `http://127.0.0.1:${standinPort}`,
    // One JSON line per request would bury the test report; warnings and errors still show.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    standin.kill(signal);
    child.kill(signal);
  });
}
child.on('exit', (code) => {
  standin.kill('SIGTERM');
  process.exit(code ?? 0);
});
