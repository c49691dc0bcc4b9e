import { gstOnTaxable } from './gst-amount';
import { financialYearLabel, financialYearStart, isSecondHalfOfFinancialYear } from './financial-year';
import type { MembershipClassCode } from './membership-classes';

/**
 * The membership fee rule (docs/architecture.md, "Domain rules"): the entrance fee is always paid in full; the
 * annual subscription in full for admission in April-September and half, rounded up to the whole
 * rupee, for October-March; Life members pay a one-time fee that is never halved. Every amount is
 * integer paise. Pure: the schedule, the date (Kolkata calendar date) and any discount or GST rate
 * come in as arguments, so the rule is tested on its own and the browser can show the same sums.
 */
export interface FeeSchedule {
  classCode: MembershipClassCode;
  /** The financial year the schedule is for (start year: 2026 = 2026-27). */
  financialYear: number;
  entranceFee: number;
  /** Annual subscription; 0 for Life. */
  subscription: number;
  /** One-time fee (Life); 0 for the other classes. */
  oneTimeFee: number;
}

export interface FeeQuote {
  classCode: MembershipClassCode;
  /** `2026-27`: the financial year of the date the quote is for. */
  financialYear: string;
  entranceFee: number;
  /** The subscription charged: half of the annual one in the second half of the year. */
  subscription: number;
  oneTimeFee: number;
  /** The subscription was halved (admission in October-March). */
  halfYear: boolean;
  /** Before discount and GST. */
  subtotal: number;
  discount: number;
  /** GST rate applied, in percent; null when none is set. */
  gstRatePercent: number | null;
  gst: number;
  total: number;
}

const PAISE_PER_RUPEE = 100;

/** Half of an annual subscription, rounded up to the whole rupee. */
export function halfSubscription(annual: number): number {
  return Math.ceil(annual / 2 / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
}

export function membershipFee(input: {
  schedule: FeeSchedule;
  /** The admission date in Kolkata, `YYYY-MM-DD`. */
  on: string;
  /** A coupon's discount in paise; never more than the subtotal. */
  discount?: number;
  gstRatePercent?: number | null;
}): FeeQuote {
  const { schedule, on } = input;
  const life = schedule.classCode === 'life';
  const halfYear = !life && isSecondHalfOfFinancialYear(on);
  const subscription = life ? 0 : halfYear ? halfSubscription(schedule.subscription) : schedule.subscription;
  const oneTimeFee = life ? schedule.oneTimeFee : 0;
  const subtotal = schedule.entranceFee + subscription + oneTimeFee;
  const discount = Math.min(Math.max(0, Math.round(input.discount ?? 0)), subtotal);
  const rate = input.gstRatePercent ?? null;
  const taxable = subtotal - discount;
  const gst = gstOnTaxable(taxable, rate);
  return {
    classCode: schedule.classCode,
    financialYear: financialYearLabel(financialYearStart(on)),
    entranceFee: schedule.entranceFee,
    subscription,
    oneTimeFee,
    halfYear,
    subtotal,
    discount,
    gstRatePercent: rate,
    gst,
    total: taxable + gst,
  };
}
