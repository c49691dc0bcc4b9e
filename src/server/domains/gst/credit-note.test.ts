import { describe, expect, it } from 'vitest';
import {
  creditNoteDeadline,
  CreditExceedsInvoice,
  creditNoteTax,
  isCreditNoteLate,
  remainingLines,
} from './credit-note';
import { invoiceTax } from './tax';

const supplier = { gstin: '19AAATN1234F1ZV', stateCode: '19' };
const lines = [
  { description: 'NATCON delegate fee', sac: '998596', quantity: 2, amount: 1_800_000, ratePercent: 18 },
  { description: 'Award nomination', sac: '999512', amount: 300_000, ratePercent: 12 },
];

describe('credit notes', () => {
  it('a whole cancellation reverses exactly what the invoice charged', () => {
    const invoice = invoiceTax({ supplier, placeOfSupplyCode: '19', lines })!;
    const note = creditNoteTax(remainingLines(invoice, []), invoice.split, invoice.totals.total);
    expect(note.totals).toEqual(invoice.totals);
    expect(note.lines.map((l) => [l.cgst, l.sgst, l.igst])).toEqual(invoice.lines.map((l) => [l.cgst, l.sgst, l.igst]));
  });

  it('a part refund reverses intra-State tax as equal CGST and SGST, adding up to the amount', () => {
    const invoice = invoiceTax({ supplier, placeOfSupplyCode: '19', lines: [lines[0]] })!;
    // One of two delegates: 9000 + 18% = 10620 rupees back.
    const note = creditNoteTax(remainingLines(invoice, []), invoice.split, 1_062_000);
    expect(note.totals).toEqual({ taxableValue: 900_000, cgst: 81_000, sgst: 81_000, igst: 0, total: 1_062_000 });
    expect(note.lines[0]).toMatchObject({ cgstPercent: 9, sgstPercent: 9, igstPercent: 0 });
  });

  it('an inter-State invoice is reversed as IGST, odd amounts included', () => {
    const invoice = invoiceTax({ supplier, placeOfSupplyCode: '27', lines })!;
    const note = creditNoteTax(remainingLines(invoice, []), invoice.split, 123_457);
    expect(note.totals.cgst + note.totals.sgst).toBe(0);
    expect(note.totals.total).toBe(123_457);
    expect(note.totals.igst).toBeGreaterThan(0);
    // Each line's part keeps near its rate: IGST / taxable ≈ 18% and 12%.
    expect(Math.abs(note.lines[0].igst / note.lines[0].taxableValue - 0.18)).toBeLessThan(0.001);
    expect(Math.abs(note.lines[1].igst / note.lines[1].taxableValue - 0.12)).toBeLessThan(0.001);
  });

  it('never credits more than the invoice has left', () => {
    const invoice = invoiceTax({ supplier, placeOfSupplyCode: '19', lines })!;
    const first = creditNoteTax(remainingLines(invoice, []), invoice.split, 1_000_001);
    const left = remainingLines(invoice, [first.lines]);
    const leftTotal = invoice.totals.total - first.totals.total;
    expect(() => creditNoteTax(left, invoice.split, leftTotal + 1)).toThrow(CreditExceedsInvoice);
    const rest = creditNoteTax(left, invoice.split, leftTotal);
    // Both notes together reverse the invoice to the paisa, head by head.
    for (const key of ['taxableValue', 'cgst', 'sgst', 'igst', 'total'] as const) {
      expect(first.totals[key] + rest.totals[key]).toBe(invoice.totals[key]);
    }
    expect(() => creditNoteTax(left, invoice.split, 0)).toThrow(RangeError);
  });

  it('warns after 30 November following the invoice’s financial year', () => {
    expect(creditNoteDeadline('2026-05-10')).toBe('2027-11-30');
    expect(creditNoteDeadline('2027-03-31')).toBe('2027-11-30');
    expect(creditNoteDeadline('2027-04-01')).toBe('2028-11-30');
    expect(isCreditNoteLate('2026-05-10', '2027-11-30')).toBe(false);
    expect(isCreditNoteLate('2026-05-10', '2027-12-01')).toBe(true);
  });
});
