import { layoutForPath, normalisePath } from './layout';
import { ROLE, ROLE_IDS, type RoleId } from './roles';

/**
 * Who may open which portal page: the page guard's one table, deny by default. A portal path
 * that no entry names is refused to every role, so a new page stays closed until it is listed
 * here (`access.test.ts` fails for a page file under a portal folder without an entry). The API
 * checks again on every call: this is the second line, never the only one.
 *
 * Keys are paths as Astro names the page files (`/admin/membership/[id]` for a dynamic
 * segment, `/admin/reports/[...rest]` for the rest of the path); values are the roles let in.
 * The menus (`menus.ts`) are the spec's and only mirror this table: the tests check that every
 * menu link is open to the roles whose menu shows it.
 */
const { member, superAdmin, contentAdmin, chapterAdmin, admin } = ROLE;

/**
 * (docs/architecture.md, "Roles") The super admin may open every portal screen, the content-admin ones
 * included, although its menu (the spec's) shows only the admin screens.
 */
const superAdminAnd = (...roles: RoleId[]): readonly RoleId[] => [superAdmin, ...roles];

/** Roles 4 and 5 run membership, chapters, NATCON and content (spec section 6). */
const CHAPTER_AND_NATIONAL = superAdminAnd(chapterAdmin, admin);
/** Content screens: content admins and roles 4 and 5 (role 4 for its chapter's events, checked by the API). */
const CONTENT_STAFF = superAdminAnd(contentAdmin, chapterAdmin, admin);
/**
 * Member pages: the member themself, and the staff whose scope covers member records (they open a
 * member chosen on the membership screen). The content admin reads no member records.
 */
const MEMBER_AND_MEMBER_STAFF = superAdminAnd(member, chapterAdmin, admin);

export const PORTAL_ROUTE_ACCESS: Readonly<Record<string, readonly RoleId[]>> = {
  '/admin/membership': CHAPTER_AND_NATIONAL,
  '/admin/reports/membership': superAdminAnd(),
  // National staff only: an import writes members of every chapter (issue 23).
  '/admin/import': superAdminAnd(admin),
  '/admin/chapter': CHAPTER_AND_NATIONAL,
  '/admin/user-management': superAdminAnd(),
  '/admin/coupon': superAdminAnd(),
  // Issue 28: chapter transfers are decided by the national office.
  '/admin/transfers': superAdminAnd(admin),
  // Issue 24: statement matching for those who verify payments; one payment's detail as the payments list.
  '/admin/payments/statements': superAdminAnd(admin),
  '/admin/payments/detail': CHAPTER_AND_NATIONAL,
  '/admin/payments/refunds': superAdminAnd(admin),
  // Every payment for roles 2 and 5; a chapter admin its chapter's (the API scopes the list).
  '/admin/payments': CHAPTER_AND_NATIONAL,
  // Issue 25: the GST register and the return's figures, for those who verify payments.
  '/admin/gst': superAdminAnd(admin),
  '/admin/scroll-msg': superAdminAnd(),
  '/admin/site-settings': superAdminAnd(),
  '/admin/notifications': superAdminAnd(),
  '/admin/natcon': CHAPTER_AND_NATIONAL,
  // Issue 26: the privacy desk for national staff; breaches and the privacy settings for the super admin.
  '/admin/privacy': superAdminAnd(admin),
  '/admin/privacy/exports': superAdminAnd(admin),
  '/admin/privacy/breaches': superAdminAnd(),
  '/admin/settings/privacy': superAdminAnd(),
  '/content-admin/events': CONTENT_STAFF,
  '/content-admin/gallery': CONTENT_STAFF,
  '/content-admin/newsletter': CONTENT_STAFF,
  '/content-admin/personneltoday': CONTENT_STAFF,
  '/content-admin/researchcompendium': CONTENT_STAFF,
  // Every staff member changes their own password here, the super admin too (from the avatar dropdown).
  '/myprofile/profile': superAdminAnd(contentAdmin, chapterAdmin, admin),
  '/member/memberdetail': MEMBER_AND_MEMBER_STAFF,
  '/member/chapterdetail': MEMBER_AND_MEMBER_STAFF,
  '/member/notifications': ROLE_IDS,
  // Issue 28: each signed-in person's own payments, NATCON orders and password.
  '/member/payments': ROLE_IDS,
  '/member/natcon-orders': ROLE_IDS,
  '/member/password': ROLE_IDS,
  // Every signed-in person's own data and rights (issue 26).
  '/member/privacy': ROLE_IDS,
};

export type PageAccess =
  { kind: 'open' } | { kind: 'sign-in'; location: string } | { kind: 'forbidden' } | { kind: 'allowed' };

export const LOGIN_PATH = '/auth/login';

const isRest = (segment: string) => /^\[\.\.\.[^\]]+\]$/.test(segment);
const isParam = (segment: string) => /^\[[^\]]+\]$/.test(segment);

/**
 * Whether a table key names a normalised path: static segments equal, `[id]` any one segment,
 * `[...rest]` one or more remaining segments.
 */
export function routeMatches(route: string, path: string): boolean {
  const pattern = route.split('/');
  const parts = path.split('/');
  for (let i = 0; i < pattern.length; i++) {
    if (isRest(pattern[i])) return parts.length > i;
    if (i >= parts.length || (!isParam(pattern[i]) && pattern[i] !== parts[i])) return false;
  }
  return pattern.length === parts.length;
}

/** The table entry that names a normalised path: an exact entry before a dynamic one. */
export function portalRouteOf(path: string): string | undefined {
  if (Object.hasOwn(PORTAL_ROUTE_ACCESS, path)) return path;
  return Object.keys(PORTAL_ROUTE_ACCESS).find((route) => route.includes('[') && routeMatches(route, path));
}

/**
 * The guard's verdict for a request. `roleId` is null for anonymous visitors (or an invalid
 * token), who are sent to sign in on any portal path. Paths outside the portal are open; a
 * portal path the table does not name is refused to every role.
 */
export function accessFor(pathname: string, search: string, roleId: RoleId | null): PageAccess {
  if (layoutForPath(pathname) !== 'portal') return { kind: 'open' };
  if (!roleId) return { kind: 'sign-in', location: `${LOGIN_PATH}?returnTo=${encodeURIComponent(pathname + search)}` };
  const route = portalRouteOf(normalisePath(pathname));
  return route && PORTAL_ROUTE_ACCESS[route].includes(roleId) ? { kind: 'allowed' } : { kind: 'forbidden' };
}
