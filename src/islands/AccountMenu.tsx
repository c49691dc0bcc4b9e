import { useRef, useState } from 'react';
import { SELECTED_MEMBER_ID_KEY } from '../lib/constants';
import { initialsOf } from '../lib/initials';
import { MY_PROFILE_HREF } from '../lib/menus';
import { isStaffRole, ROLE, ROLE_HOME, ROLE_LABELS, type RoleId } from '../lib/roles';
// The hook's own module, not the staff index: the public header must not carry the staff screens' parts.
import { useDismiss } from './staff/useDismiss';

interface Props {
  name: string | null;
  email: string | null;
  image: string | null;
  roleId: RoleId;
  memberId: number | null;
}

/**
 * (spec section 2) The avatar dropdown of the public header and of the portal's top bar:
 * greeting with the name (or 'User'), the e-mail, the role's home, My profile for staff, Logout.
 */
export default function AccountMenu({ name, email, image, roleId, memberId }: Props) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(root, () => setOpen(false), { active: open, returnFocusTo: button });

  const rememberMember = () => {
    // The member-detail page reads which member to show from here (spec: Profile Detail).
    if (roleId === ROLE.member && memberId !== null) sessionStorage.setItem(SELECTED_MEMBER_ID_KEY, String(memberId));
  };

  const logout = async () => {
    setSigningOut(true);
    // Loaded on demand: the public header of a visitor who never signs out does not carry it.
    const { signOutTo } = await import('../stores/auth');
    await signOutTo('/');
  };

  const itemClass =
    'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700';

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="avatar-menu"
        aria-label="Account menu"
        onClick={() => setOpen(!open)}
        className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-bold text-white ring-2 ring-white"
      >
        {image ? (
          <img src={image} alt="" className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{initialsOf(name)}</span>
        )}
      </button>
      <div
        id="avatar-menu"
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        <div className="border-b border-slate-200 px-3 pb-3 pt-2">
          <p className="font-semibold text-slate-900">Hello, {name || 'User'}</p>
          <p className="truncate text-sm text-slate-600">{email}</p>
        </div>
        <ul className="pt-2">
          <li>
            <a href={ROLE_HOME[roleId]} onClick={rememberMember} className={itemClass}>
              {ROLE_LABELS[roleId]} home
            </a>
          </li>
          {isStaffRole(roleId) && (
            <li>
              <a href={MY_PROFILE_HREF} className={itemClass}>
                My profile
              </a>
            </li>
          )}
          <li>
            <button type="button" onClick={() => void logout()} disabled={signingOut} className={itemClass}>
              {signingOut ? 'Logging out…' : 'Logout'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
