import { describe, expect, it } from 'vitest';
import { CouponBody, CouponPatchBody, ReportPaymentBody, paymentReferenceError } from './money';

describe('payment references per mode', () => {
  it('takes a 12-digit UTR or a UPI transaction id for UPI', () => {
    expect(paymentReferenceError('upi', '412345678901')).toBeUndefined();
    expect(paymentReferenceError('upi', 'T2409011234567890123456')).toBeUndefined();
    expect(paymentReferenceError('upi', '12345')).toMatch(/12-digit UTR/);
    expect(paymentReferenceError('upi', 'ABCDEFGHIJKLMNOPQ')).toMatch(/12-digit UTR/);
    expect(paymentReferenceError('upi', '')).toBeDefined();
  });

  it('takes an IMPS reference, a NEFT or an RTGS UTR for a bank transfer, in any case', () => {
    expect(paymentReferenceError('bank_transfer', '412345678901')).toBeUndefined();
    expect(paymentReferenceError('bank_transfer', 'hdfcn52022062824')).toBeUndefined();
    expect(paymentReferenceError('bank_transfer', 'HDFCR52022062800012345')).toBeUndefined();
    expect(paymentReferenceError('bank_transfer', 'HDFC123')).toMatch(/UTR/);
  });

  it('takes 6 digits for a demand draft or cheque', () => {
    expect(paymentReferenceError('demand_draft', '004512')).toBeUndefined();
    expect(paymentReferenceError('cheque', '123456')).toBeUndefined();
    expect(paymentReferenceError('cheque', '12345')).toMatch(/6-digit cheque/);
    expect(paymentReferenceError('demand_draft', '1234567')).toMatch(/6-digit demand draft/);
  });

  it('lets cash go without a reference', () => {
    expect(paymentReferenceError('cash', null)).toBeUndefined();
  });

  it('puts the message on the reference field of the report body', () => {
    const parsed = ReportPaymentBody.safeParse({ mode: 'cheque', reference: '12', amount: 100, paidOn: '2026-10-01' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['reference']);
    const extra = ReportPaymentBody.safeParse({
      mode: 'cheque',
      reference: '123456',
      amount: 100,
      paidOn: '2026-10-01',
      state: 'verified',
    });
    expect(extra.success).toBe(false);
  });
});

describe('coupon bodies', () => {
  const base = {
    code: 'natcon-26',
    kind: 'percent',
    value: 10,
    scope: 'natcon',
    validFrom: '2026-10-01',
    validTo: '2026-12-31',
    maxUses: 10,
  };

  it('upper-cases the code and defaults to active', () => {
    const parsed = CouponBody.parse(base);
    expect(parsed.code).toBe('NATCON-26');
    expect(parsed.active).toBe(true);
  });

  it('refuses a percentage above 100 and a window that ends before it starts', () => {
    const parsed = CouponBody.safeParse({ ...base, value: 101, validTo: '2026-09-30' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['validTo', 'value']);
  });

  it('refuses an empty change', () => {
    expect(CouponPatchBody.safeParse({}).success).toBe(false);
    expect(CouponPatchBody.safeParse({ active: false }).success).toBe(true);
  });
});
