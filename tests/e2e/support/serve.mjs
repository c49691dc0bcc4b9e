// Starts the built site for the browser tests on a fresh data folder.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const dataDir = 'data/e2e';
if (!existsSync('dist/server/main.mjs')) {
  console.error('The site is not built: run `npm run build` before the browser tests.');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['dist/server/main.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOCAL_RUN: '1',
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '4399',
    SITE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '4399'}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUTH_SECRET: 'e2e-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    // One JSON line per request would bury the test report; warnings and errors still show.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
