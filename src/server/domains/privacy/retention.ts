import type { Retention } from '../../../lib/schemas/privacy';
import { erasureAllowedFrom } from './deadlines';

/**
 * Which records the daily retention job erases, given the settings (pure; the job reads the rows and
 * acts). Rejected or withdrawn applications, and NATCON editions long past, go without notice: their
 * purpose ended with a decision the person was told of. A lapsed member who has not signed in is
 * told at least 48 hours before (DPDP Rules, rule 8(2)) and kept if they sign in meanwhile.
 */

const DAY_MS = 86_400_000;

export interface RetentionCutoffs {
  /** Applications closed (rejected/withdrawn) at or before this instant are due. */
  closedApplicationsBefore: string;
  /** Editions that ended before this Kolkata date (`YYYY-MM-DD`) are due. */
  editionsEndedBefore: string;
  /** A lapsed member whose last activity is before this instant gets the notice. */
  inactiveSince: string;
  /** Audit and sign-in log entries older than this are purged. */
  logsBefore: string;
}

function yearsBefore(now: Date, years: number): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

export function retentionCutoffs(retention: Retention, now: Date): RetentionCutoffs {
  return {
    closedApplicationsBefore: new Date(now.getTime() - retention.closedApplicationDays * DAY_MS).toISOString(),
    editionsEndedBefore: yearsBefore(now, retention.natconEditionYears).toISOString().slice(0, 10),
    inactiveSince: yearsBefore(now, retention.lapsedMemberInactiveYears).toISOString(),
    logsBefore: new Date(now.getTime() - retention.logDays * DAY_MS).toISOString(),
  };
}

export interface ApplicationForRetention {
  state: string;
  /** When it was last changed: for a closed application, when it was closed. */
  updated_at: string;
}

export function applicationIsDue(application: ApplicationForRetention, cutoffs: RetentionCutoffs): boolean {
  return (
    (application.state === 'rejected' || application.state === 'withdrawn') &&
    application.updated_at <= cutoffs.closedApplicationsBefore
  );
}

export function editionIsDue(edition: { ends_on: string }, cutoffs: RetentionCutoffs): boolean {
  return edition.ends_on < cutoffs.editionsEndedBefore;
}

export interface LapsedMemberForRetention {
  /** Derived with src/lib/member-status.ts; only a lapsed member is considered. */
  lapsed: boolean;
  /** The later of the last sign-in and the last payment or admission: the last time they approached us. */
  lastActivityAt: string;
  /** When the 48-hour notice went out, or null. */
  noticeSentAt: string | null;
}

export type LapsedMemberStep = 'keep' | 'send_notice' | 'wait' | 'erase';

/**
 * What the job does with one member. Activity after the notice (a sign-in) keeps the member and
 * the job forgets the notice; a second notice is sent only if they fall inactive again.
 */
export function lapsedMemberStep(
  member: LapsedMemberForRetention,
  cutoffs: RetentionCutoffs,
  now: Date,
): LapsedMemberStep {
  if (!member.lapsed) return 'keep';
  if (member.noticeSentAt && member.lastActivityAt > member.noticeSentAt) return 'keep';
  if (member.lastActivityAt > cutoffs.inactiveSince) return 'keep';
  if (!member.noticeSentAt) return 'send_notice';
  return Date.parse(erasureAllowedFrom(member.noticeSentAt)) <= now.getTime() ? 'erase' : 'wait';
}
