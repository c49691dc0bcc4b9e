import { describe, expect, it } from 'vitest';
import { menuFor, menuHrefs, ROLE_MENUS } from './menus';

const FULL_ADMIN = [
  '/admin/membership',
  '/admin/transfers',
  '/admin/reports/membership',
  '/admin/import',
  '/admin/chapter',
  '/admin/user-management',
  '/admin/payments',
  '/admin/coupon',
  '/admin/payments/statements',
  '/admin/payments/refunds',
  '/admin/gst',
  '/admin/scroll-msg',
  '/admin/site-settings',
  '/admin/notifications',
  '/admin/natcon',
  '/admin/privacy',
];
const CONTENT = [
  '/content-admin/events',
  '/content-admin/gallery',
  '/content-admin/newsletter',
  '/content-admin/personneltoday',
  '/content-admin/researchcompendium',
];
const MEMBER = [
  '/member/memberdetail',
  '/member/chapterdetail/',
  '/member/payments',
  '/member/natcon-orders',
  '/member/password',
];
const CHAPTER_ROLES = [
  '/admin/membership',
  '/admin/chapter',
  '/admin/natcon',
  '/admin/payments',
  ...CONTENT,
  '/myprofile/profile',
];
/** Role 5 imports the register (issue 23), keeps the privacy desk (issue 26), matches statements and makes refunds (issue 24) and opens GST (issue 25). */
const ADMIN_ROLE = [
  CHAPTER_ROLES[0],
  '/admin/import',
  '/admin/transfers',
  '/admin/privacy',
  ...CHAPTER_ROLES.slice(1, 4),
  '/admin/payments/statements',
  '/admin/payments/refunds',
  '/admin/gst',
  ...CHAPTER_ROLES.slice(4),
];

describe('role menus (spec section 6)', () => {
  it('gives the super admin the full admin menu and nothing else', () => {
    expect(menuHrefs(ROLE_MENUS['2'])).toEqual(FULL_ADMIN);
  });

  it('gives the content admin the content admin menu and My Profile only', () => {
    expect(menuHrefs(ROLE_MENUS['3'])).toEqual([...CONTENT, '/myprofile/profile']);
  });

  it('gives roles 4 and 5 membership, chapter details, National HR Awards, content admin and My Profile', () => {
    expect(menuHrefs(ROLE_MENUS['4'])).toEqual(CHAPTER_ROLES);
    expect(menuHrefs(ROLE_MENUS['5'])).toEqual(ADMIN_ROLE);
    expect(ROLE_MENUS['4'].map((item) => item.name).slice(0, 3)).toEqual([
      'Membership',
      'Chapter Details',
      'National HR Awards',
    ]);
  });

  it('keeps user management, coupon, scroll message, notifications and reports in the super-admin menu only', () => {
    const onlySuper = [
      '/admin/user-management',
      '/admin/coupon',
      '/admin/scroll-msg',
      '/admin/notifications',
      '/admin/reports/membership',
    ];
    for (const role of ['1', '3', '4', '5'] as const) {
      expect(menuHrefs(ROLE_MENUS[role]).filter((href) => onlySuper.includes(href))).toEqual([]);
    }
  });

  it('names the member menu items: the record, the chapter, and the member’s own money and password', () => {
    expect(menuFor('1', '/member/memberdetail', 7)[0].items).toEqual([
      { name: 'Profile Detail', href: '/member/memberdetail' },
      { name: 'Chapter Detail', href: '/member/chapterdetail/' },
      { name: 'Payments', href: '/member/payments' },
      { name: 'NATCON Orders', href: '/member/natcon-orders' },
      { name: 'Change Password', href: '/member/password' },
    ]);
  });
});

describe('menuFor chooses the menu by role, path and memberId', () => {
  it.each([
    // role, path, memberId, expected links
    ['1', '/member/memberdetail', 7, MEMBER],
    ['1', '/member/chapterdetail/', 7, MEMBER],
    ['1', '/member/notifications', 7, MEMBER],
    ['1', '/member/memberdetail', null, []],
    ['4', '/member/memberdetail', null, MEMBER],
    ['4', '/member/chapterdetail/', null, MEMBER],
    ['4', '/member/notifications', null, CHAPTER_ROLES],
    ['4', '/admin/membership', null, CHAPTER_ROLES],
    ['2', '/member/memberdetail', null, FULL_ADMIN],
    ['2', '/member/notifications', null, FULL_ADMIN],
    ['3', '/member/notifications', null, [...CONTENT, '/myprofile/profile']],
    ['5', '/member/notifications', null, ADMIN_ROLE],
    ['5', '/member/memberdetail', null, ADMIN_ROLE],
    ['3', '/content-admin/events', null, [...CONTENT, '/myprofile/profile']],
  ] as const)('role %s on %s (memberId %s)', (role, path, memberId, expected) => {
    expect(menuHrefs(menuFor(role, path, memberId))).toEqual(expected);
  });

  it('judges an encoded path like its plain form', () => {
    expect(menuHrefs(menuFor('4', '/%6Dember/notifications/', null))).toEqual(CHAPTER_ROLES);
  });
});
