import { describe, expect, it } from 'vitest';
import { quoteReceiptLines } from './payments';

/** A membership receipt lists what the application's quote charged, one line per part, in the quote's own words. */
describe('quoteReceiptLines', () => {
  const quote = {
    classCode: 'associate' as const,
    financialYear: '2026-27',
    entranceFee: 50_000,
    subscription: 150_000,
    oneTimeFee: 0,
    halfYear: false,
    subtotal: 200_000,
    discount: 20_000,
    gstRatePercent: 18,
    gst: 32_400,
    total: 212_400,
    coupon: 'HRDAY',
  };

  it('names a full year’s subscription by its year alone, and the coupon and GST rate on their lines', () => {
    expect(quoteReceiptLines(quote)).toEqual([
      { kind: 'item', label: 'Entrance fee (Associate)', amount: 50_000 },
      { kind: 'item', label: 'Subscription 2026-27', amount: 150_000 },
      { kind: 'discount', label: 'Coupon HRDAY', amount: 20_000 },
      { kind: 'gst', label: 'GST 18%', amount: 32_400 },
      { kind: 'total', label: 'Total', amount: 212_400 },
    ]);
  });

  it('says when a subscription is for the half year from October, and lists a life member’s one-time fee', () => {
    const lines = quoteReceiptLines({
      ...quote,
      classCode: 'life',
      entranceFee: 0,
      subscription: 75_000,
      halfYear: true,
      oneTimeFee: 1_000_000,
      discount: 0,
      coupon: null,
      gst: 0,
      gstRatePercent: null,
      total: 1_075_000,
    });
    expect(lines.map((line) => line.label)).toEqual([
      'Subscription 2026-27 (half year, October-March)',
      'Life membership (one-time fee)',
      'Total',
    ]);
  });
});
