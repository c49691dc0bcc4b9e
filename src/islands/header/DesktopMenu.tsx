import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { isAnchorHref, scrollToAnchor, type MenuGroup } from '../../lib/menu';

/**
 * The desktop menu (xl and up): a disclosure button per group whose submenu opens on hover, on
 * click, Enter or Space, and with ArrowDown (which also moves focus into it). Escape closes it and
 * returns focus to the button; leaving the group with the pointer or the keyboard closes it too.
 */
export default function DesktopMenu({ groups, currentPath }: { groups: MenuGroup[]; currentPath: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const lists = useRef(new Map<string, HTMLUListElement>());

  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: PointerEvent) => {
      const group = buttons.current.get(openId)?.parentElement;
      if (group && !group.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  const closeAndFocus = (id: string) => {
    setOpenId(null);
    buttons.current.get(id)?.focus();
  };

  const focusItem = (id: string, index: number) => {
    const links = lists.current.get(id)?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  const onButtonKeyDown = (id: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && openId === id) {
      event.preventDefault();
      closeAndFocus(id);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpenId(id);
      requestAnimationFrame(() => focusItem(id, 0));
    }
  };

  const onListKeyDown = (id: string) => (event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...(lists.current.get(id)?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      closeAndFocus(id);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(id, index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(id, index - 1);
    }
  };

  const onLinkClick = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    setOpenId(null);
    if (isAnchorHref(href) && scrollToAnchor(href)) event.preventDefault();
  };

  return (
    <nav aria-label="Main" className="hidden xl:block">
      <ul className="flex items-center gap-1">
        {groups.map((group) => {
          const open = openId === group.id;
          const submenuId = `submenu-${group.id}`;
          const active = group.items.some((item) => item.href === currentPath);
          return (
            <li
              key={group.id}
              className="relative"
              onMouseEnter={() => setOpenId(group.id)}
              onMouseLeave={() => setOpenId((current) => (current === group.id ? null : current))}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                  setOpenId((current) => (current === group.id ? null : current));
              }}
            >
              <button
                type="button"
                ref={(el) => {
                  if (el) buttons.current.set(group.id, el);
                }}
                aria-expanded={open}
                aria-controls={submenuId}
                onClick={() => setOpenId(open ? null : group.id)}
                onKeyDown={onButtonKeyDown(group.id)}
                className={`flex items-center gap-1 rounded-md px-3 py-2 text-[0.95rem] font-semibold hover:bg-brand-50 hover:text-brand-700 ${
                  active ? 'text-brand-700' : 'text-slate-800'
                }`}
              >
                {group.name}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
                >
                  <path
                    fill="currentColor"
                    d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z"
                  />
                </svg>
              </button>
              <ul
                id={submenuId}
                ref={(el) => {
                  if (el) lists.current.set(group.id, el);
                }}
                hidden={!open}
                onKeyDown={onListKeyDown(group.id)}
                className="absolute left-0 top-full z-40 min-w-60 rounded-lg border border-slate-200 bg-white py-2 shadow-lg"
              >
                {group.items.map((item) => (
                  <li key={item.href + item.name}>
                    <a
                      href={item.href}
                      onClick={onLinkClick(item.href)}
                      aria-current={item.href === currentPath ? 'page' : undefined}
                      className="block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                    >
                      {item.name}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
