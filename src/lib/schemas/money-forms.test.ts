import { describe, expect, it } from 'vitest';
import { CouponBody, PaymentSettingsSchema as PaymentSettingsBody, ReportPaymentBody } from './money';
import {
  CouponFormSchema,
  ReportPaymentFormSchema,
  couponBodyOf,
  couponFormValuesOf,
  paiseToRupees,
  PaymentSettingsFormSchema,
  paymentSettingsFormValuesOf,
  reportPaymentBodyOf,
  rupeesToPaise,
} from './money-forms';

describe('rupees and paise', () => {
  it('converts by string arithmetic, without float rounding', () => {
    expect(rupeesToPaise('9000.5')).toBe(9_000_50);
    expect(rupeesToPaise('0.29')).toBe(29);
    expect(rupeesToPaise('1234567.89')).toBe(123_456_789);
    expect(paiseToRupees(9_000_50)).toBe('9000.50');
    expect(paiseToRupees(9_000_00)).toBe('9000');
  });
});

describe('the coupon form', () => {
  const values = {
    code: 'natcon-26',
    kind: 'flat' as const,
    value: '1000.50',
    scope: 'natcon' as const,
    validFrom: '2026-10-01',
    validTo: '2026-12-31',
    maxUses: '10',
    active: true,
  };

  it('gives the API a body its own schema accepts, with a flat value in paise', () => {
    const body = couponBodyOf(CouponFormSchema.parse(values));
    expect(body).toMatchObject({ value: 1_000_50, maxUses: 10 });
    expect(CouponBody.parse(body).code).toBe('NATCON-26');
  });

  it('round-trips a coupon for editing', () => {
    const item = { ...CouponBody.parse(couponBodyOf(CouponFormSchema.parse(values))), id: 1, uses: 0 };
    expect(
      couponFormValuesOf({ ...item, maxUses: item.maxUses, createdAt: '', updatedAt: '', status: 'usable' }),
    ).toEqual({ ...values, code: 'NATCON-26' });
  });

  it('refuses a fractional or too large percentage and an end before the start', () => {
    const parsed = CouponFormSchema.safeParse({ ...values, kind: 'percent', value: '12.5', validTo: '2026-09-01' });
    expect(parsed.error?.issues.map((i) => i.path[0]).sort()).toEqual(['validTo', 'value']);
    expect(CouponFormSchema.safeParse({ ...values, kind: 'percent', value: '101' }).success).toBe(false);
  });
});

describe('the report-payment form', () => {
  it('gives the API a body its own schema accepts, in paise and without spaces in the reference', () => {
    const values = ReportPaymentFormSchema.parse({
      mode: 'upi',
      reference: '4123 4567 8901',
      amount: '9000.50',
      paidOn: '2026-10-01',
    });
    const body = reportPaymentBodyOf(values);
    expect(body).toEqual({ mode: 'upi', reference: '412345678901', amount: 9_000_50, paidOn: '2026-10-01' });
    expect(ReportPaymentBody.safeParse(body).success).toBe(true);
  });

  it('puts the per-mode reference message and the amount message on their fields', () => {
    const parsed = ReportPaymentFormSchema.safeParse({
      mode: 'cheque',
      reference: '12',
      amount: '0',
      paidOn: '2026-10-01',
    });
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['reference', 'Enter the 6-digit cheque number.'],
      ['amount', 'Enter an amount above zero.'],
    ]);
  });
});

describe('the payment settings form', () => {
  const settings = {
    institute: { name: 'NIPM', address: 'Park Street, Kolkata', gstin: null },
    gst: { ratePercent: 18 },
    upi: { vpa: 'nipm@sbi', payeeName: 'NIPM' },
    bank: {
      accountName: 'NIPM',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      bankName: 'State Bank of India',
      branch: 'Park Street',
    },
  };

  it('gives back what it was filled from: empty boxes are none, the rate a number', () => {
    const values = paymentSettingsFormValuesOf(settings);
    expect(values.institute.gstin).toBe('');
    expect(values.gst.ratePercent).toBe('18');
    const parsed = PaymentSettingsFormSchema.parse(values);
    expect(parsed).toEqual(settings);
    expect(PaymentSettingsBody.parse(parsed)).toEqual(settings);
    const noGst = PaymentSettingsFormSchema.parse({ ...values, gst: { ratePercent: ' ' } });
    expect(noGst.gst.ratePercent).toBeNull();
  });

  it('refuses with the API’s messages, on the fields', () => {
    const values = paymentSettingsFormValuesOf(settings);
    const result = PaymentSettingsFormSchema.safeParse({
      ...values,
      institute: { ...values.institute, gstin: 'nope' },
      gst: { ratePercent: '40' },
      upi: { ...values.upi, vpa: 'no at sign' },
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({
      'institute.gstin': 'Enter a 15-character GSTIN, for example 19AAATN1234F1Z5.',
      'gst.ratePercent': 'Use 0 to 28.',
      'upi.vpa': 'Enter a UPI address such as nipm@sbi.',
    });
  });
});
