import { financialYearStart } from './financial-year';

/**
 * A member's status is derived from the last financial year paid and today's date in Kolkata, so it
 * is never stale and needs no night job: active while the current financial year is paid; when it
 * is not, still active until 30 June (the renewal window), a defaulter from 1 July and lapsed from
 * 1 October. Life members are always active. A member more than one year behind is lapsed.
 */
export const MEMBER_STATUSES = ['active', 'defaulter', 'lapsed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  defaulter: 'Defaulter',
  lapsed: 'Lapsed',
};

/** Month (1-12) from which an unpaid current year makes a member a defaulter, and then lapsed. */
export const DEFAULTER_FROM_MONTH = 7;
export const LAPSED_FROM_MONTH = 10;

export interface StatusInput {
  classCode: string;
  /** Start year of the last financial year paid (2026 = 2026-27), or null. */
  paidThroughYear: number | null;
  /** `YYYY-MM-DD`. */
  admittedOn: string;
}

/** Where in its financial year a Kolkata date falls, as far as an unpaid year is concerned. */
export type RenewalPhase = 'grace' | 'defaulter' | 'lapsed';

export function renewalPhase(today: string): RenewalPhase {
  const month = Number(today.slice(5, 7));
  if (month >= 4 && month < DEFAULTER_FROM_MONTH) return 'grace';
  if (month >= DEFAULTER_FROM_MONTH && month < LAPSED_FROM_MONTH) return 'defaulter';
  return 'lapsed';
}

/**
 * The last year counted as paid: the stored one, or, for a member admitted in the current financial
 * year before any payment was recorded, the year before it (they get the same window as everyone).
 */
export function effectivePaidThrough(input: StatusInput, today: string): number | null {
  const current = financialYearStart(today);
  if (input.paidThroughYear !== null) return input.paidThroughYear;
  return input.admittedOn >= `${current}-04-01` ? current - 1 : null;
}

/** The status on `today` (a Kolkata calendar date, `YYYY-MM-DD`). Pure. */
export function memberStatus(input: StatusInput, today: string): MemberStatus {
  if (input.classCode === 'life') return 'active';
  const current = financialYearStart(today);
  const paid = effectivePaidThrough(input, today);
  if (paid !== null && paid >= current) return 'active';
  if (paid !== current - 1) return 'lapsed';
  const phase = renewalPhase(today);
  return phase === 'grace' ? 'active' : phase;
}

/**
 * The financial years a member must pay to be current on `today`, oldest first: the current year
 * when it is unpaid, and every unpaid year before it for a lapsed member (back to the year after the
 * last paid one, or the year of admission). A member whose current year is paid may pay the next one;
 * nothing further ahead.
 */
export function yearsToRenew(input: StatusInput, today: string): number[] {
  if (input.classCode === 'life') return [];
  const current = financialYearStart(today);
  const paid = effectivePaidThrough(input, today);
  const admittedYear = financialYearStart(input.admittedOn);
  const first = paid === null ? admittedYear : paid + 1;
  if (first > current + 1) return [];
  const last = Math.max(current, first);
  const years: number[] = [];
  for (let year = Math.max(first, admittedYear); year <= last; year++) years.push(year);
  return years;
}
