import { describe, expect, it } from 'vitest';
import * as constants from './constants';
import { badgeLabel } from './notifications';

/**
 * The spec's numbers (section 9 and the text around it), written here as literals on purpose:
 * changing a constant in constants.ts makes this test fail, so a change of the spec's values is
 * always a deliberate change of two places.
 */
describe('the spec’s constants', () => {
  it('pins every number of the spec', () => {
    expect(constants.NOTIFICATION_POLL_INTERVAL_MS).toBe(30_000); // poll every 30 seconds
    expect(constants.SESSION_CHECK_INTERVAL_MS).toBe(300_000); // session check every 5 minutes
    expect(constants.API_TIMEOUT_MS).toBe(10_000); // client time-out 10000 ms
    expect(constants.TOAST_DURATION_MS).toBe(5000); // toasts close after 5000 ms
    expect(constants.HEADER_SCROLL_THRESHOLD_PX).toBe(10); // header turns white after 10 px
    expect(constants.PRELOADER_CLOSED_MS).toBe(500);
    expect(constants.PRELOADER_LOADED_MS).toBe(1500);
    expect(constants.PRELOADER_REMOVED_MS).toBe(2500);
    expect(constants.BELL_BADGE_MAX).toBe(99);
    expect(constants.API_BASE_PATH).toBe('/api');
    expect(constants.UNAUTHORIZED_LOG_MESSAGE).toBe('Unauthorized: Token may have expired');
  });

  it('shows 99+ above 99 on the bell', () => {
    expect(constants.BELL_BADGE_OVERFLOW_LABEL).toBe('99+');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(0)).toBe('');
  });
});
