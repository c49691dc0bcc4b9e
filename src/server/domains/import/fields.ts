import { z } from 'zod';
import { financialYearStart } from '../../../lib/financial-year';
import {
  MEMBERSHIP_CLASS_CODES,
  MEMBERSHIP_CLASS_LABELS,
  type MembershipClassCode,
} from '../../../lib/membership-classes';
import { PAYMENT_MODES, type PaymentMode } from '../../../lib/schemas/money';
import { hasControlCharacters } from '../../../lib/schemas/text';
import { findIndianState } from './states';

/**
 * One normaliser per kind of cell: each takes the cell's text (already trimmed, never empty) and
 * returns the value to store or a message saying what is wrong, in words staff can act on. None
 * guesses: a cell that could mean two things, or nothing, is an error for its row.
 */
export type Parsed<T> = { value: T } | { error: string };

const ok = <T>(value: T): Parsed<T> => ({ value });
const fail = (error: string): Parsed<never> => ({ error });

/** The word that empties a stored value (an empty cell leaves it as it is). */
export const CLEAR_WORD = 'CLEAR';

/**
 * What a cell says: nothing (keep the stored value), `CLEAR` (empty it), or text to normalise. An
 * apostrophe before `=`, `+`, `-` or `@` is the mark the site's own CSV exports put there to stop a
 * spreadsheet running a formula: it is taken off, so an exported file imports back as it was.
 * Formula-looking text is otherwise kept as text: nothing here ever evaluates a cell.
 */
export type CellIntent = { kind: 'keep' } | { kind: 'clear' } | { kind: 'text'; text: string };

export function cellIntent(raw: string | undefined): CellIntent {
  const trimmed = (raw ?? '').trim();
  if (trimmed === '') return { kind: 'keep' };
  if (trimmed.toUpperCase() === CLEAR_WORD) return { kind: 'clear' };
  const text = /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
  return { kind: 'text', text };
}

// ---- Dates ----------------------------------------------------------------------------------

const DATE_FORMS = 'DD/MM/YYYY, DD-MM-YYYY, D.M.YY, YYYY-MM-DD or 12-Mar-2019';

const MONTH_NAMES: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10,
  nov: 11, november: 11, dec: 12, december: 12,
}; // prettier-ignore

/** Excel serial numbers taken as dates: 10000 is 18 May 1927, 73050 is 31 Dec 2099. Smaller numbers are years or codes, not dates. */
const SERIAL_MIN = 10_000;
const SERIAL_MAX = 73_050;
/** Day 0 of Excel's 1900 date system, as it counts from day 61 (1 March 1900) on. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function calendarDate(year: number, month: number, day: number): Parsed<string> {
  if (month < 1 || month > 12) return fail(`There is no month ${month}: dates are day, then month, then year.`);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return fail(`There is no ${day} in month ${month} of ${year}.`);
  return ok(isoOf(year, month, day));
}

/**
 * A two-digit year is in this century when that is not later than the current year, else in the
 * last: `5.6.98` is 1998, `5.6.19` is 2019. Fixed by rule, so the same cell always reads the same.
 */
function fullYear(text: string, todayIso: string): number {
  if (text.length === 4) return Number(text);
  const twoDigits = Number(text);
  const thisYear = Number(todayIso.slice(0, 4));
  return 2000 + twoDigits <= thisYear ? 2000 + twoDigits : 1900 + twoDigits;
}

/** A date in any of the accepted forms, as `YYYY-MM-DD`; `today` (`YYYY-MM-DD`) fixes two-digit years. */
export function parseDate(text: string, todayIso: string): Parsed<string> {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(value);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/.exec(value);
  if (numeric) return calendarDate(fullYear(numeric[4], todayIso), Number(numeric[3]), Number(numeric[1]));
  const named = /^(\d{1,2})[\s/.-]*([A-Za-z]+)\.?[\s/.,-]*(\d{4}|\d{2})$/.exec(value);
  if (named) {
    const month = MONTH_NAMES[named[2].toLowerCase()];
    if (!month) return fail(`"${named[2]}" is not a month.`);
    return calendarDate(fullYear(named[3], todayIso), month, Number(named[1]));
  }
  if (/^\d+(\.\d+)?$/.test(value)) {
    const serial = Number(value);
    if (/^\d{4}$/.test(value)) return fail('A year alone is not a date: give the day and month too.');
    if (!Number.isInteger(serial)) return fail('An Excel date number is a whole number of days.');
    if (serial < SERIAL_MIN || serial > SERIAL_MAX) {
      return fail(`${value} is not a date: write it as ${DATE_FORMS}.`);
    }
    return ok(new Date(EXCEL_EPOCH_MS + serial * DAY_MS).toISOString().slice(0, 10));
  }
  return fail(`"${value}" is not a date: write it as ${DATE_FORMS}.`);
}

/** A date that must lie between `earliest` and today (a birth, an admission, a payment). */
export function parsePastDate(text: string, todayIso: string, earliest = '1900-01-01'): Parsed<string> {
  const parsed = parseDate(text, todayIso);
  if ('error' in parsed) return parsed;
  if (parsed.value > todayIso) return fail(`${parsed.value} is in the future.`);
  if (parsed.value < earliest) return fail(`${parsed.value} is before ${earliest}.`);
  return parsed;
}

// ---- Contact details --------------------------------------------------------------------------

/** An Indian mobile number, stored as its 10 digits (no +91, no leading 0, no spaces). */
export function parseMobile(text: string): Parsed<string> {
  if (/^\d(\.\d+)?E\+?\d+$/i.test(text.trim())) {
    return fail(`Excel shortened this number to ${text.trim()}: format the column as Text and save the file again.`);
  }
  const compact = text.replace(/[\s().-]/g, '');
  if (/[,/;]/.test(compact)) return fail('Give one mobile number in the cell.');
  const match = /^(?:\+91|0091|91(?=\d{10}$)|0)?(\d{10})$/.exec(compact);
  if (!match) return fail('A mobile number is 10 digits, with or without +91 or 0 before them.');
  if (!/^[6-9]/.test(match[1])) return fail('An Indian mobile number starts with 6, 7, 8 or 9.');
  return ok(match[1]);
}

/** A PIN code: 6 digits, the first not 0 (`700 001` is read as 700001). */
export function parsePin(text: string): Parsed<string> {
  const compact = text.replace(/\s/g, '');
  return /^[1-9]\d{5}$/.test(compact) ? ok(compact) : fail('A PIN code is 6 digits and does not start with 0.');
}

const emailSchema = z.string().email();

export function parseEmail(text: string): Parsed<string> {
  const value = text.trim().toLowerCase();
  if (/[\s,;]/.test(value) && value.includes('@')) return fail('Give one e-mail address in the cell.');
  if (value.length > 320 || !emailSchema.safeParse(value).success) return fail(`"${text}" is not an e-mail address.`);
  return ok(value);
}

/** A State or Union Territory by name, old name, two-letter code or GST code; stored by its current name. */
export function parseState(text: string): Parsed<string> {
  const state = findIndianState(text);
  return state ? ok(state.name) : fail(`"${text}" is not a State or Union Territory of India.`);
}

// ---- Membership -------------------------------------------------------------------------------

/** `2025-26`, `2025-2026`, `FY 2025/26`: the financial year's start year (2025). */
export function parseFinancialYear(text: string, todayIso: string): Parsed<number> {
  const match = /^(?:FY\s*)?(\d{4})\s*[-/–]\s*(\d{2}|\d{4})$/i.exec(text.trim());
  if (!match) return fail('Write the financial year as 2025-26 or 2025-2026.');
  const start = Number(match[1]);
  const end = Number(match[2]);
  const follows = match[2].length === 4 ? end === start + 1 : end === (start + 1) % 100;
  if (!follows) return fail(`${text.trim()} is not a financial year: the second year follows the first.`);
  const latest = financialYearStart(todayIso) + 5;
  if (start < 1950 || start > latest)
    return fail(`${text.trim()} is outside 1950-51 to ${latest}-${String((latest + 1) % 100).padStart(2, '0')}.`);
  return ok(start);
}

function wordsKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

const CLASS_BY_KEY = new Map<string, MembershipClassCode>();
for (const code of MEMBERSHIP_CLASS_CODES) {
  const label = MEMBERSHIP_CLASS_LABELS[code].toLowerCase();
  for (const spelling of [code, label, `${label} member`, `${label} membership`]) CLASS_BY_KEY.set(spelling, code);
}

export function parseClass(text: string): Parsed<MembershipClassCode> {
  const code = CLASS_BY_KEY.get(wordsKey(text));
  const labels = MEMBERSHIP_CLASS_CODES.map((c) => MEMBERSHIP_CLASS_LABELS[c]).join(', ');
  return code ? ok(code) : fail(`"${text}" is not a membership class: use one of ${labels}.`);
}

export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

const GENDER_BY_KEY: Record<string, Gender> = {
  f: 'female', female: 'female', woman: 'female',
  m: 'male', male: 'male', man: 'male',
  o: 'other', other: 'other', t: 'other', transgender: 'other', 'third gender': 'other',
}; // prettier-ignore

export function parseGender(text: string): Parsed<Gender> {
  const gender = GENDER_BY_KEY[wordsKey(text)];
  return gender ? ok(gender) : fail(`"${text}" is not a gender: use Female, Male or Other.`);
}

const YES = new Set(['yes', 'y', 'true', '1', 'fnipm', 'fellow']);
const NO = new Set(['no', 'n', 'false', '0']);

/** The Fellow (FNIPM) flag: yes/no, y/n, true/false, 1/0, or `FNIPM`. */
export function parseFlag(text: string): Parsed<boolean> {
  const key = text.trim().toLowerCase();
  if (YES.has(key)) return ok(true);
  if (NO.has(key)) return ok(false);
  return fail(`"${text}" is not yes or no.`);
}

const TITLES: Record<string, string> = {
  mr: 'Mr', ms: 'Ms', mrs: 'Mrs', miss: 'Miss', dr: 'Dr', prof: 'Prof', shri: 'Shri', sri: 'Sri',
  smt: 'Smt', kumari: 'Kumari', km: 'Kumari', mx: 'Mx',
}; // prettier-ignore

/** A known title is written one way (`DR.` → `Dr`); another short title is kept as written. */
export function parseTitle(text: string): Parsed<string> {
  const known = TITLES[wordsKey(text)];
  if (known) return ok(known);
  return parseText(text, 20);
}

/** A membership number kept as the file has it (a legacy number keeps its form), spaces tidied. */
export function parseMemberNumber(text: string): Parsed<string> {
  const value = text.trim().replace(/\s+/g, ' ');
  if (!/^[A-Za-z0-9][A-Za-z0-9/ .\-_]{0,39}$/.test(value)) {
    return fail('A membership number is letters, digits, /, -, . or spaces, at most 40 characters.');
  }
  return ok(value);
}

/** Single-line text up to `max` characters; runs of spaces become one. Formula-looking text stays text. */
export function parseText(text: string, max: number): Parsed<string> {
  const value = text.trim().replace(/[ \t]+/g, ' ');
  if (hasControlCharacters(value)) return fail('Remove control or text-direction characters.');
  if (value.length > max) return fail(`Use at most ${max} characters (this has ${value.length}).`);
  return ok(value);
}

/** Text that may run over lines (notes, an address cell with line breaks). */
export function parseMultiLineText(text: string, max: number): Parsed<string> {
  const value = text.trim().replace(/\r\n?/g, '\n');
  if (hasControlCharacters(value, { multiLine: true })) return fail('Remove control or text-direction characters.');
  if (value.length > max) return fail(`Use at most ${max} characters (this has ${value.length}).`);
  return ok(value);
}

// ---- Payments ---------------------------------------------------------------------------------

/** Rupees as sheets write them (`₹1,500.00`, `Rs. 1500`, `1,00,000/-`), as paise. */
export function parseAmount(text: string): Parsed<number> {
  const value = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\/-$/, '')
    .replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return fail(`"${text}" is not an amount in rupees.`);
  const paise = Math.round(Number(value) * 100);
  if (paise <= 0) return fail('The amount must be above zero.');
  if (paise > 100_000_000_00) return fail('The amount is too large.');
  return ok(paise);
}

const MODE_BY_KEY: Record<string, PaymentMode> = {
  upi: 'upi', gpay: 'upi', 'google pay': 'upi', phonepe: 'upi', paytm: 'upi',
  'bank transfer': 'bank_transfer', neft: 'bank_transfer', rtgs: 'bank_transfer', imps: 'bank_transfer',
  'net banking': 'bank_transfer', netbanking: 'bank_transfer', online: 'bank_transfer',
  dd: 'demand_draft', 'demand draft': 'demand_draft', draft: 'demand_draft',
  cheque: 'cheque', check: 'cheque', chq: 'cheque', cash: 'cash',
}; // prettier-ignore

export function parsePaymentMode(text: string): Parsed<PaymentMode> {
  const words = wordsKey(text);
  const mode =
    MODE_BY_KEY[words] ??
    MODE_BY_KEY[words.replace(/ /g, '')] ??
    (PAYMENT_MODES as readonly string[]).find((m) => m === text.trim());
  return mode ? ok(mode as PaymentMode) : fail(`"${text}" is not a payment mode: use UPI, NEFT, DD, Cheque or Cash.`);
}
