import path from 'node:path';
import type { DailyJob } from './platform/jobs/scheduler';
import { runGuardianWaiting } from './domains/joining/guardian-waiting';
import { runReminders } from './domains/members/renewals/reminders';
import { gatewayFrom } from './domains/money/gateway/config';
import { recordSettlements } from './domains/money/gateway/reconcile';
import { remindOpenRequests } from './domains/privacy/requests';
import { runRetention } from './domains/privacy/retention-job';
import { env } from './platform/env';
import { runNatconHolds } from './domains/natcon/holds';
import type { DB } from './platform/db';
import type { Mailer } from './platform/mail/mailer';
import type { FileStore } from './platform/storage';
import { storeFromConfig } from './platform/storage/configured';

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
  {
    // Issue 26: erasure of what is no longer needed (48 hours' notice to lapsed members first), logs and
    // audit entries past their year purged, and the desk's 60- and 80-day reminders of open requests.
    // Each erasure and reminder is claimed by one conditional write, so every server may run it.
    name: 'privacy-retention',
    async run(context, _on, now) {
      const config = env();
      const run = await runRetention(
        context.db,
        {
          store: storeFromConfig(config),
          mailer: context.mailer,
          siteUrl: context.siteUrl,
          outboxDir: config.SMTP_URL ? undefined : path.join(config.DATA_DIR, 'outbox'),
        },
        now,
      );
      const reminders = await remindOpenRequests(context.db, context.mailer, now);
      return {
        summary:
          `Privacy retention: ${run.applications} applications, ${run.orders} NATCON orders and ${run.members} ` +
          `members erased; ${run.notices} 48-hour notices sent (${run.held} wait for the day's limit), ` +
          `${run.kept} kept after signing in; ` +
          `${run.logs} log entries and ${run.exportEntries} download-register entries purged; ` +
          `${run.uploads} import spreadsheets removed; ` +
          `${reminders} request reminders.`,
        figures: { ...run, reminders },
      };
    },
  },
  {
    // DPDP Act s.9: a guardian who has not consented is reminded once after 7 days; the application
    // is closed after 30. Each reminder and closing is claimed by one conditional update.
    name: 'guardian-waiting',
    async run(context, _on, now) {
      const run = await runGuardianWaiting(context.db, { mailer: context.mailer, siteUrl: context.siteUrl }, now);
      return {
        summary: `Guardians' consent: ${run.reminded} guardians reminded, ${run.closed} applications closed without consent.`,
        figures: { ...run },
      };
    },
  },
];

export function dailyJob(name: string): DailyJob | undefined {
  return DAILY_JOBS.find((job) => job.name === name);
}

/** What a frequent job is given: a daily job's context and the file store (tickets). */
export interface FrequentJobContext {
  db: DB;
  mailer: Mailer;
  siteUrl: string;
  storage: FileStore;
}

/**
 * Jobs that run every few minutes on worker 0 of every server (`main.ts`), like the gateway's
 * reconciler, or by hand (`npm run jobs:run -- natcon-holds`). Several servers may run one at
 * once: each step is a conditional update that only one of them wins.
 */
export interface FrequentJob {
  name: string;
  everyMs: number;
  run(context: FrequentJobContext, now: Date): Promise<{ summary: string; figures: Record<string, unknown> }>;
}

export const FREQUENT_JOBS: readonly FrequentJob[] = [
  {
    // NATCON holds (issue 28): reminders before a hold ends, releases when it passed unpaid (the
    // seats offered to the waiting list), and the tickets of orders confirmed since the last run.
    name: 'natcon-holds',
    everyMs: 60_000,
    async run(context, now) {
      const run = await runNatconHolds(context, now);
      return {
        summary: `NATCON holds: ${run.reminded} reminded, ${run.released} released, ${run.offered} offered from the waiting list, ${run.ticketsSent} tickets sent.`,
        figures: { ...run },
      };
    },
  },
];

export function frequentJob(name: string): FrequentJob | undefined {
  return FREQUENT_JOBS.find((job) => job.name === name);
}
