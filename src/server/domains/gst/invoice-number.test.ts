import { describe, expect, it } from 'vitest';
import { creditNoteNumber, documentFinancialYear, invoiceNumber, shortFinancialYear } from './invoice-number';

describe('invoice numbers', () => {
  it('are 16 characters with the financial year', () => {
    expect(invoiceNumber(2026, 123)).toBe('NIPM/2627/000123');
    expect(invoiceNumber(2026, 999_999)).toHaveLength(16);
    expect(creditNoteNumber(2026, 1)).toBe('NIPM/2627/CN0001');
    expect(creditNoteNumber(2026, 9999)).toHaveLength(16);
    expect(shortFinancialYear(2099)).toBe('9900');
  });

  it('refuse serials that would not fit', () => {
    expect(() => invoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => invoiceNumber(2026, 1_000_000)).toThrow(RangeError);
    expect(() => creditNoteNumber(2026, 10_000)).toThrow(RangeError);
  });

  it('turn to the new financial year at midnight on 1 April in Kolkata, not in UTC', () => {
    expect(documentFinancialYear(new Date('2027-03-31T18:29:59Z'))).toBe(2026);
    expect(documentFinancialYear(new Date('2027-03-31T18:30:00Z'))).toBe(2027);
    expect(documentFinancialYear(new Date('2026-04-01T00:00:00Z'))).toBe(2026);
  });
});
