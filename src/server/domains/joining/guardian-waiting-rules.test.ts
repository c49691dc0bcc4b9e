import { describe, expect, it } from 'vitest';
import {
  GUARDIAN_CLOSE_DAYS,
  GUARDIAN_REMINDER_DAYS,
  guardianWaitCutoffs,
  guardianWaitStep,
} from './guardian-waiting-rules';

const requestedAt = '2026-11-01T06:00:00.000Z';
const day = (n: number, time = '06:00:00.000') => new Date(Date.parse(`2026-11-01T${time}Z`) + n * 86_400_000);
const wait = { requestedAt, remindedAt: null, givenAt: null, closedAt: null };

describe('a guardian who does not answer: the reminder and the closing', () => {
  it('names the periods', () => {
    expect([GUARDIAN_REMINDER_DAYS, GUARDIAN_CLOSE_DAYS]).toEqual([7, 30]);
    expect(guardianWaitCutoffs(day(7))).toEqual({
      remindBefore: '2026-11-01T06:00:00.000Z',
      closeBefore: '2026-10-09T06:00:00.000Z',
    });
  });

  it('waits a full 7 days before the reminder, then reminds once', () => {
    expect(guardianWaitStep(wait, day(6))).toBe('wait');
    expect(guardianWaitStep(wait, day(7, '05:59:59.999'))).toBe('wait');
    expect(guardianWaitStep(wait, day(7))).toBe('remind');
    expect(guardianWaitStep({ ...wait, remindedAt: day(7).toISOString() }, day(8))).toBe('wait');
  });

  it('closes after a full 30 days, reminded or not', () => {
    const reminded = { ...wait, remindedAt: day(7).toISOString() };
    expect(guardianWaitStep(reminded, day(30, '05:59:59.999'))).toBe('wait');
    expect(guardianWaitStep(reminded, day(30))).toBe('close');
    expect(guardianWaitStep(wait, day(45))).toBe('close');
  });

  it('does nothing once the guardian consented or the request was closed', () => {
    expect(guardianWaitStep({ ...wait, givenAt: day(29).toISOString() }, day(30))).toBe('done');
    expect(guardianWaitStep({ ...wait, closedAt: day(30).toISOString() }, day(31))).toBe('done');
  });
});
