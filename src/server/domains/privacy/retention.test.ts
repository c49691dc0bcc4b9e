import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_SETTINGS } from '../../../lib/schemas/privacy';
import { applicationIsDue, editionIsDue, lapsedMemberStep, retentionCutoffs } from './retention';

const now = new Date('2027-06-15T00:00:00.000Z');
const cutoffs = retentionCutoffs(DEFAULT_PRIVACY_SETTINGS.retention, now);

describe('retention cut-offs from the default settings', () => {
  it('are 180 days, 3 years, 3 years and 365 days back', () => {
    expect(cutoffs).toEqual({
      closedApplicationsBefore: '2026-12-17T00:00:00.000Z',
      editionsEndedBefore: '2024-06-15',
      inactiveSince: '2024-06-15T00:00:00.000Z',
      logsBefore: '2026-06-15T00:00:00.000Z',
    });
  });

  it('follow the settings', () => {
    const longer = retentionCutoffs({ ...DEFAULT_PRIVACY_SETTINGS.retention, closedApplicationDays: 365 }, now);
    expect(longer.closedApplicationsBefore).toBe('2026-06-15T00:00:00.000Z');
  });
});

describe('applications', () => {
  it('are due when rejected or withdrawn longer ago than the setting', () => {
    expect(applicationIsDue({ state: 'rejected', updated_at: '2026-12-01T00:00:00Z' }, cutoffs)).toBe(true);
    expect(applicationIsDue({ state: 'withdrawn', updated_at: '2026-12-01T00:00:00Z' }, cutoffs)).toBe(true);
  });

  it('are kept while recent, and never for an application still open or approved', () => {
    expect(applicationIsDue({ state: 'rejected', updated_at: '2027-01-01T00:00:00Z' }, cutoffs)).toBe(false);
    expect(applicationIsDue({ state: 'approved', updated_at: '2020-01-01T00:00:00Z' }, cutoffs)).toBe(false);
    expect(applicationIsDue({ state: 'under_scrutiny', updated_at: '2020-01-01T00:00:00Z' }, cutoffs)).toBe(false);
  });
});

describe('NATCON editions', () => {
  it('are due once ended more than the set years ago', () => {
    expect(editionIsDue({ ends_on: '2024-06-14' }, cutoffs)).toBe(true);
    expect(editionIsDue({ ends_on: '2024-06-15' }, cutoffs)).toBe(false);
  });
});

describe('lapsed members', () => {
  const idle = '2024-01-01T00:00:00.000Z';

  it('keeps members who are not lapsed, however idle', () => {
    expect(lapsedMemberStep({ lapsed: false, lastActivityAt: idle, noticeSentAt: null }, cutoffs, now)).toBe('keep');
  });

  it('keeps a lapsed member who signed in within the period', () => {
    const recent = '2025-01-01T00:00:00.000Z';
    expect(lapsedMemberStep({ lapsed: true, lastActivityAt: recent, noticeSentAt: null }, cutoffs, now)).toBe('keep');
  });

  it('sends the notice first, waits 48 hours, then erases', () => {
    expect(lapsedMemberStep({ lapsed: true, lastActivityAt: idle, noticeSentAt: null }, cutoffs, now)).toBe(
      'send_notice',
    );
    const notice = '2027-06-13T01:00:00.000Z';
    expect(lapsedMemberStep({ lapsed: true, lastActivityAt: idle, noticeSentAt: notice }, cutoffs, now)).toBe('wait');
    const later = new Date('2027-06-15T01:00:00.000Z');
    expect(lapsedMemberStep({ lapsed: true, lastActivityAt: idle, noticeSentAt: notice }, cutoffs, later)).toBe(
      'erase',
    );
  });

  it('keeps a member who signs in after the notice', () => {
    const notice = '2027-06-10T00:00:00.000Z';
    const signedIn = '2027-06-11T00:00:00.000Z';
    expect(lapsedMemberStep({ lapsed: true, lastActivityAt: signedIn, noticeSentAt: notice }, cutoffs, now)).toBe(
      'keep',
    );
  });
});
