import { useStore } from '../stores/use-store';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { HEADER_SCROLL_THRESHOLD_PX } from '../lib/constants';
import type { MenuGroup } from '../lib/menu';
import { HEADER_ACTIONS } from '../lib/site';
import { session } from '../stores/session';
import DesktopMenu from './header/DesktopMenu';
import MobileMenu from './header/MobileMenu';

// Only signed-in visitors need the account menu and the bell: the others never download them.
// On public pages only the bell raises toasts, so the toast container (react-hot-toast, a tenth
// of a content page's JavaScript budget) comes with it.
const AccountMenu = lazy(() => import('./AccountMenu'));
const NotificationBell = lazy(() => import('./NotificationBell'));
const Toaster = lazy(() => import('./Toaster'));

interface HeaderProps {
  menu: MenuGroup[];
  currentPath: string;
  /** The home link with the institute's mark: static HTML from the layout (slot "logo"), so it adds no script. */
  logo?: ReactNode;
}

const actionStyles = [
  'bg-accent-600 text-white hover:bg-accent-500 hover:text-slate-900',
  'border border-brand-700 text-brand-700 hover:bg-brand-50',
  'bg-brand-700 text-white hover:bg-brand-800',
];

function ActionButtons({ stacked = false }: { stacked?: boolean }) {
  return HEADER_ACTIONS.map((action, index) => (
    <a
      key={action.href}
      href={action.href}
      className={`whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ${stacked ? 'text-center text-base' : ''} ${actionStyles[index]}`}
    >
      {action.name}
    </a>
  ));
}

/**
 * The public header: transparent at the top of the page, white with a shadow once the page has
 * scrolled past the threshold; the menu from the content collection; and the action area, which
 * follows the session (placeholder while loading, buttons when signed out, avatar when signed in).
 */
export default function Header({ menu, currentPath, logo }: HeaderProps) {
  const [scrolled, setScrolled] = useState(false);
  const { status, data } = useStore(session);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  let actions: ReactNode;
  if (status === 'loading') {
    actions = (
      <div
        data-testid="session-placeholder"
        aria-hidden="true"
        className="hidden h-9 w-72 animate-pulse rounded-full bg-slate-200 md:block"
      />
    );
  } else if (status === 'authenticated' && data) {
    actions = (
      <div className="flex items-center gap-3">
        <Suspense fallback={<div aria-hidden="true" className="h-10 w-10 rounded-full bg-slate-200" />}>
          <NotificationBell />
          <AccountMenu
            name={data.user.name}
            email={data.user.email}
            image={data.user.image}
            roleId={data.user.roleId}
            memberId={data.user.memberId}
          />
        </Suspense>
      </div>
    );
  } else {
    actions = (
      <div className="hidden items-center gap-2 md:flex">
        <ActionButtons />
      </div>
    );
  }

  return (
    <>
      <header
        data-scrolled={scrolled}
        className={`sticky top-0 z-50 transition-[background-color,box-shadow] duration-200 ${
          scrolled ? 'bg-white shadow-md' : 'bg-transparent'
        }`}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          {logo}
          <DesktopMenu groups={menu} currentPath={currentPath} />
          <div className="flex items-center gap-2">
            {actions}
            <MobileMenu
              groups={menu}
              currentPath={currentPath}
              actions={status === 'unauthenticated' ? <ActionButtons stacked /> : null}
            />
          </div>
        </div>
      </header>
      {status === 'authenticated' && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
