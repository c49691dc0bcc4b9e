import { describe, expect, it } from 'vitest';
import { matchColumns, mappingProblems, missingKeyColumns } from './columns';

describe('matching headers to fields', () => {
  it('matches the names chapters use, whatever their case, dots and spaces', () => {
    const { mapping, unknown } = matchColumns(
      [
        'Mem. No',
        'NAME OF MEMBER',
        'Email ID',
        'Mobile No.',
        'D.O.B',
        'Pin Code',
        'State/UT',
        'Paid Upto',
        'Blood Group',
      ],
      'members',
    );
    expect(mapping).toEqual({
      'Mem. No': 'memberNumber',
      'NAME OF MEMBER': 'fullName',
      'Email ID': 'email',
      'Mobile No.': 'mobile',
      'D.O.B': 'dateOfBirth',
      'Pin Code': 'pincode',
      'State/UT': 'state',
      'Paid Upto': 'paidThrough',
      'Blood Group': null,
    });
    expect(unknown).toEqual(['Blood Group']);
  });

  it('reads Membership No, M No and Membership Number as the membership number', () => {
    for (const header of ['Membership No', 'M No', 'Membership Number', 'memberNumber']) {
      expect(matchColumns([header], 'members').mapping[header], header).toBe('memberNumber');
    }
  });

  it('names repeated and blank headers apart, and lets the first of two columns for a field win', () => {
    const match = matchColumns(['Email', '', 'E-mail', 'Email'], 'members');
    expect(match.columns).toEqual(['Email', 'Column 2', 'E-mail', 'Email (2)']);
    expect(match.mapping).toEqual({ Email: 'email', 'Column 2': null, 'E-mail': null, 'Email (2)': null });
    expect(match.repeated).toEqual(['E-mail', 'Email (2)']);
    expect(match.unknown).toEqual(['Column 2']);
  });

  it('matches payment history columns', () => {
    const { mapping } = matchColumns(
      ['M No', 'FY', 'Amount (Rs)', 'Date of Payment', 'Mode', 'Cheque No', 'Receipt No'],
      'payments',
    );
    expect(Object.values(mapping)).toEqual([
      'memberNumber',
      'financialYear',
      'amount',
      'paidOn',
      'mode',
      'reference',
      'receiptNumber',
    ]);
  });
});

describe('mappings that cannot be used', () => {
  it('refuses a members file with no number, name or e-mail column, saying what it found', () => {
    const match = matchColumns(['Mobile', 'City', 'Remarks'], 'members');
    expect(missingKeyColumns(match, 'members')).toBe(
      'No membership number, name or e-mail column was recognised. Columns found: "Mobile", "City", "Remarks".',
    );
    expect(missingKeyColumns(matchColumns(['Email ID'], 'members'), 'members')).toBeNull();
  });

  it('refuses a payments file without its number, year and amount', () => {
    expect(missingKeyColumns(matchColumns(['M No', 'Paid On'], 'payments'), 'payments')).toBe(
      'A payments file needs the columns Financial Year, Amount. Columns found: "M No", "Paid On".',
    );
  });

  it('names a field mapped twice and a field the kind does not have', () => {
    expect(mappingProblems({ A: 'email', B: 'email', C: 'amount', D: null }, 'members')).toEqual({
      B: 'email is already read from "A".',
      C: '"amount" is not a field of a members file.',
    });
  });
});
