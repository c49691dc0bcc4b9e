import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_POLL_INTERVAL_MS } from './constants';
import { badgeLabel, createPollScheduler, isExternalLink } from './notifications';

describe('badgeLabel', () => {
  it('shows nothing at zero, the count up to 99 and 99+ above', () => {
    expect(badgeLabel(null)).toBe('');
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(12345)).toBe('99+');
  });
});

describe('isExternalLink', () => {
  it('tells outside addresses from site paths', () => {
    expect(isExternalLink('https://nipm.in/x')).toBe(true);
    expect(isExternalLink('/member/notifications')).toBe(false);
  });
});

describe('createPollScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at once when signed in, then every 30 seconds', () => {
    const poll = vi.fn();
    const scheduler = createPollScheduler(poll, NOTIFICATION_POLL_INTERVAL_MS);
    scheduler.update({ active: true, sessionKey: 'a' });
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS - 1);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(5);
    scheduler.stop();
  });

  it('does not poll while inactive (signed out or tab hidden) and resumes with a poll on return', () => {
    const poll = vi.fn();
    const scheduler = createPollScheduler(poll, NOTIFICATION_POLL_INTERVAL_MS);
    scheduler.update({ active: false, sessionKey: null });
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS * 5);
    expect(poll).not.toHaveBeenCalled();

    scheduler.update({ active: true, sessionKey: 'a' });
    expect(poll).toHaveBeenCalledTimes(1);
    scheduler.update({ active: false, sessionKey: 'a' });
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS * 5);
    expect(poll).toHaveBeenCalledTimes(1);

    scheduler.update({ active: true, sessionKey: 'a' });
    expect(poll).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS);
    expect(poll).toHaveBeenCalledTimes(3);
    scheduler.stop();
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS * 5);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('polls again when the session changes, and not when the same state is repeated', () => {
    const poll = vi.fn();
    const scheduler = createPollScheduler(poll, NOTIFICATION_POLL_INTERVAL_MS);
    scheduler.update({ active: true, sessionKey: 'a' });
    scheduler.update({ active: true, sessionKey: 'a' });
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS / 2);
    scheduler.update({ active: true, sessionKey: 'b' });
    expect(poll).toHaveBeenCalledTimes(2);
    // The interval restarts from the session change.
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS / 2);
    expect(poll).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(NOTIFICATION_POLL_INTERVAL_MS / 2);
    expect(poll).toHaveBeenCalledTimes(3);
    scheduler.stop();
  });
});
