import { describe, expect, it } from 'vitest';
import { DAILY_TIME_PATTERN } from '../daily-time';
import { nextRunAt } from './scheduler';
import { parseEnv } from '../env';

describe('the daily jobs’ clock', () => {
  it('finds the next moment the clock in Kolkata reads the time, today or tomorrow', () => {
    // 07:00 in Kolkata is 01:30 UTC.
    expect(nextRunAt(new Date('2027-07-01T01:00:00Z'), '07:00').toISOString()).toBe('2027-07-01T01:30:00.000Z');
    expect(nextRunAt(new Date('2027-07-01T01:30:00Z'), '07:00').toISOString()).toBe('2027-07-02T01:30:00.000Z');
    expect(nextRunAt(new Date('2027-07-01T20:00:00Z'), '07:00').toISOString()).toBe('2027-07-02T01:30:00.000Z');
    // 23:45 UTC on 30 June is already 1 July in Kolkata.
    expect(nextRunAt(new Date('2027-06-30T23:45:00Z'), '00:30').toISOString()).toBe('2027-07-01T19:00:00.000Z');
    expect(nextRunAt(new Date('2028-02-28T20:00:00Z'), '23:59').toISOString()).toBe('2028-02-29T18:29:00.000Z');
  });

  it('takes DAILY_JOBS_AT as HH:MM or off, 07:00 when unset, and refuses anything else', () => {
    expect(parseEnv({}).DAILY_JOBS_AT).toBe('07:00');
    expect(parseEnv({ DAILY_JOBS_AT: 'off' }).DAILY_JOBS_AT).toBe('off');
    expect(parseEnv({ DAILY_JOBS_AT: '23:59' }).DAILY_JOBS_AT).toBe('23:59');
    for (const wrong of ['7:00', '24:00', '07:60', 'never', '07:00:00']) {
      expect(DAILY_TIME_PATTERN.test(wrong)).toBe(false);
      expect(() => parseEnv({ DAILY_JOBS_AT: wrong })).toThrow(/DAILY_JOBS_AT: must be a time HH:MM/);
    }
  });
});
