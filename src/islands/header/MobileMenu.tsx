import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { MenuGroup } from '../../lib/menu';

const loadPanel = () => import('./MobilePanel');
const MobilePanel = lazy(loadPanel);

/**
 * Below the xl breakpoint: the menu button, which opens the full-screen numbered menu. The menu's
 * code is fetched when the visitor reaches for the button, so desktop visitors never load it.
 */
export default function MobileMenu({
  groups,
  currentPath,
  actions,
}: {
  groups: MenuGroup[];
  currentPath: string;
  actions: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);

  return (
    <div className="xl:hidden">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onTouchStart={loadPanel}
        className="flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-brand-50"
      >
        <span className="sr-only">Open menu</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
          <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobilePanel groups={groups} currentPath={currentPath} actions={actions} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
