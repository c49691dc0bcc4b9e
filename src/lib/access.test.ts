import { describe, expect, it } from 'vitest';
import { accessFor, PORTAL_ROUTE_ACCESS } from './access';
import type { RoleId } from './roles';

type Who = 'anonymous' | RoleId;
const WHO: Who[] = ['anonymous', '1', '2', '3', '4', '5'];

/**
 * Every portal route of the spec's menus x every visitor: A = allowed, F = 403 page,
 * S = sent to sign-in. Columns: anonymous, 1, 2, 3, 4, 5.
 */
const EXPECTED: Record<string, string> = {
  '/admin/membership': 'S F A F A A',
  '/admin/reports/membership': 'S F A F F F',
  '/admin/chapter': 'S F A F A A',
  '/admin/user-management': 'S F A F F F',
  '/admin/coupon': 'S F A F F F',
  '/admin/scroll-msg': 'S F A F F F',
  '/admin/notifications': 'S F A F F F',
  '/admin/natcon': 'S F A F A A',
  '/content-admin/events': 'S F F A A A',
  '/content-admin/gallery': 'S F F A A A',
  '/content-admin/newsletter': 'S F F A A A',
  '/content-admin/personneltoday': 'S F F A A A',
  '/content-admin/researchcompendium': 'S F F A A A',
  '/myprofile/profile': 'S F A A A A',
  '/member/memberdetail': 'S A A F A A',
  '/member/chapterdetail/': 'S A A F A A',
  '/member/notifications': 'S A A A A A',
};

const CODE = { allowed: 'A', forbidden: 'F', 'sign-in': 'S', open: 'O' } as const;

describe('page access: every portal route x anonymous and roles 1-5', () => {
  for (const [route, row] of Object.entries(EXPECTED)) {
    const expected = row.split(' ');
    it.each(WHO.map((who, index) => [who, expected[index]]))(`${route} as %s → %s`, (who, code) => {
      const verdict = accessFor(route, '', who === 'anonymous' ? null : (who as RoleId));
      expect(CODE[verdict.kind]).toBe(code);
    });
  }

  it('lists exactly the routes of the spec menus and the notifications page', () => {
    expect(Object.keys(PORTAL_ROUTE_ACCESS).sort()).toEqual(
      Object.keys(EXPECTED)
        .map((route) => route.replace(/\/$/, ''))
        .sort(),
    );
  });
});

describe('the guard judges the path, not its spelling', () => {
  it.each(['/%61dmin/coupon', '/Admin/Coupon', '//admin//coupon/', '/admin/coupon/12', '/%2561dmin/coupon'])(
    'a content admin on %s gets 403 or no portal page',
    (path) => {
      const verdict = accessFor(path, '', '3');
      expect(['forbidden', 'open']).toContain(verdict.kind);
      if (path !== '/%2561dmin/coupon') expect(verdict.kind).toBe('forbidden');
    },
  );

  it('sends an anonymous visitor of an encoded path to sign-in', () => {
    expect(accessFor('/%61dmin/coupon', '', null).kind).toBe('sign-in');
  });

  it('refuses a member any portal page outside their three', () => {
    expect(accessFor('/admin', '', '1').kind).toBe('forbidden');
    expect(accessFor('/member/other', '', '1').kind).toBe('forbidden');
    expect(accessFor('/member/memberdetail/', '', '1').kind).toBe('allowed');
  });

  it('leaves public and minimal pages open to everyone', () => {
    expect(accessFor('/', '', null).kind).toBe('open');
    expect(accessFor('/membership/registration', '', null).kind).toBe('open');
    expect(accessFor('/auth/login', '', null).kind).toBe('open');
    expect(accessFor('/administrator', '', null).kind).toBe('open');
  });

  it('keeps the path and query as the return path', () => {
    expect(accessFor('/admin/coupon', '?page=2', null)).toEqual({
      kind: 'sign-in',
      location: '/auth/login?returnTo=%2Fadmin%2Fcoupon%3Fpage%3D2',
    });
  });
});
