import { useEffect, useState } from 'react';
import { ROLE } from '../../lib/roles';
import ActivityLog from './ActivityLog';
import StaffAccounts from './StaffAccounts';
import { useRole } from './shared';

type Tab = 'accounts' | 'log';

const tabOf = (): Tab => (new URLSearchParams(window.location.search).get('tab') === 'log' ? 'log' : 'accounts');

/** User management (`/admin/user-management`): the accounts and the activity log, as two tabs (`?tab=log`). */
export default function UserManagement() {
  const { loading, roleId } = useRole();
  const [tab, setTab] = useState<Tab>('accounts');

  useEffect(() => {
    setTab(tabOf());
    const onPop = () => setTab(tabOf());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  if (loading) return <p>Loading…</p>;
  if (roleId !== ROLE.superAdmin) return <p role="alert">Only the super admin manages users.</p>;

  const choose = (next: Tab) => {
    window.history.pushState(null, '', next === 'log' ? '?tab=log' : '?');
    setTab(next);
  };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'accounts', label: 'Accounts' },
    { id: 'log', label: 'Activity log' },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold text-brand-800">User management</h1>
      <div role="tablist" aria-label="User management" className="flex gap-2 border-b border-slate-300">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = t.id === 'accounts' ? 'log' : 'accounts';
                choose(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
            className={`-mb-px border-b-2 px-4 py-2 font-semibold ${tab === t.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'accounts' ? <StaffAccounts /> : <ActivityLog />}
      </div>
    </div>
  );
}
