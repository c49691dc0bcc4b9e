import { describe, expect, it } from 'vitest';
import {
  breachReportDueAt,
  deadlineState,
  erasureAllowedFrom,
  grievanceDueAt,
  grievanceReminderDue,
  grievanceReminderTimes,
} from './deadlines';

const received = '2027-06-01T10:00:00.000Z';

describe('grievance deadline', () => {
  it('is 90 days after the grievance is received', () => {
    expect(grievanceDueAt(received)).toBe('2027-08-30T10:00:00.000Z');
  });

  it('reminds staff at 60 and 80 days', () => {
    expect(grievanceReminderTimes(received)).toEqual([
      { day: 60, at: '2027-07-31T10:00:00.000Z' },
      { day: 80, at: '2027-08-20T10:00:00.000Z' },
    ]);
  });

  it('has no reminder due before day 60', () => {
    expect(grievanceReminderDue(received, new Date('2027-07-31T09:59:59Z'), [])).toBeNull();
  });

  it('sends the 60-day reminder once', () => {
    const day61 = new Date('2027-08-01T12:00:00Z');
    expect(grievanceReminderDue(received, day61, [])).toBe(60);
    expect(grievanceReminderDue(received, day61, [60])).toBeNull();
  });

  it('sends only the 80-day reminder to a request first looked at on day 85', () => {
    const day85 = new Date('2027-08-25T10:00:00Z');
    expect(grievanceReminderDue(received, day85, [])).toBe(80);
    expect(grievanceReminderDue(received, day85, [60])).toBe(80);
    expect(grievanceReminderDue(received, day85, [80])).toBeNull();
  });

  it('counts the days left and marks the request overdue after day 90', () => {
    const due = grievanceDueAt(received);
    expect(deadlineState(due, new Date('2027-06-01T10:00:00Z'))).toMatchObject({ overdue: false, daysLeft: 90 });
    expect(deadlineState(due, new Date('2027-08-30T09:00:00Z'))).toMatchObject({ overdue: false, daysLeft: 0 });
    expect(deadlineState(due, new Date('2027-08-30T11:00:00Z'))).toMatchObject({ overdue: true, daysLeft: -1 });
  });
});

describe('breach report to the Board', () => {
  it('is due 72 hours after the institute became aware, and is read in hours', () => {
    const found = '2027-06-01T22:30:00.000Z';
    const due = breachReportDueAt(found);
    expect(due).toBe('2027-06-04T22:30:00.000Z');
    expect(deadlineState(due, new Date('2027-06-02T22:30:00Z')).hoursLeft).toBe(48);
    expect(deadlineState(due, new Date('2027-06-04T23:00:00Z')).overdue).toBe(true);
  });
});

describe('erasure notice', () => {
  it('lets erasure happen no earlier than 48 hours after the notice', () => {
    expect(erasureAllowedFrom('2027-06-01T10:00:00.000Z')).toBe('2027-06-03T10:00:00.000Z');
  });
});
