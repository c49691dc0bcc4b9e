import type { DB } from '../db';
import type { Mailer } from '../mail/mailer';
import { runReminders } from '../services/reminders';

/**
 * The jobs that run once a day, by the server's scheduler (`scheduler.ts`) or by hand
 * (`npm run jobs:run`). Each must be safe to run twice on one day and on several servers at once.
 */
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

export const DAILY_JOBS: readonly DailyJob[] = [
  {
    name: 'reminders',
    async run(context, on, now) {
      const run = await runReminders(context.db, {
        on,
        mailer: context.mailer,
        siteUrl: context.siteUrl,
        now,
        signal: context.signal,
      });
      return {
        summary: `Reminders of ${on}: ${run.sent} '${run.kind}' reminders sent for financial year ${run.financialYear}.`,
        figures: { sent: run.sent, kind: run.kind, financialYear: run.financialYear },
      };
    },
  },
];

export function dailyJob(name: string): DailyJob | undefined {
  return DAILY_JOBS.find((job) => job.name === name);
}
