import type { MembershipClassCode } from '../../../lib/membership-classes';
import { MEMBER_COLUMNS, type MemberField } from './column-specs';
import {
  cellIntent,
  parseClass,
  parseEmail,
  parseFinancialYear,
  parseFlag,
  parseGender,
  parseMemberNumber,
  parseMobile,
  parseMultiLineText,
  parsePastDate,
  parsePin,
  parseState,
  parseText,
  parseTitle,
  type Gender,
  type Parsed,
} from './fields';

/**
 * One row of a members file read into the values of a member record, or the errors that stop it.
 * The same function serves the check, the commit and the add-by-hand form, so all three refuse and
 * accept alike. `undefined` means "keep what is stored", `null` means "empty it" (the CLEAR word).
 */
export interface MemberRecordValues {
  member_number: string;
  membership_class: MembershipClassCode;
  chapter_id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  gender: Gender | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  organisation: string | null;
  designation: string | null;
  admitted_on: string;
  paid_through_year: number | null;
  life_member_since: string | null;
  fellow: number;
}

export type MemberRecordField = keyof MemberRecordValues;
export type MemberRowValues = { [K in MemberRecordField]?: MemberRecordValues[K] | null };

/** Fields a member record cannot be without: CLEAR on them is an error, and a new member needs each. */
export const REQUIRED_FOR_NEW: readonly MemberRecordField[] = [
  'member_number',
  'membership_class',
  'chapter_id',
  'first_name',
  'admitted_on',
];

export interface MemberRowContext {
  /** `YYYY-MM-DD` in Kolkata: fixes two-digit years and what "in the future" means. */
  todayIso: string;
  /** The chapter a cell names (code or name, any case), or undefined. */
  chapterIdOf(text: string): number | undefined;
}

export interface ReadMemberRow {
  values: MemberRowValues;
  /** A staff note the row adds, or null. */
  note: string | null;
  /** `Header: why`, one per field with an error, in column order. */
  errors: string[];
}

const HEADER_OF = new Map(MEMBER_COLUMNS.map((c) => [c.field, c.header]));

type Reader = (text: string, context: MemberRowContext) => Parsed<unknown>;

const text =
  (max: number): Reader =>
  (value) =>
    parseText(value, max);

/** How each column's text becomes a value, and which record field it sets. */
const READERS: Partial<Record<MemberField, { to: MemberRecordField; read: Reader }>> = {
  memberNumber: { to: 'member_number', read: parseMemberNumber },
  classCode: { to: 'membership_class', read: parseClass },
  chapter: {
    to: 'chapter_id',
    read: (value, context) => {
      const id = context.chapterIdOf(value.trim());
      return id === undefined ? { error: `No chapter has the code or name "${value.trim()}".` } : { value: id };
    },
  },
  title: { to: 'title', read: parseTitle },
  dateOfBirth: { to: 'date_of_birth', read: (value, context) => parsePastDate(value, context.todayIso) },
  gender: { to: 'gender', read: parseGender },
  email: { to: 'email', read: parseEmail },
  mobile: { to: 'phone', read: parseMobile },
  city: { to: 'city', read: text(100) },
  state: { to: 'state', read: parseState },
  pincode: { to: 'pincode', read: parsePin },
  organisation: { to: 'organisation', read: text(200) },
  designation: { to: 'designation', read: text(200) },
  admittedOn: { to: 'admitted_on', read: (value, context) => parsePastDate(value, context.todayIso, '1940-01-01') },
  paidThrough: { to: 'paid_through_year', read: (value, context) => parseFinancialYear(value, context.todayIso) },
  lifeMemberSince: {
    to: 'life_member_since',
    read: (value, context) => parsePastDate(value, context.todayIso, '1940-01-01'),
  },
  fellow: { to: 'fellow', read: (value) => mapParsed(parseFlag(value), (yes) => (yes ? 1 : 0)) },
};

function mapParsed<T, U>(parsed: Parsed<T>, to: (value: T) => U): Parsed<U> {
  return 'error' in parsed ? parsed : { value: to(parsed.value) };
}

/** `Anita Sen` → first `Anita`, last `Sen`; a single name is all first name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.split(' ');
  if (words.length === 1) return { first_name: fullName, last_name: '' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}

/**
 * Reads one row. `cellOf(field)` gives the raw cell of the column mapped to that field (undefined
 * when no column is). Every field is read, so the error list names every problem at once.
 */
export function readMemberRow(
  cellOf: (field: MemberField) => string | undefined,
  context: MemberRowContext,
): ReadMemberRow {
  const values: MemberRowValues = {};
  const errors: string[] = [];
  const record = (field: MemberField, message: string) => errors.push(`${HEADER_OF.get(field)}: ${message}`);

  for (const field of MEMBER_COLUMNS.map((c) => c.field)) {
    const reader = READERS[field];
    if (!reader) continue;
    const intent = cellIntent(cellOf(field));
    if (intent.kind === 'keep') continue;
    if (intent.kind === 'clear') {
      if (REQUIRED_FOR_NEW.includes(reader.to)) record(field, 'cannot be emptied.');
      else (values as Record<string, unknown>)[reader.to] = reader.to === 'fellow' ? 0 : null;
      continue;
    }
    const parsed = reader.read(intent.text, context);
    if ('error' in parsed) record(field, parsed.error);
    else (values as Record<string, unknown>)[reader.to] = parsed.value;
  }

  readName(cellOf, values, record);
  readAddress(cellOf, values, record);
  const noteIntent = cellIntent(cellOf('notes'));
  let note: string | null = null;
  if (noteIntent.kind === 'text') {
    const parsed = parseMultiLineText(noteIntent.text, 1000);
    if ('error' in parsed) record('notes', parsed.error);
    else note = parsed.value;
  }
  return { values, note, errors };
}

type Record_ = (field: MemberField, message: string) => void;

function readName(cellOf: (field: MemberField) => string | undefined, values: MemberRowValues, record: Record_): void {
  const full = cellIntent(cellOf('fullName'));
  const first = cellIntent(cellOf('firstName'));
  const last = cellIntent(cellOf('lastName'));
  if (full.kind === 'clear' || first.kind === 'clear') {
    record(full.kind === 'clear' ? 'fullName' : 'firstName', 'cannot be emptied.');
    return;
  }
  if (full.kind === 'text') {
    const parsed = parseText(full.text, 200);
    if ('error' in parsed) return record('fullName', parsed.error);
    const split = splitFullName(parsed.value);
    if (split.first_name.length > 100 || split.last_name.length > 100) {
      return record('fullName', 'Use at most 100 characters for the first and for the last name.');
    }
    Object.assign(values, split);
    return;
  }
  if (first.kind === 'text') {
    const parsed = parseText(first.text, 100);
    if ('error' in parsed) record('firstName', parsed.error);
    else values.first_name = parsed.value;
  }
  if (last.kind === 'text') {
    const parsed = parseText(last.text, 100);
    if ('error' in parsed) record('lastName', parsed.error);
    else values.last_name = parsed.value;
  } else if (last.kind === 'clear') {
    values.last_name = '';
  }
}

/** The address lines are one stored address, a line each; all lines CLEAR empties it. */
function readAddress(
  cellOf: (field: MemberField) => string | undefined,
  values: MemberRowValues,
  record: Record_,
): void {
  const fields = ['addressLine1', 'addressLine2', 'addressLine3'] as const;
  const intents = fields.map((field) => cellIntent(cellOf(field)));
  if (intents.every((i) => i.kind === 'keep')) return;
  const lines: string[] = [];
  intents.forEach((intent, index) => {
    if (intent.kind !== 'text') return;
    const parsed = parseMultiLineText(intent.text, 200);
    if ('error' in parsed) record(fields[index], parsed.error);
    else lines.push(parsed.value);
  });
  values.address = lines.length > 0 ? lines.join('\n') : null;
}
