import { useEffect, useId, useRef, useState } from 'react';
import { SELECTED_MEMBER_ID_KEY } from '../../lib/constants';
import { ROLE, ROLE_HOME } from '../../lib/roles';
import type { SessionUser } from '../../lib/session';

function initialsOf(name: string | null, email: string | null): string {
  const source = name?.trim() || email?.split('@')[0] || 'U';
  const words = source.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** The signed-in visitor's avatar and its dropdown: greeting, e-mail, role home and Logout (spec section 2). */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const home = ROLE_HOME[user.roleId];

  const rememberMember = () => {
    // The member-detail page reads which member to show from here (spec: Profile Detail).
    if (user.roleId === ROLE.member && user.memberId !== null)
      sessionStorage.setItem(SELECTED_MEMBER_ID_KEY, String(user.memberId));
  };

  const logout = async () => {
    setSigningOut(true);
    // Loaded on demand: visitors who never sign out never download it.
    const { signOut } = await import('auth-astro/client');
    // auth-astro's types name next-auth's SignOutParams (not installed); its code reads callbackUrl.
    await signOut({ callbackUrl: '/' } as Parameters<typeof signOut>[0]);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-bold text-white ring-2 ring-white"
      >
        <span className="sr-only">Account menu</span>
        {user.image ? (
          <img src={user.image} alt="" className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{initialsOf(user.name, user.email)}</span>
        )}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-40 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        <div className="border-b border-slate-200 px-3 pb-3 pt-2">
          <p className="font-semibold text-slate-900">Hello, {user.name || 'User'}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
        <ul className="pt-2">
          <li>
            <a
              href={home}
              onClick={rememberMember}
              className="block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700"
            >
              {user.roleId === ROLE.member ? 'My membership' : 'Dashboard'}
            </a>
          </li>
          <li>
            <button
              type="button"
              onClick={logout}
              disabled={signingOut}
              className="block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700 disabled:opacity-60"
            >
              {signingOut ? 'Logging out…' : 'Logout'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
