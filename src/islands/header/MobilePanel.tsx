import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { isAnchorHref, scrollToAnchor, type MenuGroup } from '../../lib/menu';

/**
 * The full-screen menu below xl: numbered groups whose links open on tap. Escape or the close
 * button shuts it; the page behind does not scroll while it is open. Loaded on first opening.
 */
export default function MobilePanel({
  groups,
  currentPath,
  actions,
  onClose,
}: {
  groups: MenuGroup[];
  currentPath: string;
  actions: ReactNode;
  onClose: () => void;
}) {
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose]);

  const onLinkClick = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isAnchorHref(href)) return;
    onClose();
    if (scrollToAnchor(href)) event.preventDefault();
  };

  return (
    <div
      id="mobile-menu"
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="fixed inset-0 z-50 overflow-y-auto bg-white px-6 pb-10 pt-4"
    >
      <div className="flex items-center justify-end">
        <button
          type="button"
          onClick={onClose}
          className="flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-brand-50"
        >
          <span className="sr-only">Close menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <nav aria-label="Main">
        <ol className="divide-y divide-slate-200">
          {groups.map((group, index) => {
            const expanded = openGroup === group.id;
            const submenuId = `mobile-submenu-${group.id}`;
            return (
              <li key={group.id}>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={submenuId}
                  onClick={() => setOpenGroup(expanded ? null : group.id)}
                  className="flex w-full items-baseline gap-4 py-4 text-left text-2xl font-semibold text-slate-900"
                >
                  <span aria-hidden="true" className="w-8 text-base font-bold tabular-nums text-accent-600">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="flex-1">{group.name}</span>
                  <span aria-hidden="true" className="text-brand-700">
                    {expanded ? '−' : '+'}
                  </span>
                </button>
                <ul id={submenuId} hidden={!expanded} className="pb-4 pl-12">
                  {group.items.map((item) => (
                    <li key={item.href + item.name}>
                      <a
                        href={item.href}
                        onClick={onLinkClick(item.href)}
                        aria-current={item.href === currentPath ? 'page' : undefined}
                        className="block py-2 text-lg text-slate-700 hover:text-brand-700 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                      >
                        {item.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="mt-8 flex flex-col gap-3">{actions}</div>
    </div>
  );
}
