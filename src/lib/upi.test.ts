import { describe, expect, it } from 'vitest';
import { upiPayLink } from './upi';

describe('upiPayLink', () => {
  it('builds the upi://pay link with the amount in rupees and the note', () => {
    const link = upiPayLink({ vpa: 'nipm@sbi', payeeName: 'NIPM Kolkata', amount: 9_000_50, note: 'APP-2026-000123' });
    expect(link).toBe('upi://pay?pa=nipm%40sbi&pn=NIPM%20Kolkata&am=9000.50&cu=INR&tn=APP-2026-000123');
  });

  it('encodes spaces as %20, never +, and keeps the note short', () => {
    const link = upiPayLink({ vpa: 'a@b', payeeName: 'A & B', amount: 100, note: 'x'.repeat(80) });
    expect(link).toContain('pn=A%20%26%20B');
    expect(new URL(link.replace('upi://', 'http://x/')).searchParams.get('tn')).toHaveLength(50);
  });

  it('refuses an amount that is not positive paise', () => {
    expect(() => upiPayLink({ vpa: 'a@b', payeeName: 'A', amount: 0, note: '' })).toThrow(RangeError);
  });
});
