import type { Logger } from '../log';
import { kolkataDate } from '../../../lib/financial-year';
import type { DB } from '../db';
import type { Mailer } from '../mail/mailer';

/** What a daily job is given. The list of jobs is the composition root's (`src/server/jobs.ts`). */
export interface DailyJobContext {
  db: DB;
  mailer: Mailer;
  siteUrl: string;
  /** Set when the server stops: a job ends at its next safe point (reminders: between batches). */
  signal?: AbortSignal;
}

export interface DailyJob {
  name: string;
  /** Runs the job of `on` (a Kolkata date, `YYYY-MM-DD`); returns what to log and print. */
  run(context: DailyJobContext, on: string, now: Date): Promise<{ summary: string; figures: Record<string, unknown> }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first moment after `now` at which the clock in Kolkata reads `at` (`HH:MM`). Kolkata keeps
 * +05:30 all year (no daylight saving), so the next day's moment is always 24 hours later.
 */
export function nextRunAt(now: Date, at: string): Date {
  const today = new Date(`${kolkataDate(now)}T${at}:00+05:30`);
  return today.getTime() > now.getTime() ? today : new Date(today.getTime() + DAY_MS);
}

/** Whether the clock in Kolkata has already passed `at` today. */
function passedToday(now: Date, at: string): boolean {
  return new Date(`${kolkataDate(now)}T${at}:00+05:30`).getTime() <= now.getTime();
}

export interface DailyJobsHandle {
  /** Cancels the timer and waits for a run in progress to finish; no run starts after it. */
  stop(): Promise<void>;
  /** Resolves when no run is in progress (for tests and the shutdown). */
  idle(): Promise<void>;
}

/**
 * Runs `jobs` every day when the clock in Kolkata reads `at`, in this process. Every server of the
 * site runs it: the jobs are safe on several servers at once (each reminder is claimed by a keyed
 * insert before it is sent). Nothing is kept between starts: a server started after today's time
 * runs today's jobs at once, which makes up a run missed while it was down and sends nothing twice.
 * The timer never holds the process open, and a run stops between batches when `stop` is called.
 */
export function startDailyJobs(options: {
  at: string;
  jobs: readonly DailyJob[];
  context: DailyJobContext;
  logger: Pick<Logger, 'info' | 'error'>;
  now?: () => Date;
}): DailyJobsHandle {
  const now = options.now ?? (() => new Date());
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runAll = async (trigger: 'start' | 'schedule') => {
    for (const job of options.jobs) {
      if (aborter.signal.aborted) return;
      const startedAt = now();
      const on = kolkataDate(startedAt);
      try {
        const result = await job.run({ ...options.context, signal: aborter.signal }, on, startedAt);
        options.logger.info(
          { job: job.name, on, trigger, ms: Date.now() - startedAt.getTime(), ...result.figures },
          `daily job ${job.name} ran: ${result.summary}`,
        );
      } catch (err) {
        options.logger.error({ err, job: job.name, on, trigger }, `daily job ${job.name} failed`);
      }
    }
  };

  const launch = (trigger: 'start' | 'schedule', after: Date) => {
    running = runAll(trigger).finally(() => {
      running = undefined;
      schedule(after);
    });
  };

  const schedule = (after: Date) => {
    if (aborter.signal.aborted) return;
    const current = now();
    // A timer may fire a moment early: never plan the same moment twice.
    const next = nextRunAt(after.getTime() > current.getTime() ? after : current, options.at);
    timer = setTimeout(() => launch('schedule', next), next.getTime() - current.getTime());
    timer.unref();
  };

  const startedAt = now();
  if (passedToday(startedAt, options.at)) launch('start', startedAt);
  else schedule(startedAt);
  options.logger.info(
    { at: options.at, next: nextRunAt(startedAt, options.at).toISOString() },
    `daily jobs (${options.jobs.map((j) => j.name).join(', ')}) at ${options.at} Asia/Kolkata`,
  );

  const idle = async () => {
    while (running) await running;
  };
  return {
    idle,
    async stop() {
      aborter.abort();
      clearTimeout(timer);
      await idle();
    },
  };
}
