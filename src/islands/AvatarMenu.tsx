import { useEffect, useRef, useState } from 'react';
import { initialsOf } from '../lib/initials';
import { MY_PROFILE_HREF } from '../lib/menus';
import { isStaffRole, ROLE_HOME, ROLE_LABELS, type RoleId } from '../lib/roles';
import { signOutTo } from '../stores/session';

interface Props {
  name: string | null;
  email: string | null;
  image: string | null;
  roleId: RoleId;
}

/** (spec section 2) The avatar dropdown: greeting with the name (or 'User'), the e-mail, the role's home, Logout. */
export default function AvatarMenu({ name, email, image, roleId }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  async function logout() {
    await signOutTo('/');
  }

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="avatar-menu"
        aria-label="Account menu"
        onClick={() => setOpen(!open)}
        className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-brand-700 font-semibold text-white"
      >
        {image ? <img src={image} alt="" className="h-full w-full object-cover" /> : initialsOf(name)}
      </button>
      {open && (
        <div
          id="avatar-menu"
          className="absolute right-0 z-50 mt-2 w-64 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
        >
          <p className="font-semibold text-slate-900">Hello, {name || 'User'}</p>
          <p className="truncate text-sm text-slate-600">{email}</p>
          <ul className="mt-3 border-t border-slate-200 pt-2">
            <li>
              <a href={ROLE_HOME[roleId]} className="block rounded px-2 py-1.5 text-sm hover:bg-brand-50">
                {ROLE_LABELS[roleId]} home
              </a>
            </li>
            {isStaffRole(roleId) && (
              <li>
                <a href={MY_PROFILE_HREF} className="block rounded px-2 py-1.5 text-sm hover:bg-brand-50">
                  My profile
                </a>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={() => void logout()}
                className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-brand-50"
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
