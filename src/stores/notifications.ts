import { atom } from 'nanostores';
import toast from 'react-hot-toast';
import { api } from './api-client';
import { BELL_DROPDOWN_SIZE } from '../lib/constants';
import { MARK_READ_FAILED_MESSAGE, type NotificationItem, type NotificationPage } from '../lib/notifications';

/**
 * The caller's unread count (null until first read) and the latest notices the bell shows,
 * with the actions that change them. Marking read is optimistic: the count drops at once and
 * comes back, with a toast, if the server refuses.
 */
export const unreadCount = atom<number | null>(null);
export const latestNotifications = atom<NotificationItem[]>([]);

export const MARK_ALL_FAILED_MESSAGE = 'Could not mark your notifications as read. Please try again.';

// Bumped by every local change, so that a poll which started before it cannot undo it.
let localChanges = 0;

export async function refreshUnreadCount(): Promise<void> {
  const startedAt = localChanges;
  try {
    const { count } = await api.get<{ count: number }>('/notifications/unread-count');
    if (startedAt === localChanges) unreadCount.set(count);
  } catch (error) {
    // (spec section 8) A failed count is logged only; the badge keeps its last value.
    console.error('[notifications] could not read the unread count', error);
  }
}

export async function loadLatestNotifications(): Promise<void> {
  try {
    const page = await api.get<NotificationPage>('/notifications', { page: 1, pageSize: BELL_DROPDOWN_SIZE });
    latestNotifications.set(page.items);
  } catch (error) {
    console.error('[notifications] could not load the latest notifications', error);
  }
}

function setReadAt(ids: number[] | 'all', readAt: string | null): void {
  latestNotifications.set(
    latestNotifications.get().map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, readAt } : n)),
  );
}

/**
 * Marks one notice read. `wasUnread` says whether the count should drop (marking a read notice
 * again changes nothing). Resolves to false when the server refused and the count was restored.
 */
export async function markNotificationRead(id: number, wasUnread: boolean): Promise<boolean> {
  localChanges++;
  if (wasUnread) {
    unreadCount.set(Math.max(0, (unreadCount.get() ?? 0) - 1));
    setReadAt([id], new Date().toISOString());
  }
  try {
    await api.post(`/notifications/${id}/mark-read`);
    return true;
  } catch (error) {
    localChanges++;
    if (wasUnread) {
      unreadCount.set((unreadCount.get() ?? 0) + 1);
      setReadAt([id], null);
    }
    console.error('[notifications] could not mark a notification read', error);
    toast.error(MARK_READ_FAILED_MESSAGE);
    return false;
  }
}

export async function markAllNotificationsRead(): Promise<boolean> {
  localChanges++;
  const countBefore = unreadCount.get();
  const listBefore = latestNotifications.get();
  unreadCount.set(0);
  setReadAt('all', new Date().toISOString());
  try {
    await api.post('/notifications/mark-all-read');
    return true;
  } catch (error) {
    localChanges++;
    unreadCount.set(countBefore);
    latestNotifications.set(listBefore);
    console.error('[notifications] could not mark all notifications read', error);
    toast.error(MARK_ALL_FAILED_MESSAGE);
    return false;
  }
}

/** Forgets the previous user's notices (signed out, or another user signed in). */
export function resetNotifications(): void {
  localChanges++;
  unreadCount.set(null);
  latestNotifications.set([]);
}
