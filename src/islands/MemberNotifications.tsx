import { useStore } from '../stores/use-store';
import { useEffect, type MouseEvent } from 'react';
import { formatDateTime } from '../lib/format';
import { safeLink } from '../lib/links';
import type { NotificationItem } from '../lib/notifications';
import { MyNotificationsQuery } from '../lib/schemas/notifications';
import { NoticeLink } from '../components/portal/NoticeLink';
import {
  markAllNotificationsRead,
  markNotificationRead,
  refreshUnreadCount,
  unreadCount,
} from '../stores/notifications';
import { session } from '../stores/session';
import { Pager, useListQuery, useServerList } from './staff';

/**
 * The signed-in user's notices: all or unread only, newest first, marked read one by one or all at
 * once. The page and the filter are in the address (`?unread=true&page=2`), as on every staff list.
 */
export default function MemberNotifications() {
  const $session = useStore(session);
  const count = useStore(unreadCount);
  const signedIn = $session.status === 'authenticated';
  const query = useListQuery(MyNotificationsQuery);
  const list = useServerList<NotificationItem>('/notifications', query.params, signedIn);
  const { data, error } = list;
  const unreadOnly = query.values.unread;

  useEffect(() => {
    if (signedIn) void refreshUnreadCount();
  }, [signedIn]);

  const setReadAt = (ids: number[] | 'all', readAt: string | null) =>
    list.mutate((current) => ({
      ...current,
      items: current.items.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, readAt } : n)),
    }));

  const markRead = async (notice: NotificationItem) => {
    if (notice.readAt !== null) return true;
    setReadAt([notice.id], new Date().toISOString());
    const ok = await markNotificationRead(notice.id, true);
    if (!ok) setReadAt([notice.id], null);
    return ok;
  };

  const markAll = async () => {
    const before = data;
    setReadAt('all', new Date().toISOString());
    if (!(await markAllNotificationsRead())) {
      if (before) list.mutate(() => before);
    } else if (unreadOnly) void list.reload();
  };

  const follow = async (event: MouseEvent<HTMLAnchorElement>, notice: NotificationItem) => {
    const target = safeLink(notice.link);
    if (!target || target.kind === 'external' || notice.readAt !== null) {
      void markRead(notice);
      return;
    }
    // Mark it read before leaving, or the navigation would cancel the call.
    event.preventDefault();
    await markRead(notice);
    window.location.assign(target.href);
  };

  if ($session.status === 'loading') return <p className="text-slate-600">Loading your notifications…</p>;
  if (!signedIn) {
    return (
      <p>
        Please{' '}
        <a href="/auth/login" className="font-medium text-brand-700 underline">
          sign in
        </a>{' '}
        to see your notifications.
      </p>
    );
  }

  return (
    <section aria-labelledby="notifications-heading" className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="notifications-heading" className="text-2xl font-bold text-brand-800">
          Notifications
        </h1>
        <button
          type="button"
          onClick={() => void markAll()}
          disabled={!count}
          className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
        >
          Mark all read
        </button>
      </div>
      <div role="group" aria-label="Show" className="mt-4 flex gap-2">
        {([false, true] as const).map((value) => (
          <button
            key={String(value)}
            type="button"
            aria-pressed={unreadOnly === value}
            onClick={() => query.update({ unread: value ? 'true' : null })}
            className={`rounded-full border px-3 py-1 text-sm ${
              unreadOnly === value ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800'
            }`}
          >
            {value ? `Unread${count ? ` (${count})` : ''}` : 'All'}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-4 text-red-700">
          {error}
        </p>
      )}
      {data && data.items.length === 0 && (
        <p className="mt-6 text-slate-600">
          {unreadOnly ? 'You have no unread notifications.' : 'You have no notifications.'}
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200">
          {data.items.map((notice) => (
            <li
              key={notice.id}
              data-testid="notification-item"
              className={`p-4 ${notice.readAt === null ? 'bg-brand-50' : ''}`}
            >
              <div className="flex items-start justify-between gap-3">
                <h2 className="font-semibold text-slate-900">
                  {notice.readAt === null && <span className="sr-only">Unread: </span>}
                  {notice.title}
                </h2>
                <time dateTime={notice.createdAt} className="shrink-0 text-xs text-slate-600">
                  {formatDateTime(notice.createdAt)}
                </time>
              </div>
              <p className="mt-1 whitespace-pre-line text-slate-800">{notice.message}</p>
              <div className="mt-2 flex gap-4 text-sm">
                <NoticeLink
                  link={notice.link}
                  aria-label={`Open link: ${notice.title}`}
                  onClick={(event) => void follow(event, notice)}
                  className="font-medium text-brand-700 underline"
                >
                  Open link
                </NoticeLink>
                {notice.readAt === null && (
                  <button
                    type="button"
                    aria-label={`Mark read: ${notice.title}`}
                    onClick={() => void markRead(notice)}
                    className="font-medium text-brand-700 underline"
                  >
                    Mark read
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={query.setPage}
          noun="notifications"
        />
      )}
    </section>
  );
}
