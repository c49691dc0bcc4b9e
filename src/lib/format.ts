/**
 * How the site shows money and time (docs/architecture.md, "Domain rules"): amounts are integer paise shown in rupees
 * with Indian grouping (`Rs 1,00,000.00`), and dates in Asia/Kolkata, whatever the time zone of the
 * server that renders them or of the browser that reads them.
 */

const TIME_ZONE = 'Asia/Kolkata';
const LOCALE = 'en-IN';
/** Shown for a missing value, so that an empty cell reads as "none" rather than as a fault. */
export const MISSING = '—';

const rupeeGrouping = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** `900000` → `Rs 9,000.00`; `-5050` → `-Rs 50.50`. Paise are split off by integer arithmetic, never by floats. */
export function formatMoney(paise: number | bigint | null | undefined): string {
  if (paise === null || paise === undefined) return MISSING;
  const amount = BigInt(paise);
  const negative = amount < 0n;
  const magnitude = negative ? -amount : amount;
  const rupees = rupeeGrouping.format(magnitude / 100n);
  const rest = String(magnitude % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}Rs ${rupees}.${rest}`;
}

/** A count with Indian grouping: `100000` → `1,00,000`. */
export function formatCount(value: number): string {
  return rupeeGrouping.format(value);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toInstant(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare calendar date names a day in Kolkata, not midnight UTC: noon there keeps it on that day.
  const calendar = CALENDAR_DATE.exec(value);
  const instant = calendar ? new Date(`${value}T12:00:00+05:30`) : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** `2026-11-23T18:40:00Z` → `24 Nov 2026` (the day in Kolkata); `2026-04-01` → `1 Apr 2026`. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING;
  const instant = toInstant(value);
  return instant ? dateFormat.format(instant) : MISSING;
}

/** `2026-11-23T18:40:00Z` → `24 Nov 2026, 12:10 am` (Kolkata time). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING;
  const instant = toInstant(value);
  return instant ? dateTimeFormat.format(instant) : MISSING;
}
