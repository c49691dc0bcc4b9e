/**
 * India's financial year runs from 1 April to 31 March and is written `2026-27`. Dates that decide
 * money or status are taken in Asia/Kolkata whatever the server's time zone, so every function here
 * works on calendar dates (`YYYY-MM-DD`) and `kolkataDate` is the one way from an instant to a date.
 */
export const INSTITUTE_TIME_ZONE = 'Asia/Kolkata';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const kolkataFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: INSTITUTE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Kolkata at the given instant, as `YYYY-MM-DD`. */
export function kolkataDate(at: Date): string {
  return kolkataFormat.format(at);
}

/**
 * A day that exists, written `YYYY-MM-DD`: the round trip through Date refuses any other shape (a time, a sign, a
 * space) and days past a month's end, such as 30 February.
 */
export function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function parts(isoDate: string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The calendar year in which the financial year holding this date began (2027-02-10 → 2026). */
export function financialYearStart(isoDate: string): number {
  const { year, month } = parts(isoDate);
  return month >= 4 ? year : year - 1;
}

/** `2026` → `2026-27`. */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** `2026-27` → `2026`; undefined for anything else (including `2026-28`). */
export function parseFinancialYearLabel(label: string): number | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  if (!match) return undefined;
  const start = Number(match[1]);
  return financialYearLabel(start) === label ? start : undefined;
}

export interface FinancialYear {
  startYear: number;
  label: string;
  /** First and last day, `YYYY-MM-DD`. */
  startsOn: string;
  endsOn: string;
}

export function financialYear(startYear: number): FinancialYear {
  return {
    startYear,
    label: financialYearLabel(startYear),
    startsOn: `${startYear}-04-01`,
    endsOn: `${startYear + 1}-03-31`,
  };
}

export function financialYearOf(isoDate: string): FinancialYear {
  return financialYear(financialYearStart(isoDate));
}

/** April-September is the first half of the financial year; October-March the second. */
export function isSecondHalfOfFinancialYear(isoDate: string): boolean {
  const { month } = parts(isoDate);
  return month >= 10 || month <= 3;
}
