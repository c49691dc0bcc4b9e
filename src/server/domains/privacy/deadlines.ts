/**
 * The clocks of the DPDP Act and Rules as the site keeps them (pure, no I/O):
 * - a grievance is answered within 90 days (Rules, rule 14(3)); the desk reminds staff at 60 and 80 days;
 * - a breach's detailed report reaches the Data Protection Board within 72 hours of becoming aware (rule 7(2)(b));
 * - erasure for inactivity is announced at least 48 hours before it happens (rule 8(2)).
 * Times are ISO 8601 UTC strings, as everywhere in the database.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const GRIEVANCE_DAYS = 90;
export const GRIEVANCE_REMINDER_DAYS = [60, 80] as const;
export const BREACH_REPORT_HOURS = 72;
export const ERASURE_NOTICE_HOURS = 48;

export type ReminderDay = (typeof GRIEVANCE_REMINDER_DAYS)[number];

function plus(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** When a request received at `receivedAt` must be answered by. */
export function grievanceDueAt(receivedAt: string): string {
  return plus(receivedAt, GRIEVANCE_DAYS * DAY_MS);
}

/** When the desk reminds staff of an open grievance. */
export function grievanceReminderTimes(receivedAt: string): { day: ReminderDay; at: string }[] {
  return GRIEVANCE_REMINDER_DAYS.map((day) => ({ day, at: plus(receivedAt, day * DAY_MS) }));
}

/**
 * The reminders due now for an open request, leaving out those already sent. Only the latest due is
 * returned: a request first seen on day 85 gets the 80-day reminder, not both.
 */
export function grievanceReminderDue(
  receivedAt: string,
  now: Date,
  alreadySent: readonly number[],
): ReminderDay | null {
  const due = grievanceReminderTimes(receivedAt).filter((r) => Date.parse(r.at) <= now.getTime());
  const latest = due.at(-1);
  if (!latest || alreadySent.some((day) => day >= latest.day)) return null;
  return latest.day;
}

/** The detailed report to the Board is due 72 hours after the institute became aware of the breach. */
export function breachReportDueAt(foundAt: string): string {
  return plus(foundAt, BREACH_REPORT_HOURS * HOUR_MS);
}

/** The earliest moment data announced for erasure at `noticeSentAt` may be erased. */
export function erasureAllowedFrom(noticeSentAt: string): string {
  return plus(noticeSentAt, ERASURE_NOTICE_HOURS * HOUR_MS);
}

export interface DeadlineState {
  dueAt: string;
  overdue: boolean;
  /** Whole days left, rounded down; negative once overdue. */
  daysLeft: number;
  /** Whole hours left, rounded down; negative once overdue (the breach clock is read in hours). */
  hoursLeft: number;
}

/** Where a deadline stands at `now`, for the desk's list. */
export function deadlineState(dueAt: string, now: Date): DeadlineState {
  const left = Date.parse(dueAt) - now.getTime();
  return {
    dueAt,
    overdue: left < 0,
    daysLeft: Math.floor(left / DAY_MS),
    hoursLeft: Math.floor(left / HOUR_MS),
  };
}
