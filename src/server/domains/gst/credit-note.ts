import { financialYearStart } from '../../../lib/financial-year';
import { halfRateTax, rateBasisPoints } from '../../../lib/gst-amount';
import { allocateDiscount, sumTaxes, type InvoiceTax, type TaxedLine, type TaxSplit, type TaxTotals } from './tax';

/**
 * What a credit note reverses (CGST Act section 34): part or all of an invoice's value, never more
 * than what earlier credit notes left of it, with the tax reversed in the invoice's own split
 * (CGST and SGST, or IGST) and at each line's rate.
 *
 * The amount credited is what goes back to the buyer, tax included. A credit of the whole remaining
 * value reverses exactly what remains of each line. A part is shared over the lines in proportion
 * to what remains of them; on each line the tax is worked out on the taxable part of the share
 * (share × 100 / (100 + rate)) by the same rounding as invoices, and the taxable value takes the
 * rest, so the credit note adds up to exactly the amount credited and CGST still equals SGST.
 */
export interface RemainingLine {
  description: string;
  sac: string;
  ratePercent: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export type CreditedLine = Omit<TaxedLine, 'quantity' | 'amount' | 'discount'>;

export interface CreditNoteTax {
  lines: CreditedLine[];
  totals: TaxTotals;
}

function lineTotal(line: RemainingLine): number {
  return line.taxableValue + line.cgst + line.sgst + line.igst;
}

function percents(split: TaxSplit, ratePercent: number) {
  const half = rateBasisPoints(ratePercent) / 200;
  return split === 'intra'
    ? { cgstPercent: half, sgstPercent: half, igstPercent: 0 }
    : { cgstPercent: 0, sgstPercent: 0, igstPercent: ratePercent };
}

function whole(line: RemainingLine, split: TaxSplit): CreditedLine {
  return { ...line, ...percents(split, line.ratePercent), total: lineTotal(line) };
}

function part(line: RemainingLine, split: TaxSplit, share: number): CreditedLine {
  const basisPoints = rateBasisPoints(line.ratePercent);
  // The taxable part of a tax-inclusive share, to the nearest paisa (integers: share × 10000 / (10000 + bp)).
  const taxablePart = Math.floor((share * 20_000 + 10_000 + basisPoints) / (2 * (10_000 + basisPoints)));
  const cap = split === 'intra' ? Math.min(line.cgst, line.sgst) : Math.floor(line.igst / 2);
  const half = Math.min(halfRateTax(taxablePart, line.ratePercent), cap);
  const taxableValue = Math.min(share - 2 * half, line.taxableValue);
  const intra = split === 'intra';
  const cgst = intra ? half : 0;
  const sgst = intra ? half : 0;
  const igst = intra ? 0 : share - taxableValue;
  return {
    description: line.description,
    sac: line.sac,
    ratePercent: line.ratePercent,
    ...percents(split, line.ratePercent),
    taxableValue,
    cgst,
    sgst,
    igst,
    total: taxableValue + cgst + sgst + igst,
  };
}

/** The remaining value of an invoice: its lines less every credit note already issued against it. */
export function remainingLines(
  invoice: Pick<InvoiceTax, 'lines'>,
  credited: readonly CreditedLine[][],
): RemainingLine[] {
  return invoice.lines.map((line, index) => {
    const taken = credited.map((note) => note[index]).filter(Boolean);
    const less = (key: 'taxableValue' | 'cgst' | 'sgst' | 'igst') =>
      line[key] - taken.reduce((sum, credit) => sum + credit[key], 0);
    return {
      description: line.description,
      sac: line.sac,
      ratePercent: line.ratePercent,
      taxableValue: less('taxableValue'),
      cgst: less('cgst'),
      sgst: less('sgst'),
      igst: less('igst'),
    };
  });
}

export class CreditExceedsInvoice extends RangeError {
  constructor(
    readonly amount: number,
    readonly remaining: number,
  ) {
    super(`A credit of ${amount} paise is more than the ${remaining} paise left of the invoice.`);
  }
}

export function creditNoteTax(remaining: readonly RemainingLine[], split: TaxSplit, amount: number): CreditNoteTax {
  const totals = remaining.map(lineTotal);
  const left = totals.reduce((sum, total) => sum + total, 0);
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`A credit must be whole paise above 0: ${amount}`);
  if (amount > left) throw new CreditExceedsInvoice(amount, left);
  const shares = amount === left ? totals : allocateDiscount(totals, amount);
  const lines = remaining.map((line, index) =>
    shares[index] === totals[index] ? whole(line, split) : part(line, split, shares[index]),
  );
  return { lines, totals: sumTaxes(lines) };
}

/**
 * The last day a credit note can still reduce the tax of an invoice's year (section 34(2)): 30
 * November after the end of the financial year the invoice was issued in (the annual return, if
 * filed earlier, ends it sooner, which the site cannot know).
 */
export function creditNoteDeadline(invoiceDate: string): string {
  return `${financialYearStart(invoiceDate) + 1}-11-30`;
}

export function isCreditNoteLate(invoiceDate: string, creditNoteDate: string): boolean {
  return creditNoteDate > creditNoteDeadline(invoiceDate);
}
