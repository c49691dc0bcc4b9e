import { describe, expect, it } from 'vitest';
import { allocateDiscount, invoiceTax, taxLine } from './tax';

const supplier = { gstin: '19AAATN1234F1ZV', stateCode: '19' };
const delegate = { description: 'NATCON delegate fee', sac: '998596', ratePercent: 18 };

describe('tax on a line', () => {
  it('intra-State: half the rate each as CGST and SGST', () => {
    expect(taxLine({ ...delegate, amount: 1_000_000 }, 'intra')).toMatchObject({
      taxableValue: 1_000_000,
      cgstPercent: 9,
      sgstPercent: 9,
      igstPercent: 0,
      cgst: 90_000,
      sgst: 90_000,
      igst: 0,
      total: 1_180_000,
    });
  });

  it('inter-State: the whole rate as IGST', () => {
    expect(taxLine({ ...delegate, amount: 1_000_000 }, 'inter')).toMatchObject({
      cgst: 0,
      sgst: 0,
      igst: 180_000,
      igstPercent: 18,
      total: 1_180_000,
    });
  });

  it('odd paise: CGST equals SGST, IGST equals the two, half a paisa rounds up', () => {
    // 12345 × 9% = 1111.05 → 1111; 10005 × 2.5% = 250.125 → 250; 10 × 2.5% = 0.25 → 0; 30 × 2.5% = 0.75 → 1.
    expect(taxLine({ ...delegate, amount: 12_345 }, 'intra')).toMatchObject({ cgst: 1111, sgst: 1111, total: 14_567 });
    expect(taxLine({ ...delegate, amount: 12_345 }, 'inter')).toMatchObject({ igst: 2222, total: 14_567 });
    expect(taxLine({ ...delegate, ratePercent: 5, amount: 10_005 }, 'intra')).toMatchObject({
      cgstPercent: 2.5,
      cgst: 250,
      sgst: 250,
    });
    expect(taxLine({ ...delegate, ratePercent: 5, amount: 30 }, 'intra')).toMatchObject({ cgst: 1, sgst: 1 });
    // 50 × 9% = 4.5 paise: exactly half a paisa goes up.
    expect(taxLine({ ...delegate, amount: 50 }, 'intra')).toMatchObject({ cgst: 5, sgst: 5 });
  });

  it('a discount lowers the taxable value before tax', () => {
    expect(taxLine({ ...delegate, amount: 900_000, discount: 90_000 }, 'intra')).toMatchObject({
      amount: 900_000,
      discount: 90_000,
      taxableValue: 810_000,
      cgst: 72_900,
      sgst: 72_900,
      total: 955_800,
    });
    expect(() => taxLine({ ...delegate, amount: 100, discount: 101 }, 'intra')).toThrow(RangeError);
  });

  it('0%: a line with no tax', () => {
    expect(taxLine({ ...delegate, ratePercent: 0, amount: 500_000 }, 'inter')).toMatchObject({
      igst: 0,
      total: 500_000,
    });
  });
});

describe('invoiceTax', () => {
  it('issues nothing when the institute has no GSTIN', () => {
    expect(
      invoiceTax({
        supplier: { gstin: null, stateCode: '19' },
        placeOfSupplyCode: '19',
        lines: [{ ...delegate, amount: 100 }],
      }),
    ).toBeNull();
  });

  it('chooses the split by the place of supply and adds the lines up to the totals exactly', () => {
    const lines = [
      { ...delegate, quantity: 3, amount: 2_700_001, discount: 33_333 },
      { description: 'Award nomination', sac: '999512', amount: 500_099, ratePercent: 18 },
      { description: 'Printed proceedings', sac: '999512', amount: 77_777, ratePercent: 0 },
    ];
    const intra = invoiceTax({ supplier, placeOfSupplyCode: '19', lines })!;
    const inter = invoiceTax({ supplier, placeOfSupplyCode: '27', lines })!;
    expect(intra.split).toBe('intra');
    expect(inter.split).toBe('inter');
    for (const { lines: taxed, totals } of [intra, inter]) {
      const sum = (key: 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total') => taxed.reduce((s, l) => s + l[key], 0);
      expect(totals).toEqual({
        taxableValue: sum('taxableValue'),
        cgst: sum('cgst'),
        sgst: sum('sgst'),
        igst: sum('igst'),
        total: sum('total'),
      });
    }
    expect(intra.totals.cgst).toBe(intra.totals.sgst);
    // The same price either way: the payer was quoted before the place of supply was known.
    expect(intra.totals.total).toBe(inter.totals.total);
    expect(inter.totals.igst).toBe(intra.totals.cgst + intra.totals.sgst);
  });
});

describe('allocateDiscount', () => {
  it('shares a discount in proportion, adding up to it exactly', () => {
    expect(allocateDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(allocateDiscount([2_700_000, 500_000], 100_001)).toEqual([84_376, 15_625]);
    expect(allocateDiscount([0, 0], 0)).toEqual([0, 0]);
    const big = allocateDiscount([9_000_000_000_01, 3], 9_000_000_000_00);
    expect(big[0] + big[1]).toBe(9_000_000_000_00);
  });

  it('refuses more discount than there is', () => {
    expect(() => allocateDiscount([100], 101)).toThrow(RangeError);
  });
});
