import { useStore } from '../stores/use-store';
import type { SentNotificationItem } from '../lib/notifications';
import { ROLE } from '../lib/roles';
import { SentHistoryQuery } from '../lib/schemas/notifications';
import { session } from '../stores/session';
import { Composer } from './admin-notifications/Composer';
import { History } from './admin-notifications/History';
import { useListQuery, useServerList } from './staff';

/** The super admin's notifications screen: compose (with audience and preview) and the history with read counts. */
export default function AdminNotifications() {
  const $session = useStore(session);
  const isSuperAdmin = $session.status === 'authenticated' && $session.data?.user.roleId === ROLE.superAdmin;
  const query = useListQuery(SentHistoryQuery);
  const list = useServerList<SentNotificationItem>('/admin/notifications', query.params, isSuperAdmin);

  if ($session.status === 'loading') return <p className="text-slate-600">Loading…</p>;
  if (!isSuperAdmin) return <p role="alert">Only the super admin sends notifications.</p>;

  // A new notice heads the default order: show it, on the first page.
  const showSent = () => {
    if (query.values.page === 1 && !query.params.sort) void list.reload();
    else query.update({ page: null, sort: null });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-10">
      <section aria-labelledby="compose-heading">
        <h1 id="compose-heading" className="text-2xl font-bold text-brand-800">
          Send a notification
        </h1>
        <Composer onSent={showSent} />
      </section>
      <History query={query} list={list} />
    </div>
  );
}
