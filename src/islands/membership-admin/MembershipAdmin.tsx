import { useStore } from '../../stores/use-store';
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { session } from '../../stores/session';
import { tabsFor } from './tabs';

const TAB_PARAM = 'tab';

/**
 * The staff's membership home: a tab list (WAI-ARIA tabs, arrow keys move between them) over the
 * tabs the role may see. The open tab is kept in the address (`?tab=fees`), so reload and Back keep it;
 * the tab's own list keeps its filters there too.
 */
export default function MembershipAdmin() {
  const $session = useStore(session);
  const tabs = tabsFor($session.data?.user.roleId);
  const [active, setActive] = useState<string | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const sync = () => setActive(new URLSearchParams(window.location.search).get(TAB_PARAM));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  if ($session.status === 'loading') return <p className="text-slate-600">Loading…</p>;
  if (!tabs.length) return <p>This screen is for membership staff.</p>;
  const current = tabs.find((t) => t.id === active) ?? tabs[0];

  function open(id: string) {
    if (id === current.id) return;
    // A tab starts with its own list state: the other tab's filters do not carry over.
    const url = new URL(window.location.href);
    url.search = id === tabs[0].id ? '' : `?${TAB_PARAM}=${id}`;
    window.history.pushState(null, '', url);
    setActive(id);
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === current.id);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    open(tabs[next].id);
    buttons.current[next]?.focus();
  }

  const Panel = current.component;
  return (
    <div>
      <h1 className="text-2xl font-bold">Membership</h1>
      {tabs.length > 1 && (
        <div
          role="tablist"
          aria-label="Membership"
          className="mt-4 flex gap-1 border-b border-slate-300"
          onKeyDown={onKey}
        >
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={tab.id === current.id}
              aria-controls={`panel-${tab.id}`}
              tabIndex={tab.id === current.id ? 0 : -1}
              onClick={() => open(tab.id)}
              className={`-mb-px border-b-2 px-4 py-2 font-medium ${
                tab.id === current.id
                  ? 'border-brand-700 text-brand-700'
                  : 'border-transparent text-slate-700 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      <div
        role="tabpanel"
        id={`panel-${current.id}`}
        aria-labelledby={tabs.length > 1 ? `tab-${current.id}` : undefined}
        className="mt-6"
      >
        <Suspense fallback={<p className="text-slate-600">Loading…</p>}>
          <Panel />
        </Suspense>
      </div>
    </div>
  );
}
