import { describe, expect, it } from 'vitest';
import { gstOnTaxable, halfRateTax, rateBasisPoints } from './gst-amount';

describe('GST amounts', () => {
  it('works in hundredths of a per cent', () => {
    expect(rateBasisPoints(18)).toBe(1800);
    expect(rateBasisPoints(2.5)).toBe(250);
    expect(rateBasisPoints(0.25)).toBe(25);
    expect(() => rateBasisPoints(18.125)).toThrow(RangeError);
    expect(() => rateBasisPoints(-1)).toThrow(RangeError);
  });

  it('is twice the half-rate tax, so it splits into equal CGST and SGST', () => {
    expect(halfRateTax(1_000_000, 18)).toBe(90_000);
    expect(gstOnTaxable(1_000_000, 18)).toBe(180_000);
    expect(gstOnTaxable(105, 18)).toBe(18); // 9.45 → 9, twice
    expect(gstOnTaxable(50, 18)).toBe(10); // 4.5 → 5, twice
    expect(gstOnTaxable(1_000_000, null)).toBe(0);
    expect(gstOnTaxable(1_000_000, 0)).toBe(0);
  });
});
