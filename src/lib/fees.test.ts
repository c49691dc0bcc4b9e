import { describe, expect, it } from 'vitest';
import { halfSubscription, membershipFee, type FeeSchedule } from './fees';

const associate: FeeSchedule = {
  classCode: 'associate',
  financialYear: 2026,
  entranceFee: 50_000,
  subscription: 150_100,
  oneTimeFee: 0,
};
const life: FeeSchedule = {
  classCode: 'life',
  financialYear: 2026,
  entranceFee: 100_000,
  subscription: 0,
  oneTimeFee: 2_500_000,
};
const student: FeeSchedule = {
  classCode: 'student',
  financialYear: 2026,
  entranceFee: 10_000,
  subscription: 50_050,
  oneTimeFee: 0,
};

describe('membershipFee', () => {
  it('charges the full subscription on 30 September and half from 1 October', () => {
    const september = membershipFee({ schedule: associate, on: '2026-09-30' });
    expect(september).toMatchObject({
      halfYear: false,
      subscription: 150_100,
      total: 200_100,
      financialYear: '2026-27',
    });
    const october = membershipFee({ schedule: associate, on: '2026-10-01' });
    // Half of Rs 1,501.00 is Rs 750.50, rounded up to the whole rupee: Rs 751.00.
    expect(october).toMatchObject({ halfYear: true, subscription: 75_100, entranceFee: 50_000, total: 125_100 });
  });

  it('halves on 31 March and charges in full again from 1 April, in the new financial year', () => {
    expect(membershipFee({ schedule: associate, on: '2027-03-31' })).toMatchObject({
      halfYear: true,
      subscription: 75_100,
      financialYear: '2026-27',
    });
    expect(membershipFee({ schedule: associate, on: '2027-04-01' })).toMatchObject({
      halfYear: false,
      subscription: 150_100,
      financialYear: '2027-28',
    });
  });

  it('never halves the Life one-time fee and charges no subscription', () => {
    for (const on of ['2026-04-01', '2026-10-01', '2027-03-31']) {
      expect(membershipFee({ schedule: life, on })).toMatchObject({
        halfYear: false,
        subscription: 0,
        oneTimeFee: 2_500_000,
        total: 2_600_000,
      });
    }
  });

  it('rounds a Student half subscription up to the rupee and keeps the entrance fee whole', () => {
    const quote = membershipFee({ schedule: student, on: '2026-12-15' });
    expect(quote).toMatchObject({ entranceFee: 10_000, subscription: 25_100, total: 35_100 });
    expect(halfSubscription(50_000)).toBe(25_000);
    expect(halfSubscription(1)).toBe(100);
  });

  it('caps a coupon larger than the amount at the amount: the total is zero, never negative', () => {
    const quote = membershipFee({ schedule: student, on: '2026-05-01', discount: 1_000_000, gstRatePercent: 18 });
    expect(quote).toMatchObject({ subtotal: 60_050, discount: 60_050, gst: 0, total: 0 });
  });

  it('adds GST on the amount after the discount', () => {
    const quote = membershipFee({ schedule: associate, on: '2026-05-01', discount: 100, gstRatePercent: 18 });
    expect(quote.subtotal).toBe(200_100);
    expect(quote.gst).toBe(Math.round((200_000 * 18) / 100));
    expect(quote.total).toBe(200_000 + 36_000);
  });
});
