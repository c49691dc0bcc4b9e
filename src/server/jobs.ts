import type { DailyJob } from './platform/jobs/scheduler';
import { runReminders } from './domains/members/renewals/reminders';
import { gatewayFrom } from './domains/money/gateway/config';
import { recordSettlements } from './domains/money/gateway/reconcile';
import { env } from './platform/env';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayBefore = (on: string) => new Date(Date.parse(`${on}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

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
  {
    // The gateway settles a day's payments a day or two later: the report of the day before and of
    // today is read, and each of our payments' settlement is written once (empty fields only).
    name: 'gateway-settlements',
    async run(context, on) {
      const gateway = gatewayFrom(env());
      if (!gateway) return { summary: 'No gateway configured: nothing to settle.', figures: { skipped: true } };
      let lines = 0;
      let recorded = 0;
      for (const day of [dayBefore(on), on]) {
        const run = await recordSettlements(context.db, gateway, day);
        lines += run.lines;
        recorded += run.recorded;
      }
      return {
        summary: `Gateway settlements of ${dayBefore(on)} and ${on}: ${recorded} payments recorded from ${lines} report lines.`,
        figures: { lines, recorded },
      };
    },
  },
];

export function dailyJob(name: string): DailyJob | undefined {
  return DAILY_JOBS.find((job) => job.name === name);
}
