import type { DailyJob } from './platform/jobs/scheduler';
import { runReminders } from './domains/members/renewals/reminders';

/**
 * The jobs that run once a day, by the server's scheduler (`platform/jobs/scheduler.ts`) or by hand
 * (`npm run jobs:run`). Each must be safe to run twice on one day and on several servers at once.
 */
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
