import { describe, expect, it } from 'vitest';
import type { Coupon } from '../../platform/db/schema';
import { couponDiscount, couponRefusal, normalizeCouponCode } from './coupons';

/** A coupon valid through November 2026 for membership, two uses, one taken. */
const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 1,
  code: 'JOIN10',
  kind: 'percent',
  value: 10,
  scope: 'membership',
  valid_from: '2026-11-01',
  valid_to: '2026-11-30',
  max_uses: 2,
  uses: 1,
  active: 1,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-01T00:00:00.000Z',
  ...overrides,
});

describe('what a coupon takes off', () => {
  it('takes a percentage rounded down to the paisa, and a flat sum as it stands', () => {
    expect(couponDiscount({ kind: 'percent', value: 10 }, 100_005)).toBe(10_000);
    expect(couponDiscount({ kind: 'flat', value: 50_000 }, 500_000)).toBe(50_000);
  });

  it('never takes more than the amount', () => {
    expect(couponDiscount({ kind: 'flat', value: 50_000 }, 30_000)).toBe(30_000);
    expect(couponDiscount({ kind: 'percent', value: 100 }, 30_000)).toBe(30_000);
  });
});

describe('when a coupon can be used', () => {
  const membership = { scope: 'membership' as const, on: '2026-11-15' };

  it('can be used on the first and the last day of its window, and not a day outside it', () => {
    expect(couponRefusal(coupon(), { ...membership, on: '2026-11-01' })).toBeUndefined();
    expect(couponRefusal(coupon(), { ...membership, on: '2026-11-30' })).toBeUndefined();
    expect(couponRefusal(coupon(), { ...membership, on: '2026-10-31' })).toBe(
      'This coupon can be used from 2026-11-01.',
    );
    expect(couponRefusal(coupon(), { ...membership, on: '2026-12-01' })).toBe('This coupon expired on 2026-11-30.');
  });

  it('is used for its own scope, for either when it is for both, and refused for the other', () => {
    expect(couponRefusal(coupon(), membership)).toBeUndefined();
    expect(couponRefusal(coupon({ scope: 'natcon' }), { ...membership, scope: 'natcon' })).toBeUndefined();
    expect(couponRefusal(coupon({ scope: 'both' }), { ...membership, scope: 'natcon' })).toBeUndefined();
    expect(couponRefusal(coupon(), { ...membership, scope: 'natcon' })).toBe('This coupon is for membership only.');
    expect(couponRefusal(coupon({ scope: 'natcon' }), membership)).toBe('This coupon is for NATCON only.');
  });

  it('gives its last use, and none after it', () => {
    expect(couponRefusal(coupon({ uses: 1, max_uses: 2 }), membership)).toBeUndefined();
    expect(couponRefusal(coupon({ uses: 2, max_uses: 2 }), membership)).toBe('This coupon has been used up.');
  });

  it('refuses a coupon switched off, and a code nobody issued', () => {
    expect(couponRefusal(coupon({ active: 0 }), membership)).toBe('This coupon is no longer active.');
    expect(couponRefusal(undefined, membership)).toBe('No coupon has this code.');
  });

  it('reads a code whatever its case and surrounding spaces', () => {
    expect(normalizeCouponCode('  join10 ')).toBe('JOIN10');
  });
});
