import { describe, expect, it } from 'vitest';
import type { MemberField } from './column-specs';
import { readMemberRow, type MemberRowContext } from './member-row';
import { planMemberRow, type Candidates, type ExistingMember } from './plan';

const context: MemberRowContext = {
  todayIso: '2026-11-25',
  chapterIdOf: (text) => ({ kol: 1, kolkata: 1, pun: 2, pune: 2 })[text.toLowerCase()],
};

const read = (cells: Partial<Record<MemberField, string>>) => readMemberRow((field) => cells[field], context);

const NONE: Candidates = { byNumber: [], byEmail: [], byMobileAndBirth: [] };

const anita: ExistingMember = {
  id: 7,
  member_number: 'KOL/LM/12',
  membership_class: 'life',
  chapter_id: 1,
  title: 'Dr',
  first_name: 'Anita',
  last_name: 'Sen',
  date_of_birth: '1975-08-14',
  gender: 'female',
  email: 'anita@example.in',
  phone: '9830012345',
  address: '12 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
  organisation: 'Hooghly Jute',
  designation: null,
  admitted_on: '2001-04-01',
  paid_through_year: null,
  life_member_since: '2010-04-01',
  fellow: 0,
  notes: [],
};

describe('reading a members row', () => {
  it('reads every field of a full row', () => {
    const row = read({
      memberNumber: 'KOL/LM/12', classCode: 'Life Member', chapter: 'Kolkata', title: 'dr.', fullName: 'Anita  Sen',
      dateOfBirth: '14/08/1975', gender: 'F', email: 'Anita@Example.in', mobile: '+91 98300 12345',
      addressLine1: '12 Park Street', addressLine2: 'Flat 3B', city: 'Kolkata', state: 'WB', pincode: '700 016',
      admittedOn: '1.4.01', paidThrough: '2025-2026', lifeMemberSince: '01-Apr-2010', fellow: 'Y', notes: 'From the 2019 sheet',
    }); // prettier-ignore
    expect(row.errors).toEqual([]);
    expect(row.values).toEqual({
      member_number: 'KOL/LM/12', membership_class: 'life', chapter_id: 1, title: 'Dr', first_name: 'Anita',
      last_name: 'Sen', date_of_birth: '1975-08-14', gender: 'female', email: 'anita@example.in', phone: '9830012345',
      address: '12 Park Street\nFlat 3B', city: 'Kolkata', state: 'West Bengal', pincode: '700016',
      admitted_on: '2001-04-01', paid_through_year: 2025, life_member_since: '2010-04-01', fellow: 1,
    }); // prettier-ignore
    expect(row.note).toBe('From the 2019 sheet');
  });

  it('names every field in error at once, by its header', () => {
    const row = read({ memberNumber: 'X1', chapter: 'Mumbai', dateOfBirth: '0Feb', mobile: '12345', pincode: 'CLEAR' });
    expect(row.errors).toEqual([
      'Chapter: No chapter has the code or name "Mumbai".',
      'Date of Birth: "0Feb" is not a date: write it as DD/MM/YYYY, DD-MM-YYYY, D.M.YY, YYYY-MM-DD or 12-Mar-2019.',
      'Mobile: A mobile number is 10 digits, with or without +91 or 0 before them.',
    ]);
    expect(row.values.pincode).toBeNull();
  });

  it('refuses CLEAR on what a member cannot be without', () => {
    expect(read({ memberNumber: 'X1', classCode: 'CLEAR', fullName: 'clear' }).errors).toEqual([
      'Class: cannot be emptied.',
      'Full Name: cannot be emptied.',
    ]);
  });
});

describe('planning a row', () => {
  it('creates a new member with what the row gives, when nothing matches', () => {
    const plan = planMemberRow(
      read({ memberNumber: 'PUN/9', classCode: 'Student', chapter: 'pun', fullName: 'Ravi', admittedOn: '2024-06-01' }),
      NONE,
    );
    expect(plan).toMatchObject({
      kind: 'create',
      record: { member_number: 'PUN/9', first_name: 'Ravi', last_name: '', chapter_id: 2, email: null, fellow: 0 },
    });
  });

  it('refuses to create a member without the fields a member needs', () => {
    expect(planMemberRow(read({ email: 'new@example.in' }), NONE)).toEqual({
      kind: 'invalid',
      errors: [
        'Membership No: needed for a new member.',
        'Class: needed for a new member.',
        'Chapter: needed for a new member.',
        'Full Name: needed for a new member.',
        'Admitted On: needed for a new member.',
      ],
    });
  });

  it('updates only the fields that differ, with their before and after; empty cells keep, CLEAR empties', () => {
    const row = read({
      memberNumber: 'kol/lm/12',
      city: 'Howrah',
      organisation: 'CLEAR',
      designation: '',
      email: 'ANITA@example.in',
    });
    expect(planMemberRow(row, { ...NONE, byNumber: [anita] })).toEqual({
      kind: 'update',
      memberId: 7,
      changes: [
        { field: 'city', before: 'Kolkata', after: 'Howrah' },
        { field: 'organisation', before: 'Hooghly Jute', after: null },
      ],
      note: null,
    });
  });

  it('says unchanged when every value is already stored, a note already added included', () => {
    const row = read({ memberNumber: 'KOL/LM/12', fullName: 'Anita Sen', notes: 'Known' });
    expect(planMemberRow(row, { ...NONE, byNumber: [{ ...anita, notes: ['Known'] }] })).toEqual({
      kind: 'unchanged',
      memberId: 7,
    });
  });

  it('finds a member by e-mail, or by mobile and date of birth, when the row has no number', () => {
    expect(planMemberRow(read({ email: 'anita@example.in', city: 'Kolkata' }), { ...NONE, byEmail: [anita] })).toEqual({
      kind: 'unchanged',
      memberId: 7,
    });
    const byMobile = read({ mobile: '9830012345', dateOfBirth: '14/08/1975', city: 'Pune' });
    expect(planMemberRow(byMobile, { ...NONE, byMobileAndBirth: [anita] })).toMatchObject({
      kind: 'update',
      memberId: 7,
    });
  });

  it('is a conflict when a key matches two members, or a new number comes with an existing e-mail', () => {
    const other = { ...anita, id: 8, member_number: 'KOL/99' };
    expect(planMemberRow(read({ email: 'anita@example.in' }), { ...NONE, byEmail: [anita, other] })).toEqual({
      kind: 'conflict',
      message: 'The e-mail matches members KOL/LM/12 and KOL/99.',
      memberIds: [7, 8],
    });
    const newNumber = read({ memberNumber: 'KOL/500', email: 'anita@example.in' });
    expect(planMemberRow(newNumber, { ...NONE, byEmail: [anita] })).toEqual({
      kind: 'conflict',
      message: 'No member has this membership number, but its e-mail or mobile belongs to member KOL/LM/12.',
      memberIds: [7],
    });
  });
});
