import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMoney, MISSING } from './format';

describe('formatMoney', () => {
  it('shows paise as rupees with Indian grouping', () => {
    expect(formatMoney(900000)).toBe('Rs 9,000.00');
    expect(formatMoney(10000000)).toBe('Rs 1,00,000.00');
    expect(formatMoney(1234567891)).toBe('Rs 1,23,45,678.91');
    expect(formatMoney(5)).toBe('Rs 0.05');
    expect(formatMoney(0)).toBe('Rs 0.00');
    expect(formatMoney(-5050)).toBe('-Rs 50.50');
    expect(formatMoney(null)).toBe(MISSING);
  });

  it('keeps every paisa of any amount, however large', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (paise) => {
        const shown = formatMoney(paise);
        expect(shown).toMatch(/^Rs \d{1,3}(,\d{2})*(,\d{3})?\.\d{2}$|^Rs \d{1,3}\.\d{2}$/);
        expect(BigInt(shown.replace(/[^\d]/g, ''))).toBe(paise);
      }),
    );
  });
});

describe('formatCount', () => {
  it('groups the Indian way', () => {
    expect(formatCount(100000)).toBe('1,00,000');
  });
});

describe('formatDate and formatDateTime', () => {
  it('show the day and time in Kolkata, whatever the zone of the machine', () => {
    expect(formatDate('2026-11-23T18:40:00Z')).toBe('24 Nov 2026');
    expect(formatDateTime('2026-11-23T18:40:00Z')).toBe('24 Nov 2026, 12:10 am');
    expect(formatDateTime(new Date('2026-04-01T06:30:00Z'))).toBe('1 Apr 2026, 12:00 pm');
  });

  it('reads a bare calendar date as that day', () => {
    expect(formatDate('2026-04-01')).toBe('1 Apr 2026');
    expect(formatDate('2027-03-31')).toBe('31 Mar 2027');
  });

  it('shows a dash for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe(MISSING);
    expect(formatDate('')).toBe(MISSING);
    expect(formatDateTime('not a date')).toBe(MISSING);
  });
});
