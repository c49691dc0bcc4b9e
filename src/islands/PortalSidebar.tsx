import { useEffect, useState } from 'react';
import { SELECTED_MEMBER_ID_KEY } from '../lib/constants';
import { normalisePath } from '../lib/layout';
import { PROFILE_DETAIL_HREF, type MenuItem } from '../lib/menus';

interface Props {
  menu: MenuItem[];
  currentPath: string;
  /** The signed-in user's member id: Profile Detail selects it. */
  memberId: number | null;
}

/**
 * The portal's side menu: always shown from the lg breakpoint, behind a Menu button below it.
 * (spec section 2) Clicking Profile Detail stores the user's memberId as the selected member id.
 */
export default function PortalSidebar({ menu, currentPath, memberId }: Props) {
  const [open, setOpen] = useState(false);
  const here = normalisePath(currentPath);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  function selectOwnRecord(href: string) {
    if (href === PROFILE_DETAIL_HREF && memberId != null) {
      window.sessionStorage.setItem(SELECTED_MEMBER_ID_KEY, String(memberId));
    }
  }

  function renderItems(items: MenuItem[]) {
    return (
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={`${item.name}-${item.href ?? ''}`}>
            {item.href ? (
              <a
                href={item.href}
                onClick={() => selectOwnRecord(item.href!)}
                aria-current={normalisePath(item.href) === here ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${
                  normalisePath(item.href) === here
                    ? 'bg-brand-700 font-semibold text-white'
                    : 'text-slate-800 hover:bg-brand-50'
                }`}
              >
                {item.name}
              </a>
            ) : (
              <>
                <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {item.name}
                </p>
                {renderItems(item.items ?? [])}
              </>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="portal-menu"
        onClick={() => setOpen(!open)}
        className="m-3 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
      >
        {open ? 'Close menu' : 'Menu'}
      </button>
      <nav id="portal-menu" aria-label="Portal" className={`${open ? 'block' : 'hidden'} px-3 pb-4 lg:block`}>
        {menu.length ? renderItems(menu) : <p className="px-3 text-sm text-slate-600">No menu for this account.</p>}
      </nav>
    </div>
  );
}
