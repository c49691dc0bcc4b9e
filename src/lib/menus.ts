import { ROLE, type RoleId } from './roles';
import { normalisePath } from './layout';

/** (spec section 3) A menu item: a name, a link, and optionally sub-items. */
export interface MenuItem {
  name: string;
  href?: string;
  items?: MenuItem[];
}

/** Bringing the existing register in from spreadsheets (issue 23): national staff, roles 2 and 5. */
export const IMPORT_HREF = '/admin/import';
/** The staff privacy desk (issue 26): national staff, roles 2 and 5; breaches and settings are linked from it. */
export const PRIVACY_DESK_HREF = '/admin/privacy';

/** Tax invoices, credit notes and the return's figures (issue 25): roles 2 and 5. */
export const GST_HREF = '/admin/gst';

/** Issue 24: refunds to make (a withdrawn application's money) and made, for roles 2 and 5. */
export const REFUNDS_HREF = '/admin/payments/refunds';

/** Chapter transfers, decided by the national office (issue 28): roles 2 and 5. */
export const TRANSFERS_HREF = '/admin/transfers';

/** (spec section 6) The admin menu of the body, seen in full only by the super admin. */
export const SUPER_ADMIN_MENU: MenuItem = {
  name: 'NIPM Admin',
  items: [
    { name: 'Membership', href: '/admin/membership' },
    { name: 'Transfers', href: TRANSFERS_HREF },
    { name: 'Membership Reports', href: '/admin/reports/membership' },
    { name: 'Import Register', href: IMPORT_HREF },
    { name: 'Chapters', href: '/admin/chapter' },
    { name: 'User Management', href: '/admin/user-management' },
    { name: 'Payments', href: '/admin/payments' },
    { name: 'Coupons', href: '/admin/coupon' },
    { name: 'Bank Statements', href: '/admin/payments/statements' },
    { name: 'Refunds', href: REFUNDS_HREF },
    { name: 'GST', href: GST_HREF },
    { name: 'Scroll Message', href: '/admin/scroll-msg' },
    { name: 'Site Settings', href: '/admin/site-settings' },
    { name: 'Notifications', href: '/admin/notifications' },
    { name: 'National HR Awards', href: '/admin/natcon' },
    { name: 'Privacy Desk', href: PRIVACY_DESK_HREF },
  ],
};

export const CONTENT_ADMIN_MENU: MenuItem = {
  name: 'Content Admin',
  items: [
    { name: 'Events', href: '/content-admin/events' },
    { name: 'Gallery', href: '/content-admin/gallery' },
    { name: 'Newsletter', href: '/content-admin/newsletter' },
    { name: 'Personnel Today', href: '/content-admin/personneltoday' },
    { name: 'Research Compendium', href: '/content-admin/researchcompendium' },
  ],
};

export const MY_PROFILE_HREF = '/myprofile/profile';

export const MY_PROFILE_MENU: MenuItem = {
  name: 'My Profile',
  items: [{ name: 'My Profile', href: MY_PROFILE_HREF }],
};

export const PROFILE_DETAIL_HREF = '/member/memberdetail';

export const MEMBER_MENU: MenuItem = {
  name: 'Member',
  items: [
    { name: 'Profile Detail', href: PROFILE_DETAIL_HREF },
    { name: 'Chapter Detail', href: '/member/chapterdetail/' },
    // Issue 28: the member's own money and account.
    { name: 'Payments', href: '/member/payments' },
    { name: 'NATCON Orders', href: '/member/natcon-orders' },
    { name: 'Change Password', href: '/member/password' },
  ],
};

/** (spec section 6) Roles 4 and 5: membership, chapter details, National HR Awards, content admin, My Profile. */
const CHAPTER_AND_ADMIN_MENU: MenuItem[] = [
  { name: 'Membership', href: '/admin/membership' },
  { name: 'Chapter Details', href: '/admin/chapter' },
  { name: 'National HR Awards', href: '/admin/natcon' },
  // Issue 28: the payments of every purpose, to verify (roles 5) or follow (role 4, its chapter's).
  { name: 'Payments', href: '/admin/payments' },
  CONTENT_ADMIN_MENU,
  MY_PROFILE_MENU,
];

/**
 * Role 5 (national admin) also imports the register, next to Membership (issue 23), and opens GST
 * after Payments (issue 25).
 */
const ADMIN_MENU: MenuItem[] = [
  CHAPTER_AND_ADMIN_MENU[0],
  { name: 'Import Register', href: IMPORT_HREF },
  { name: 'Transfers', href: TRANSFERS_HREF },
  { name: 'Privacy Desk', href: PRIVACY_DESK_HREF },
  ...CHAPTER_AND_ADMIN_MENU.slice(1, 4),
  // Role 5 verifies payments: statement matching and the refunds queue (issue 24), and the GST register (issue 25).
  { name: 'Bank Statements', href: '/admin/payments/statements' },
  { name: 'Refunds', href: REFUNDS_HREF },
  { name: 'GST', href: GST_HREF },
  ...CHAPTER_AND_ADMIN_MENU.slice(4),
];

/** Each staff role's own (admin) menu; role 1 has only the member menu. */
export const ROLE_MENUS: Record<RoleId, MenuItem[]> = {
  '1': [MEMBER_MENU],
  '2': [SUPER_ADMIN_MENU],
  '3': [CONTENT_ADMIN_MENU, MY_PROFILE_MENU],
  '4': CHAPTER_AND_ADMIN_MENU,
  '5': ADMIN_MENU,
};

export const MEMBER_NOTIFICATIONS_PATH = '/member/notifications';

function isMemberPage(path: string): boolean {
  return path === '/member' || path.startsWith('/member/');
}

/**
 * (spec section 6) The menu a signed-in user sees on a portal path: the member menu on /member
 * pages for role 1 with a memberId, and for role 4 except on notifications; on
 * /member/notifications roles 2 to 5 get their admin menu; elsewhere each role's own menu.
 * A member without a member record has no menu.
 */
export function menuFor(roleId: RoleId, pathname: string, memberId: number | null): MenuItem[] {
  const path = normalisePath(pathname);
  if (roleId === ROLE.member) return memberId != null ? [MEMBER_MENU] : [];
  if (roleId === ROLE.chapterAdmin && isMemberPage(path) && path !== MEMBER_NOTIFICATIONS_PATH) return [MEMBER_MENU];
  return ROLE_MENUS[roleId];
}

/** Every link of a menu, depth first. */
export function menuHrefs(menu: MenuItem[]): string[] {
  return menu.flatMap((item) => [...(item.href ? [item.href] : []), ...menuHrefs(item.items ?? [])]);
}
