import { stringify } from 'csv-stringify/sync';
import type { DB } from '../../src/server/platform/db';
import { nowIso } from '../../src/server/platform/db';
import { createChapter } from './fixtures';

/**
 * A members file as a chapter office would send it: its own headers ("Mem. No", "Email ID",
 * "Mobile No."), dates in four forms, mobiles with and without +91, and every kind of row the check
 * must tell apart. The register it is checked against is seeded here too, so the expected counts
 * and error rows are exact.
 */
export const REALISTIC_HEADERS = [
  'Mem. No', 'Name of Member', 'Class', 'Chapter', 'D.O.B', 'Gender', 'Email ID', 'Mobile No.', 'Address', 'City',
  'State', 'Pin Code', 'Organisation', 'Date of Admission', 'Paid Upto', 'FNIPM', 'Remarks', 'Blood Group',
]; // prettier-ignore

export const REALISTIC_SUMMARY = {
  total: 256,
  create: 200,
  update: 20,
  unchanged: 10,
  invalid: 12,
  duplicate: 8,
  conflict: 6,
};

type Row = Partial<Record<(typeof REALISTIC_HEADERS)[number], string>>;

const DOB_FORMS = [
  (d: number, m: number, y: number) => `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`,
  (d: number, m: number, y: number) => `${d}.${m}.${String(y).slice(2)}`,
  (d: number, m: number, y: number) =>
    `${d}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]}-${y}`,
  (d: number, m: number, y: number) =>
    String(Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000)),
  (d: number, m: number, y: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
];

export function newMemberRow(n: number): Row {
  const number = `IMP/${String(n).padStart(4, '0')}`;
  const day = (n % 28) + 1;
  const month = (n % 12) + 1;
  const year = 1960 + (n % 40);
  return {
    'Mem. No': number,
    'Name of Member': n % 10 === 0 ? `José Sé ${n}` : `Member ${n} Sharma`,
    Class: ['Associate', 'Life Member', 'Student', 'corporate'][n % 4],
    Chapter: n % 2 === 0 ? 'Kolkata' : 'pun',
    'D.O.B': DOB_FORMS[n % DOB_FORMS.length](day, month, year),
    Gender: ['F', 'M', 'Female', 'male'][n % 4],
    'Email ID': `Imp${n}@Example.test`,
    'Mobile No.': n % 2 === 0 ? `+91 98${String(n).padStart(8, '0')}` : `098${String(n).padStart(8, '0')}`,
    Address: `${n} Park Street`,
    City: n % 2 === 0 ? 'Kolkata' : 'Pune',
    State: n % 3 === 0 ? 'WB' : n % 3 === 1 ? 'Maharashtra' : '27',
    'Pin Code': n % 2 === 0 ? '700 016' : '411001',
    Organisation: n === 7 ? '=HYPERLINK("http://evil.example","click")' : `Firm ${n}`,
    'Date of Admission': `01/04/${2000 + (n % 20)}`,
    'Paid Upto': n % 5 === 0 ? '' : n % 2 === 0 ? '2025-26' : '2024-2025',
    FNIPM: n % 17 === 0 ? 'Y' : 'N',
    Remarks: n % 50 === 0 ? 'From the 2019 chapter sheet' : '',
    'Blood Group': 'O+',
  };
}

/** The existing register: EX/001..EX/030, and two members sharing one e-mail (EX/031, EX/032). */
export async function seedRegister(db: DB): Promise<{ kolkata: number; pune: number }> {
  const kolkata = (await createChapter(db, { code: 'KOL', name: 'Kolkata' })).id;
  const pune = (await createChapter(db, { code: 'PUN', name: 'Pune', region: 'West' })).id;
  const at = nowIso(new Date('2026-01-01T00:00:00Z'));
  for (let n = 1; n <= 32; n += 1) {
    const id = String(n).padStart(3, '0');
    await db
      .insertInto('members')
      .values({
        member_number: `EX/${id}`,
        membership_class: 'associate',
        chapter_id: kolkata,
        title: null,
        first_name: 'Existing',
        last_name: `Person${id}`,
        email: n > 30 ? 'shared@example.test' : `ex${id}@example.test`,
        phone: `97${String(n).padStart(8, '0')}`,
        date_of_birth: '1970-01-01',
        address: null,
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700001',
        qualification: null,
        organisation: null,
        designation: null,
        experience_years: null,
        admitted_on: '1999-04-01',
        paid_through_year: 2025,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return { kolkata, pune };
}

function existingRow(n: number, changes: Row = {}): Row {
  const id = String(n).padStart(3, '0');
  return { 'Mem. No': `EX/${id}`, 'Name of Member': `Existing Person${id}`, City: 'Kolkata', ...changes };
}

/** Each invalid row and the error its line in the error file must carry. */
export const INVALID_ROWS: { row: Row; error: string }[] = [
  { row: { ...newMemberRow(901), 'D.O.B': '0Feb' }, error: 'Date of Birth: "0Feb" is not a date: write it as DD/MM/YYYY, DD-MM-YYYY, D.M.YY, YYYY-MM-DD or 12-Mar-2019.' },
  { row: { ...newMemberRow(902), 'D.O.B': '31/02/1980' }, error: 'Date of Birth: There is no 31 in month 2 of 1980.' },
  { row: { ...newMemberRow(903), 'Mobile No.': '12345' }, error: 'Mobile: A mobile number is 10 digits, with or without +91 or 0 before them.' },
  { row: { ...newMemberRow(904), 'Pin Code': '07001' }, error: 'PIN Code: A PIN code is 6 digits and does not start with 0.' },
  { row: { ...newMemberRow(905), Chapter: 'Mumbai' }, error: 'Chapter: No chapter has the code or name "Mumbai".' },
  { row: { ...newMemberRow(906), Class: 'Gold' }, error: 'Class: "Gold" is not a membership class: use one of Associate, Corporate, Life, Institutional, Student.' },
  { row: { ...newMemberRow(907), State: 'Bengal' }, error: 'State: "Bengal" is not a State or Union Territory of India.' },
  { row: { ...newMemberRow(908), 'Email ID': 'not-an-email' }, error: 'Email: "not-an-email" is not an e-mail address.' },
  { row: { ...newMemberRow(909), Class: '' }, error: 'Class: needed for a new member.' },
  { row: { ...newMemberRow(910), 'Paid Upto': '2025-27' }, error: 'Paid Through: 2025-27 is not a financial year: the second year follows the first.' },
  { row: { ...newMemberRow(911), 'Name of Member': 'CLEAR' }, error: 'Full Name: cannot be emptied.' },
  { row: { ...newMemberRow(912), 'Date of Admission': '01/01/2030' }, error: 'Admitted On: 2030-01-01 is in the future.' },
]; // prettier-ignore

/** The file's rows in order (header not included): new, updated, unchanged, invalid, duplicate, conflicting. */
export function realisticRows(): Row[] {
  const rows: Row[] = [];
  for (let n = 1; n <= 200; n += 1) rows.push(newMemberRow(n));
  for (let n = 1; n <= 20; n += 1)
    rows.push(existingRow(n, { City: 'Howrah', 'Mobile No.': n % 2 ? '' : `+91 96${String(n).padStart(8, '0')}` }));
  for (let n = 21; n <= 30; n += 1)
    rows.push(existingRow(n, { 'Email ID': `EX${String(n).padStart(3, '0')}@example.test` }));
  for (const invalid of INVALID_ROWS) rows.push(invalid.row);
  for (let n = 1; n <= 8; n += 1)
    rows.push({ ...newMemberRow(n), 'Mem. No': `imp/${String(n).padStart(4, '0')}`, City: 'Elsewhere' });
  rows.push({ 'Name of Member': 'Who Shares', 'Email ID': 'shared@example.test', City: 'Delhi' });
  for (let n = 11; n <= 15; n += 1) rows.push({ ...newMemberRow(950 + n), 'Email ID': `ex0${n}@example.test` });
  return rows;
}

export function realisticCsv(): string {
  const rows = realisticRows().map((row) => REALISTIC_HEADERS.map((h) => row[h] ?? ''));
  return stringify([REALISTIC_HEADERS, ...rows]);
}
