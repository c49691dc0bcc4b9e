import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningSite {
  url: string;
  /** The server process, for reading its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built site (`npm run build` first) on its own port and a fresh data folder, the way
 * `npm start` does, and waits until it answers /api/health.
 */
export async function startBuiltSite(port: number, extraEnv: Record<string, string> = {}): Promise<RunningSite> {
  // BENCH_SERVER_ENTRY: another build's main.mjs (a before/after comparison on the same data).
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'dist/server/main.mjs';
  if (!existsSync(entry)) throw new Error('The site is not built: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOCAL_RUN: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_SECRET: 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      ...extraEnv,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid as number, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The built site did not start on port ${port}.`);
}
