import type { Paged } from './envelope';
import { BELL_BADGE_MAX, BELL_BADGE_OVERFLOW_LABEL } from './constants';
import { safeLink } from './links';

export type { AudienceType, NotificationItem, SentNotificationItem } from './schemas/notifications';
import type { NotificationItem } from './schemas/notifications';

/** One page of a list the API answers. */
export type Page<T> = Paged<T>;

export type NotificationPage = Page<NotificationItem>;

/** (spec section 9) The bell badge's text: nothing at zero, the count up to 99, then '99+'. */
export function badgeLabel(count: number | null): string {
  if (!count || count <= 0) return '';
  return count > BELL_BADGE_MAX ? BELL_BADGE_OVERFLOW_LABEL : String(count);
}

/** An outside address (opened in a new tab); a site path opens in the same tab. The rule: `./links`. */
export function isExternalLink(link: string): boolean {
  return safeLink(link)?.kind === 'external';
}

export interface PollScheduler {
  /**
   * Polling runs only while `active` (signed in with a bell, tab visible). Becoming active, or a
   * new `sessionKey` (another user or a renewed token) while active, polls at once and restarts
   * the interval.
   */
  update(state: { active: boolean; sessionKey: string | null }): void;
  stop(): void;
}

/** The bell's polling rhythm, apart from React so that it can be tested with fake timers. */
export function createPollScheduler(poll: () => void, intervalMs: number): PollScheduler {
  let timer: ReturnType<typeof setInterval> | null = null;
  let current: { active: boolean; sessionKey: string | null } = { active: false, sessionKey: null };

  const halt = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    update(next) {
      const resumed = next.active && !current.active;
      const sessionChanged = next.active && next.sessionKey !== current.sessionKey;
      current = { ...next };
      if (!next.active) {
        halt();
        return;
      }
      if (resumed || sessionChanged || timer === null) {
        halt();
        poll();
        timer = setInterval(poll, intervalMs);
      }
    },
    stop() {
      halt();
      current = { active: false, sessionKey: null };
    },
  };
}

/** The toast shown when marking a notice read fails (the count is restored). */
export const MARK_READ_FAILED_MESSAGE = 'Could not mark the notification as read. Please try again.';
