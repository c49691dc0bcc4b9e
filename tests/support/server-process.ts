import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildEntry } from '../../src/server/build-entry.mjs';

/**
 * The production entry (`src/server/main.ts`) bundled by the build's own script and started with
 * `node` as `npm start` does, for tests that need a real process: signals, logs, exit codes.
 * The Astro half is a stand-in handler (`npm test` runs these before `npm run build`): these tests
 * are about the entry's own HTTP server, and the API it serves.
 */
export interface BundledEntry {
  file: string;
  remove(): void;
}

export async function bundleEntry(name: string): Promise<BundledEntry> {
  const dir = path.resolve(`data/test-${name}-${process.pid}/server`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'main.mjs');
  await buildEntry(file);
  writeFileSync(
    path.join(dir, 'entry.mjs'),
    "export const handler = (req, res) => { res.setHeader('content-type', 'text/plain'); res.end('astro stand-in'); };\n",
  );
  return { file, remove: () => rmSync(path.dirname(dir), { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything written to standard output so far. */
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

export async function startServer(entry: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOCAL_RUN: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      AUTH_SECRET: 'operations-test-secret-0123456789abcdefghijkl',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server exited at start: ${err}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, port, stdout: () => out, stderr: () => err, exited };
}

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped by `drop`. */
export async function scratchPostgres(baseUrl: string, name: string) {
  const database = `nipm_${name}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    database,
    async drop() {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}
