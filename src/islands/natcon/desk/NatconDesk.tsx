import { useStore } from '../../../stores/use-store';
import { useCallback, useEffect, useState } from 'react';
import { ROLE } from '../../../lib/roles';
import type { AdminEdition } from '../../../lib/schemas/natcon';
import { api, apiErrorOf } from '../../../stores/api-client';
import { session } from '../../../stores/session';
import { CheckInTab } from './CheckInTab';
import { NominationsTab } from './NominationsTab';
import { RegistrationsTab } from './RegistrationsTab';
import { SettingsTab } from './SettingsTab';
import { TotalsTab } from './TotalsTab';

type TabId = 'registrations' | 'nominations' | 'check-in' | 'totals' | 'settings';
const TAB_LABELS: Record<TabId, string> = {
  registrations: 'Registrations',
  nominations: 'Nominations',
  'check-in': 'Check-in',
  totals: 'Totals',
  settings: 'Settings',
};

/**
 * The organisers' desk, `/admin/natcon`. Roles 2 and 5 act on everything; a chapter admin reads its
 * chapter's members' registrations and the totals; the super admin also edits the conference.
 */
export default function NatconDesk() {
  const $session = useStore(session);
  const roleId = $session.data?.user.roleId;
  const [editions, setEditions] = useState<AdminEdition[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>(() => {
    const hash = window.location.hash.slice(1) as TabId;
    return hash in TAB_LABELS ? hash : 'registrations';
  });

  const loadEditions = useCallback(async () => {
    try {
      setEditions(await api.get<AdminEdition[]>('/admin/natcon/editions'));
    } catch (failure) {
      setError((await apiErrorOf(failure)).message);
    }
  }, []);
  useEffect(() => {
    if ($session.status === 'authenticated') void loadEditions();
  }, [$session.status, loadEditions]);

  if ($session.status === 'loading' || (!editions && !error)) return <p role="status">Loading…</p>;
  if (error) return <p role="alert">{error}</p>;
  const acting = roleId === ROLE.superAdmin || roleId === ROLE.admin;
  const tabs: TabId[] = [
    'registrations',
    ...(acting ? (['nominations', 'check-in'] as TabId[]) : []),
    'totals',
    ...(roleId === ROLE.superAdmin ? (['settings'] as TabId[]) : []),
  ];
  const current = tabs.includes(tab) ? tab : 'registrations';
  const edition = editions?.find((e) => e.published) ?? editions?.[0];
  const choose = (next: TabId) => {
    setTab(next);
    window.history.replaceState(null, '', `${window.location.pathname}#${next}`);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-bold text-brand-800">National HR Awards{edition ? `: ${edition.title}` : ''}</h1>
      <nav aria-label="Desk sections" className="flex flex-wrap gap-2 border-b border-slate-300 pb-2">
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            aria-current={id === current ? 'page' : undefined}
            onClick={() => choose(id)}
            className={`rounded-md px-3 py-2 text-sm font-medium ${id === current ? 'bg-brand-700 text-white' : 'border border-slate-400 hover:bg-slate-50'}`}
          >
            {TAB_LABELS[id]}
          </button>
        ))}
      </nav>
      {!edition && current !== 'settings' ? (
        <p>No edition yet{roleId === ROLE.superAdmin ? ': create one under Settings.' : '.'}</p>
      ) : current === 'registrations' ? (
        <RegistrationsTab edition={edition!} acting={acting} />
      ) : current === 'nominations' ? (
        <NominationsTab edition={edition!} />
      ) : current === 'check-in' ? (
        <CheckInTab />
      ) : current === 'totals' ? (
        <TotalsTab edition={edition!} />
      ) : (
        <SettingsTab editions={editions ?? []} onChanged={() => void loadEditions()} />
      )}
    </div>
  );
}
