import { halfRateTax, rateBasisPoints } from '../../../lib/gst-amount';

/**
 * The tax lines of an invoice. A supply whose place of supply is in the institute's own State is
 * intra-State: half the rate is central tax (CGST) and half State tax (SGST, or UTGST in a Union
 * Territory without a legislature); any other is inter-State: the whole rate is integrated tax
 * (IGST). Each tax is worked out once per line, to the paisa, by the rounding in
 * src/lib/gst-amount.ts (half the rate, half a paisa up; IGST is twice that), so CGST equals SGST,
 * the invoice adds up to the price the payer was quoted, and the lines add up to the totals exactly
 * because the totals are their sums.
 */
export type TaxSplit = 'intra' | 'inter';

export function taxSplit(supplierStateCode: string, placeOfSupplyCode: string): TaxSplit {
  return supplierStateCode === placeOfSupplyCode ? 'intra' : 'inter';
}

/** What is charged on one line, in paise, before tax. */
export interface ChargeLine {
  description: string;
  sac: string;
  /** How many (delegates of a category); 1 when not counted. */
  quantity?: number;
  /** The value before discount (all of the quantity). */
  amount: number;
  /** Taken off the amount before tax; never more than it. */
  discount?: number;
  ratePercent: number;
}

export interface TaxedLine {
  description: string;
  sac: string;
  quantity: number;
  amount: number;
  discount: number;
  /** Amount less discount: what the tax is on. */
  taxableValue: number;
  ratePercent: number;
  cgstPercent: number;
  sgstPercent: number;
  igstPercent: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Taxable value plus its taxes. */
  total: number;
}

export interface TaxTotals {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

function paise(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole paise: ${value}`);
  return value;
}

export function taxLine(line: ChargeLine, split: TaxSplit): TaxedLine {
  const amount = paise(line.amount, 'An amount');
  const discount = paise(line.discount ?? 0, 'A discount');
  if (discount > amount) throw new RangeError(`A discount of ${discount} is more than the amount ${amount}.`);
  const taxableValue = amount - discount;
  const half = halfRateTax(taxableValue, line.ratePercent);
  // Half of a rate with two decimals can have a third (2.5 → 1.25): keep it in hundredths exactly.
  const halfPercent = rateBasisPoints(line.ratePercent) / 200;
  const intra = split === 'intra';
  const cgst = intra ? half : 0;
  const sgst = intra ? half : 0;
  const igst = intra ? 0 : 2 * half;
  return {
    description: line.description,
    sac: line.sac,
    quantity: line.quantity ?? 1,
    amount,
    discount,
    taxableValue,
    ratePercent: line.ratePercent,
    cgstPercent: intra ? halfPercent : 0,
    sgstPercent: intra ? halfPercent : 0,
    igstPercent: intra ? 0 : line.ratePercent,
    cgst,
    sgst,
    igst,
    total: taxableValue + cgst + sgst + igst,
  };
}

export function sumTaxes(lines: readonly Omit<TaxTotals, 'total'>[]): TaxTotals {
  const totals = { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
  for (const line of lines) {
    totals.taxableValue += line.taxableValue;
    totals.cgst += line.cgst;
    totals.sgst += line.sgst;
    totals.igst += line.igst;
  }
  totals.total = totals.taxableValue + totals.cgst + totals.sgst + totals.igst;
  return totals;
}

/**
 * Shares a discount given on a whole order (a coupon) out over its lines in proportion to their
 * amounts, largest remainders first, so the shares add up to the discount to the paisa.
 */
export function allocateDiscount(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((sum, amount) => sum + paise(amount, 'An amount'), 0);
  paise(discount, 'A discount');
  if (discount > total) throw new RangeError(`A discount of ${discount} is more than the amounts ${total}.`);
  if (total === 0) return amounts.map(() => 0);
  // In whole numbers (BigInt: amount × discount can pass 2^53): each share's floor and what it left.
  const parts = amounts.map((amount, index) => {
    const product = BigInt(amount) * BigInt(discount);
    return { index, share: Number(product / BigInt(total)), rest: product % BigInt(total) };
  });
  let left = discount - parts.reduce((sum, part) => sum + part.share, 0);
  const byRemainder = [...parts].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index));
  for (const part of byRemainder) {
    if (left === 0) break;
    part.share += 1;
    left -= 1;
  }
  const shares = parts.map((part) => part.share);
  return shares;
}

export interface InvoiceTax {
  split: TaxSplit;
  lines: TaxedLine[];
  totals: TaxTotals;
}

/**
 * The taxes of a would-be invoice, or null when the institute has no GSTIN set: an unregistered
 * supplier issues no tax invoice (the payer still gets the receipt).
 */
export function invoiceTax(input: {
  supplier: { gstin: string | null; stateCode: string | null };
  placeOfSupplyCode: string;
  lines: readonly ChargeLine[];
}): InvoiceTax | null {
  const { gstin, stateCode } = input.supplier;
  if (!gstin || !stateCode) return null;
  const split = taxSplit(stateCode, input.placeOfSupplyCode);
  const lines = input.lines.map((line) => taxLine(line, split));
  return { split, lines, totals: sumTaxes(lines) };
}
