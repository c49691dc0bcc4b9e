import cluster, { type Worker } from 'node:cluster';
import { isChangeMessage } from './changes';

/**
 * The primary process of `npm start` with WEB_CONCURRENCY above 1: it serves nothing itself, forks
 * one HTTP worker per slot (they share the listening socket, node:cluster hands out connections),
 * replaces a worker that dies, relays change announcements between the workers (`changes.ts`) and,
 * on SIGTERM or SIGINT, passes the signal to every worker, each of which drains its own requests
 * (the graceful shutdown of a single server), then exits: 0 when every worker stopped cleanly.
 */
export const WORKER_INDEX_ENV = 'NIPM_WORKER_INDEX';

/** Replacements of a worker that keeps dying at start wait longer each time, up to this. */
const MAX_RESTART_DELAY_MS = 5_000;
/** A worker that lived this long is healthy: its next replacement starts at once. */
const HEALTHY_AFTER_MS = 10_000;

export interface PrimaryLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WorkerProcessOptions {
  /** Node options each worker starts with, after the primary's own (`execArgv`). */
  nodeArgs?: string[];
  /** Environment each worker starts with, over the primary's. */
  env?: Record<string, string>;
}

export function runPrimary(options: {
  workers: number;
  logger: PrimaryLogger;
  exit?: (code: number) => void;
  worker?: WorkerProcessOptions;
}): {
  /** Resolves when every worker is listening (for tests and the start-up log). */
  ready: Promise<void>;
} {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const { logger } = options;
  const slots = new Map<number, { worker: Worker; startedAt: number; failures: number }>();
  let stopping = false;
  let failedStops = 0;
  let listening = 0;
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  if (options.worker?.nodeArgs?.length) {
    cluster.setupPrimary({ execArgv: [...process.execArgv, ...options.worker.nodeArgs] });
  }
  const fork = (index: number, failures: number) => {
    // The slot's index goes with it to its replacement: worker 0 runs the daily jobs.
    const worker = cluster.fork({ ...options.worker?.env, [WORKER_INDEX_ENV]: String(index) });
    slots.set(index, { worker, startedAt: Date.now(), failures });
    worker.on('message', (message: unknown) => {
      if (!isChangeMessage(message)) return;
      for (const other of slots.values()) {
        if (other.worker !== worker && other.worker.isConnected()) other.worker.send(message);
      }
    });
    worker.once('listening', () => {
      listening += 1;
      if (listening === options.workers) markReady();
    });
    worker.once('exit', (code, signal) => {
      const slot = slots.get(index);
      if (slot?.worker !== worker) return;
      if (stopping) {
        if (code !== 0) failedStops += 1;
        slots.delete(index);
        if (slots.size === 0) {
          logger.info({ failedStops }, 'every worker stopped');
          exit(failedStops ? 1 : 0);
        }
        return;
      }
      const lived = Date.now() - slot.startedAt;
      const nextFailures = lived >= HEALTHY_AFTER_MS ? 0 : slot.failures + 1;
      const delay = nextFailures ? Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** nextFailures) : 0;
      logger.error(
        { worker: index, pid: worker.process.pid, code, signal, restartInMs: delay },
        'a worker died: starting another',
      );
      setTimeout(() => {
        if (!stopping) fork(index, nextFailures);
        else if (slots.get(index)?.worker === worker) slots.delete(index);
      }, delay);
    });
  };

  for (let index = 0; index < options.workers; index += 1) fork(index, 0);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: slots.size }, 'shutting down: every worker finishes its requests');
    for (const [index, slot] of slots) {
      if (slot.worker.isDead()) slots.delete(index);
      else slot.worker.process.kill(signal);
    }
    if (slots.size === 0) exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return { ready };
}
