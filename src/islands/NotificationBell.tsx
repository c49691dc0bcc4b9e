import { useStore } from '../stores/use-store';
import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../lib/constants';
import { badgeLabel, createPollScheduler, type NotificationItem } from '../lib/notifications';
import { NoticeLink } from '../components/portal/NoticeLink';
import { hasNotificationBell } from '../lib/roles';
import {
  latestNotifications,
  loadLatestNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  refreshUnreadCount,
  resetNotifications,
  unreadCount,
} from '../stores/notifications';
import { session } from '../stores/session';
// The hook's own module, not the staff index: the public header must not carry the staff screens' parts.
import { useDismiss } from './staff/useDismiss';

const NOTIFICATIONS_PAGE = '/member/notifications';

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9" />
    </svg>
  );
}

function NoticeRow({ notice, onOpen }: { notice: NotificationItem; onOpen: (notice: NotificationItem) => void }) {
  const unread = notice.readAt === null;
  return (
    <li className={`border-b border-slate-100 px-4 py-3 last:border-0 ${unread ? 'bg-brand-50' : ''}`}>
      <p className="text-sm font-semibold text-slate-900">{notice.title}</p>
      <p className="mt-0.5 line-clamp-2 text-sm text-slate-700">{notice.message}</p>
      <div className="mt-1 flex items-center gap-3 text-xs">
        <time dateTime={notice.createdAt} className="text-slate-600">
          {new Date(notice.createdAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
        <NoticeLink link={notice.link} onClick={() => onOpen(notice)} className="font-medium text-brand-700 underline">
          Open
        </NoticeLink>
        {unread && (
          <button
            type="button"
            aria-label={`Mark read: ${notice.title}`}
            onClick={() => void markNotificationRead(notice.id, true)}
            className="font-medium text-brand-700 underline"
          >
            Mark read
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * (spec sections 4, 6, 9) The bell in the header and the portal top bar, for roles 1, 3, 4 and 5:
 * the unread count polled every 30 seconds and on every session change, paused while signed
 * out or while the tab is hidden, and a dropdown with the latest notices.
 */
export default function NotificationBell() {
  const $session = useStore(session);
  const count = useStore(unreadCount);
  const latest = useStore(latestNotifications);
  const [open, setOpen] = useState(false);
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || !document.hidden);
  const scheduler = useRef(createPollScheduler(() => void refreshUnreadCount(), NOTIFICATION_POLL_INTERVAL_MS));
  const container = useRef<HTMLDivElement>(null);

  const user = $session.status === 'authenticated' ? $session.data?.user : undefined;
  const hasBell = Boolean(user && hasNotificationBell(user.roleId));
  const sessionKey = user ? user.token : null;

  useEffect(() => {
    const onVisibility = () => setVisible(!document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    const poller = scheduler.current;
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      poller.stop();
    };
  }, []);

  useEffect(() => {
    if ($session.status === 'unauthenticated') resetNotifications();
  }, [$session.status]);

  useEffect(() => {
    scheduler.current.update({ active: hasBell && visible, sessionKey: hasBell ? sessionKey : null });
  }, [hasBell, visible, sessionKey]);

  useEffect(() => {
    if (open) void loadLatestNotifications();
  }, [open]);
  useDismiss(container, () => setOpen(false), { active: open });

  if (!hasBell) return null;

  const label = badgeLabel(count);
  const openNotice = (notice: NotificationItem) => {
    if (notice.readAt === null) void markNotificationRead(notice.id, true);
  };

  return (
    <div ref={container} className="relative inline-block" data-testid="notification-bell">
      <button
        type="button"
        aria-label="Notifications"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="notification-bell-panel"
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <BellIcon />
        {label && (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-5 text-white"
          >
            {label}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notification-bell-panel"
          role="region"
          aria-label="Latest notifications"
          className="absolute right-0 z-50 mt-2 w-80 rounded-md border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            {(count ?? 0) > 0 && (
              <button
                type="button"
                onClick={() => void markAllNotificationsRead()}
                className="text-xs font-medium text-brand-700 underline"
              >
                Mark all read
              </button>
            )}
          </div>
          {latest.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">You have no notifications.</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {latest.map((notice) => (
                <NoticeRow key={notice.id} notice={notice} onOpen={openNotice} />
              ))}
            </ul>
          )}
          <a
            href={NOTIFICATIONS_PAGE}
            className="block border-t border-slate-200 px-4 py-2 text-center text-sm font-medium text-brand-700 underline"
          >
            View all notifications
          </a>
        </div>
      )}
    </div>
  );
}
