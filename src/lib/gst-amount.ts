/**
 * The one rounding of GST in the platform, shared by the prices a payer is quoted (fees, NATCON
 * orders) and the tax invoice issued when the payment is verified, so the invoice always adds up
 * to what was paid.
 *
 * Tax is worked out at HALF the rate, to the paisa, half a paisa rounded up; that amount is the
 * CGST and also the SGST (or UTGST), and twice it is the IGST. So CGST always equals SGST, and the
 * price is the same whether the supply turns out intra-State or inter-State (the place of supply
 * is often known only later). Where the exact tax has a fraction of a paisa this can differ from
 * rounding the whole tax once by at most one paisa; at whole-rupee taxable values and the usual
 * rates (5, 12, 18, 28 per cent on even rupees; 12, 18, 28 on any) nothing is rounded at all.
 */

/** A rate in per cent (18, 2.5, 0.25) as whole hundredths of a per cent (1800, 250, 25). */
export function rateBasisPoints(ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  if (!Number.isFinite(ratePercent) || ratePercent < 0 || Math.abs(basisPoints - ratePercent * 100) > 1e-6) {
    throw new RangeError(`Not a GST rate with at most two decimals: ${ratePercent}`);
  }
  return basisPoints;
}

/** Tax at half the rate on a taxable value in paise: the CGST, and equally the SGST. */
export function halfRateTax(taxablePaise: number, ratePercent: number): number {
  if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) throw new RangeError(`Not paise: ${taxablePaise}`);
  // taxable × (bp / 100) per cent ÷ 2 = taxable × bp / 20000; + 10000 before flooring rounds half up.
  return Math.floor((taxablePaise * rateBasisPoints(ratePercent) + 10_000) / 20_000);
}

/** The whole GST on a taxable value (CGST + SGST, or IGST); 0 when no rate is set. */
export function gstOnTaxable(taxablePaise: number, ratePercent: number | null): number {
  return ratePercent ? 2 * halfRateTax(taxablePaise, ratePercent) : 0;
}
