import { describe, expect, it } from 'vitest';
import { memberStatus, yearsToRenew } from './member-status';

const associate = (paidThroughYear: number | null, admittedOn = '2020-05-10') => ({
  classCode: 'associate',
  paidThroughYear,
  admittedOn,
});

describe('memberStatus', () => {
  it('is active while the current financial year is paid', () => {
    expect(memberStatus(associate(2026), '2026-04-01')).toBe('active');
    expect(memberStatus(associate(2026), '2027-03-31')).toBe('active');
  });

  it('keeps a member who paid last year active until 30 June, a defaulter from 1 July', () => {
    expect(memberStatus(associate(2025), '2026-04-01')).toBe('active');
    expect(memberStatus(associate(2025), '2026-06-30')).toBe('active');
    expect(memberStatus(associate(2025), '2026-07-01')).toBe('defaulter');
  });

  it('makes the defaulter lapsed from 1 October', () => {
    expect(memberStatus(associate(2025), '2026-09-30')).toBe('defaulter');
    expect(memberStatus(associate(2025), '2026-10-01')).toBe('lapsed');
    expect(memberStatus(associate(2025), '2027-03-31')).toBe('lapsed');
  });

  it('keeps a member two or more years behind lapsed from the start of the year', () => {
    expect(memberStatus(associate(2024), '2026-04-01')).toBe('lapsed');
    expect(memberStatus(associate(null), '2026-05-01')).toBe('lapsed');
  });

  it('keeps Life members active whatever was paid', () => {
    expect(memberStatus({ classCode: 'life', paidThroughYear: null, admittedOn: '2001-01-01' }, '2026-10-01')).toBe(
      'active',
    );
    expect(memberStatus({ classCode: 'life', paidThroughYear: 2010, admittedOn: '2001-01-01' }, '2026-07-01')).toBe(
      'active',
    );
  });

  it('counts a payment for next year made in March from the day it is recorded and after 1 April', () => {
    // Paid 2026-27 in March 2026 (still financial year 2025-26), having paid 2025-26 already.
    expect(memberStatus(associate(2026), '2026-03-20')).toBe('active');
    expect(memberStatus(associate(2026), '2026-04-01')).toBe('active');
    expect(memberStatus(associate(2026), '2026-07-01')).toBe('active');
    expect(memberStatus(associate(2026), '2026-10-01')).toBe('active');
    // Without it, the same member falls behind on the usual dates.
    expect(memberStatus(associate(2025), '2026-07-01')).toBe('defaulter');
  });

  it('gives a member admitted this year before any payment the same window', () => {
    expect(memberStatus(associate(null, '2026-05-02'), '2026-06-30')).toBe('active');
    expect(memberStatus(associate(null, '2026-05-02'), '2026-07-01')).toBe('defaulter');
  });
});

describe('yearsToRenew', () => {
  it('offers the next year to a member whose current year is paid', () => {
    expect(yearsToRenew(associate(2026), '2026-11-01')).toEqual([2027]);
  });

  it('offers the current year to a member who paid last year', () => {
    expect(yearsToRenew(associate(2025), '2026-07-01')).toEqual([2026]);
  });

  it('offers every unpaid year to a lapsed member', () => {
    expect(yearsToRenew(associate(2023), '2026-10-01')).toEqual([2024, 2025, 2026]);
  });

  it('offers nothing to Life members or to a member paid two years ahead', () => {
    expect(yearsToRenew({ classCode: 'life', paidThroughYear: null, admittedOn: '2001-01-01' }, '2026-10-01')).toEqual(
      [],
    );
    expect(yearsToRenew(associate(2028), '2026-10-01')).toEqual([]);
  });
});
