import {
  REQUIRED_FOR_NEW,
  type MemberRecordField,
  type MemberRecordValues,
  type MemberRowValues,
  type ReadMemberRow,
} from './member-row';

/**
 * What one valid row would do to the register: create a member, update one (with the before and
 * after of each changed field), nothing (unchanged), or nothing because it is ambiguous (conflict)
 * or repeats an earlier row (duplicate). The check and the commit both decide with these
 * functions, so the commit does exactly what the check showed.
 */
export interface ExistingMember extends MemberRecordValues {
  id: number;
  /** Bodies of the member's staff notes, so a note imported once is not added again. */
  notes: readonly string[];
}

/** The members a row's keys find: by membership number (any case), by e-mail, by mobile with date of birth. */
export interface Candidates {
  byNumber: readonly ExistingMember[];
  byEmail: readonly ExistingMember[];
  byMobileAndBirth: readonly ExistingMember[];
}

export interface FieldChange {
  field: MemberRecordField;
  before: unknown;
  after: unknown;
}

export type RowPlan =
  | { kind: 'invalid'; errors: string[] }
  | { kind: 'duplicate'; firstRow: number }
  | { kind: 'conflict'; message: string; memberIds: number[] }
  | { kind: 'create'; record: MemberRecordValues; note: string | null }
  | { kind: 'update'; memberId: number; changes: FieldChange[]; note: string | null }
  | { kind: 'unchanged'; memberId: number };

/** The keys a row is found by, strongest first; what a second row with the same key repeats. */
export function rowKeys(values: MemberRowValues): { number?: string; email?: string; mobileAndBirth?: string } {
  return {
    number: values.member_number ? values.member_number.toUpperCase() : undefined,
    email: values.email ?? undefined,
    mobileAndBirth: values.phone && values.date_of_birth ? `${values.phone}|${values.date_of_birth}` : undefined,
  };
}

function numbersOf(members: readonly ExistingMember[]): string {
  return members.map((m) => m.member_number).join(' and ');
}

/**
 * The member a row updates, or none (a new member), or a conflict. Found by membership number;
 * a row without one by e-mail; a row without either by mobile and date of birth. A key that finds
 * two members is a conflict; so is a row that would create a member while its e-mail or its mobile
 * and date of birth already belong to one (a weaker key never silently merges two people).
 */
export function matchMember(
  values: MemberRowValues,
  candidates: Candidates,
): { member: ExistingMember | null } | { conflict: string; memberIds: number[] } {
  const keys = rowKeys(values);
  const [primary, keyName] = keys.number
    ? [candidates.byNumber, 'membership number']
    : keys.email
      ? [candidates.byEmail, 'e-mail']
      : [candidates.byMobileAndBirth, 'mobile and date of birth'];
  if (primary.length > 1) {
    return { conflict: `The ${keyName} matches members ${numbersOf(primary)}.`, memberIds: primary.map((m) => m.id) };
  }
  if (primary.length === 1) return { member: primary[0] };
  const weaker = [...candidates.byEmail, ...candidates.byMobileAndBirth].filter(
    (m, index, all) => all.findIndex((other) => other.id === m.id) === index,
  );
  if (keys.number && weaker.length > 0) {
    return {
      conflict: `No member has this membership number, but its e-mail or mobile belongs to member ${numbersOf(weaker)}.`,
      memberIds: weaker.map((m) => m.id),
    };
  }
  return { member: null };
}

function sameValue(field: MemberRecordField, before: unknown, after: unknown): boolean {
  if (field === 'member_number' && typeof before === 'string' && typeof after === 'string') {
    return before.toUpperCase() === after.toUpperCase();
  }
  return (before ?? null) === (after ?? null);
}

const RECORD_DEFAULTS: Omit<MemberRecordValues, (typeof REQUIRED_FOR_NEW)[number]> = {
  title: null,
  last_name: '',
  date_of_birth: null,
  gender: null,
  email: null,
  phone: null,
  address: null,
  city: null,
  state: null,
  pincode: null,
  organisation: null,
  designation: null,
  paid_through_year: null,
  life_member_since: null,
  fellow: 0,
};

/** Decides what a read row does, given what its keys found. */
export function planMemberRow(row: ReadMemberRow, candidates: Candidates): RowPlan {
  if (row.errors.length > 0) return { kind: 'invalid', errors: row.errors };
  const match = matchMember(row.values, candidates);
  if ('conflict' in match) return { kind: 'conflict', message: match.conflict, memberIds: match.memberIds };
  const { member } = match;
  if (!member) {
    const missing = REQUIRED_FOR_NEW.filter((field) => row.values[field] === undefined || row.values[field] === null);
    if (missing.length > 0) {
      return {
        kind: 'invalid',
        errors: missing.map(
          (field) => `${field === 'first_name' ? 'Full Name' : FIELD_LABELS[field]}: needed for a new member.`,
        ),
      };
    }
    return { kind: 'create', record: { ...RECORD_DEFAULTS, ...(row.values as MemberRecordValues) }, note: row.note };
  }
  const changes: FieldChange[] = [];
  for (const [field, after] of Object.entries(row.values) as [MemberRecordField, unknown][]) {
    if (after === undefined) continue;
    const before = member[field];
    if (!sameValue(field, before, after)) changes.push({ field, before: before ?? null, after });
  }
  const note = row.note !== null && !member.notes.includes(row.note) ? row.note : null;
  if (changes.length === 0 && note === null) return { kind: 'unchanged', memberId: member.id };
  return { kind: 'update', memberId: member.id, changes, note };
}

/** How the preview and the error file name each field: the template's header for it. */
export const FIELD_LABELS: Record<MemberRecordField, string> = {
  member_number: 'Membership No',
  membership_class: 'Class',
  chapter_id: 'Chapter',
  title: 'Title',
  first_name: 'First Name',
  last_name: 'Last Name',
  date_of_birth: 'Date of Birth',
  gender: 'Gender',
  email: 'Email',
  phone: 'Mobile',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'PIN Code',
  organisation: 'Organisation',
  designation: 'Designation',
  admitted_on: 'Admitted On',
  paid_through_year: 'Paid Through',
  life_member_since: 'Life Member Since',
  fellow: 'FNIPM',
};
