import { describe, expect, it } from 'vitest';
import {
  financialYearLabel,
  financialYearOf,
  financialYearStart,
  isCalendarDay,
  isSecondHalfOfFinancialYear,
  kolkataDate,
  parseFinancialYearLabel,
} from './financial-year';

describe('financial year', () => {
  it('turns on 1 April', () => {
    expect(financialYearStart('2027-03-31')).toBe(2026);
    expect(financialYearStart('2027-04-01')).toBe(2027);
    expect(financialYearOf('2026-10-01')).toEqual({
      startYear: 2026,
      label: '2026-27',
      startsOn: '2026-04-01',
      endsOn: '2027-03-31',
    });
  });

  it('writes and reads labels across the century', () => {
    expect(financialYearLabel(2099)).toBe('2099-00');
    expect(parseFinancialYearLabel('2026-27')).toBe(2026);
    expect(parseFinancialYearLabel('2026-28')).toBeUndefined();
    expect(parseFinancialYearLabel('26-27')).toBeUndefined();
  });

  it('splits the year into halves at 1 October', () => {
    expect(isSecondHalfOfFinancialYear('2026-09-30')).toBe(false);
    expect(isSecondHalfOfFinancialYear('2026-10-01')).toBe(true);
    expect(isSecondHalfOfFinancialYear('2027-03-31')).toBe(true);
    expect(isSecondHalfOfFinancialYear('2027-04-01')).toBe(false);
  });

  it('takes the date in Kolkata, not in UTC', () => {
    // 31 March 2027, 19:00 UTC is already 1 April 00:30 in Kolkata: the new financial year.
    expect(kolkataDate(new Date('2027-03-31T19:00:00Z'))).toBe('2027-04-01');
    expect(kolkataDate(new Date('2027-03-31T18:29:59Z'))).toBe('2027-03-31');
  });

  it('refuses what is not a date', () => {
    expect(() => financialYearStart('2026-4-1')).toThrow(RangeError);
  });

  it('knows a calendar day: real days only, written YYYY-MM-DD and nothing else', () => {
    expect(['2026-11-28', '2024-02-29', '2000-02-29', '2026-12-31'].filter(isCalendarDay)).toHaveLength(4);
    const notDays = ['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-11-00'];
    const notWritten = ['2026-11-2', '26-11-28', ' 2026-11-28', '2026-11-28x', '+02026-11-28', '2026-11-28T05:00', ''];
    expect([...notDays, ...notWritten].filter(isCalendarDay)).toEqual([]);
  });
});
