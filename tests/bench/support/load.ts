import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The part of autocannon's API the benchmarks use (the package ships no types). */
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
export interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, time-outs and non-2xx answers together. */
  errors: number;
  timeouts: number;
}

/** Unmeasured load for `warmUpSeconds` (JIT, caches), then the measured run. */
export async function measure(
  url: string,
  options: { connections: number; seconds: number; warmUpSeconds: number; requests?: () => AutocannonRequest[] },
): Promise<LoadFigures> {
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, requests: options.requests?.() });
  if (options.warmUpSeconds > 0) await run(options.warmUpSeconds);
  const result = await run(options.seconds);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
  };
}

/**
 * The reference of the run: a bare node:http server answering a constant JSON body to every path,
 * one process, as fast as this machine serves anything.
 */
export async function startBareServer(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const body = JSON.stringify({ success: true, data: { count: 3 } });
       require('node:http').createServer((req, res) => {
         res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
         res.end(body);
       }).listen(${port}, '127.0.0.1');`,
    ],
    { stdio: 'inherit' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => stopChild(child) };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopChild(child);
  throw new Error('the bare server did not start');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Peak resident memory (VmHWM) of a process and of each of its children (the cluster's workers), in
 * MB: `processes[0]` is the process itself (the primary of a cluster), then its children.
 */
export function peakRss(pid: number): { processes: number[]; total: number } {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    }
  } catch {
    // The process is gone: count what is left.
  }
  const processes: number[] = [];
  for (const one of pids) {
    try {
      const kb = Number(readFileSync(`/proc/${one}/status`, 'utf8').match(/VmHWM:\s+(\d+)\s+kB/)?.[1] ?? 0);
      processes.push(Math.round(kb / 1024));
    } catch {
      // Exited meanwhile.
    }
  }
  return { processes, total: processes.reduce((sum, mb) => sum + mb, 0) };
}
