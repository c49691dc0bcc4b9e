import { layoutForPath, normalisePath } from './layout';
import { menuHrefs, MEMBER_MENU, MEMBER_NOTIFICATIONS_PATH, MY_PROFILE_HREF, ROLE_MENUS } from './menus';
import { ROLE_IDS, type RoleId } from './roles';

/**
 * Which roles may open which portal page: the page guard's one table (the API checks again on
 * every call, so this is the second line, never the only one).
 *
 * (spec section 6) Roles 2 to 5 enter the admin and member areas, but each screen only when
 * their menu has it (a content admin has no coupon screen). Role 1 opens only member detail,
 * chapter detail and notifications. The member pages are open to the staff whose scope covers
 * member records (2, 4, 5: they open a member chosen on the membership screen); the content
 * admin reads no member records, so their menu never offers those pages.
 */
const STAFF_ON_MEMBER_PAGES: RoleId[] = ['2', '4', '5'];

/**
 * Every staff member may open their own profile to change their password, the super admin too,
 * although the spec's super-admin menu does not list My Profile (the avatar dropdown links it).
 */
const STAFF_ROLES: RoleId[] = ['2', '3', '4', '5'];

function rolesWhoseMenuHas(href: string): RoleId[] {
  return ROLE_IDS.filter((role) => role !== '1' && menuHrefs(ROLE_MENUS[role]).map(normalisePath).includes(href));
}

export const PORTAL_ROUTE_ACCESS: Record<string, readonly RoleId[]> = Object.fromEntries([
  ...[...new Set(ROLE_IDS.flatMap((role) => menuHrefs(ROLE_MENUS[role])))]
    .map(normalisePath)
    .filter((href) => !href.startsWith('/member/'))
    .map((href) => [href, href === MY_PROFILE_HREF ? STAFF_ROLES : rolesWhoseMenuHas(href)] as const),
  ...menuHrefs([MEMBER_MENU]).map((href) => [normalisePath(href), ['1', ...STAFF_ON_MEMBER_PAGES]] as const),
  [MEMBER_NOTIFICATIONS_PATH, ROLE_IDS],
]);

export type PageAccess =
  { kind: 'open' } | { kind: 'sign-in'; location: string } | { kind: 'forbidden' } | { kind: 'allowed' };

export const LOGIN_PATH = '/auth/login';

/** The portal route a path belongs to: itself, or the nearest listed parent (`/admin/coupon/12` → `/admin/coupon`). */
export function portalRouteOf(path: string): string | undefined {
  for (let candidate = path; candidate.length > 1; candidate = candidate.slice(0, candidate.lastIndexOf('/')) || '/') {
    if (candidate in PORTAL_ROUTE_ACCESS) return candidate;
  }
  return undefined;
}

/**
 * The guard's verdict for a request. `roleId` is null for anonymous visitors (or an invalid
 * token). Paths outside the portal are open; an unlisted portal path is left to the 404 page
 * for staff, and refused to members.
 */
export function accessFor(pathname: string, search: string, roleId: RoleId | null): PageAccess {
  if (layoutForPath(pathname) !== 'portal') return { kind: 'open' };
  if (!roleId) return { kind: 'sign-in', location: `${LOGIN_PATH}?returnTo=${encodeURIComponent(pathname + search)}` };
  const route = portalRouteOf(normalisePath(pathname));
  if (!route) return roleId === '1' ? { kind: 'forbidden' } : { kind: 'allowed' };
  return PORTAL_ROUTE_ACCESS[route].includes(roleId) ? { kind: 'allowed' } : { kind: 'forbidden' };
}
