import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessFor, PORTAL_ROUTE_ACCESS, routeMatches } from './access';
import { normalisePath } from './layout';
import { menuFor, menuHrefs, ROLE_MENUS } from './menus';
import { ROLE_IDS, type RoleId } from './roles';

type Who = 'anonymous' | RoleId;
const WHO: Who[] = ['anonymous', '1', '2', '3', '4', '5'];

/**
 * Every portal page x every visitor: A = allowed, F = 403 page, S = sent to sign-in.
 * Columns: anonymous, 1, 2, 3, 4, 5. The super admin (2) opens every screen (docs/architecture.md, "Roles").
 */
const EXPECTED: Record<string, string> = {
  '/admin/membership': 'S F A F A A',
  '/admin/reports/membership': 'S F A F F F',
  '/admin/import': 'S F A F F A',
  '/admin/chapter': 'S F A F A A',
  '/admin/user-management': 'S F A F F F',
  '/admin/coupon': 'S F A F F F',
  '/admin/transfers': 'S F A F F A',
  '/admin/payments/statements': 'S F A F F A',
  '/admin/gst': 'S F A F F A',
  '/admin/payments/detail': 'S F A F A A',
  '/admin/payments/refunds': 'S F A F F A',
  '/admin/payments': 'S F A F A A',
  '/admin/scroll-msg': 'S F A F F F',
  '/admin/site-settings': 'S F A F F F',
  '/admin/notifications': 'S F A F F F',
  '/admin/natcon': 'S F A F A A',
  '/admin/privacy': 'S F A F F A',
  '/admin/privacy/exports': 'S F A F F A',
  '/admin/privacy/breaches': 'S F A F F F',
  '/admin/settings/privacy': 'S F A F F F',
  '/content-admin/events': 'S F A A A A',
  '/content-admin/gallery': 'S F A A A A',
  '/content-admin/newsletter': 'S F A A A A',
  '/content-admin/personneltoday': 'S F A A A A',
  '/content-admin/researchcompendium': 'S F A A A A',
  '/myprofile/profile': 'S F A A A A',
  '/member/memberdetail': 'S A A F A A',
  '/member/chapterdetail': 'S A A F A A',
  '/member/notifications': 'S A A A A A',
  '/member/payments': 'S A A A A A',
  '/member/natcon-orders': 'S A A A A A',
  '/member/password': 'S A A A A A',
  '/member/privacy': 'S A A A A A',
};

const CODE = { allowed: 'A', forbidden: 'F', 'sign-in': 'S', open: 'O' } as const;
const verdictOf = (route: string, who: Who) => CODE[accessFor(route, '', who === 'anonymous' ? null : who).kind];

/** Other spellings of the same path that a browser or an attacker may send. */
function spellingsOf(route: string): string[] {
  const [, first, ...rest] = route.split('/');
  const escaped = '%' + first.charCodeAt(0).toString(16) + first.slice(1);
  return [
    route + '/',
    route.toUpperCase(),
    '/' + [escaped, ...rest].join('/'),
    '/' + [first, ...rest].join('//'),
    encodeURI(route).replace(/-/g, '%2D'),
  ];
}

/** The portal pages as Astro routes them: src/pages/admin/reports/membership.astro → /admin/reports/membership. */
const PORTAL_FOLDERS = ['admin', 'content-admin', 'member', 'myprofile'];
const pagesDir = path.resolve('src/pages');

function pageRoutesUnder(folder: string): string[] {
  return readdirSync(path.join(pagesDir, folder), { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.(astro|ts|tsx|md|mdx|html)$/.test(entry.name) && !entry.name.includes('.test.'),
    )
    .map((entry) => {
      const relative = path.relative(pagesDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      return '/' + relative.replace(/\.[a-z]+$/, '').replace(/(^|\/)index$/, '');
    });
}

const PAGE_ROUTES = PORTAL_FOLDERS.flatMap(pageRoutesUnder).sort();

describe('the access table names every portal page', () => {
  it('finds the portal pages on disk', () => {
    expect(PAGE_ROUTES.length).toBeGreaterThanOrEqual(17);
  });

  it.each(PAGE_ROUTES)('%s has an entry in PORTAL_ROUTE_ACCESS and a row in this test', (route) => {
    expect(Object.keys(PORTAL_ROUTE_ACCESS), `add ${route} to src/lib/access.ts`).toContain(route);
    expect(Object.keys(EXPECTED), `add ${route} to EXPECTED in access.test.ts`).toContain(route);
  });

  it('has no entry without a page', () => {
    expect(Object.keys(PORTAL_ROUTE_ACCESS).sort()).toEqual(PAGE_ROUTES);
  });
});

describe('page access: every portal page x anonymous and roles 1-5, however the path is spelled', () => {
  for (const [route, row] of Object.entries(EXPECTED)) {
    const expected = row.split(' ');
    it.each(WHO.map((who, index) => [who, expected[index]]))(`${route} as %s → %s`, (who, code) => {
      expect(verdictOf(route, who)).toBe(code);
      for (const spelling of spellingsOf(route)) expect(verdictOf(spelling, who), spelling).toBe(code);
    });
  }

  it('lets the super admin open the content-admin events screen', () => {
    expect(accessFor('/content-admin/events', '', '2').kind).toBe('allowed');
  });

  it('lets the super admin open every portal screen', () => {
    for (const route of Object.keys(PORTAL_ROUTE_ACCESS)) expect(PORTAL_ROUTE_ACCESS[route], route).toContain('2');
  });
});

describe('deny by default: a portal path the table does not name is refused to every role', () => {
  const UNLISTED = [
    '/admin/anything-new',
    '/%61dmin/anything-new',
    '/ADMIN/Anything-New/',
    '/admin',
    '/admin/coupon/12',
    '/admin/reports',
    '/content-admin',
    '/content-admin/events/new',
    '/member',
    '/member/other',
    '/myprofile',
    '/myprofile/profile/extra',
    '/admin/%2e%2e/coupon',
    '/admin/%E0%A4%A',
  ];

  it.each(UNLISTED.flatMap((route) => ROLE_IDS.map((role) => [route, role] as const)))(
    '%s as %s → 403',
    (route, role) => {
      expect(accessFor(route, '', role).kind).toBe('forbidden');
    },
  );

  it.each(UNLISTED)('%s sends an anonymous visitor to sign in (revealing nothing)', (route) => {
    expect(accessFor(route, '', null).kind).toBe('sign-in');
  });
});

describe("the menus (the spec's) only mirror the table", () => {
  it.each(ROLE_IDS)('every link in the menu of role %s opens for that role', (role) => {
    for (const href of menuHrefs(ROLE_MENUS[role])) expect(accessFor(href, '', role).kind, href).toBe('allowed');
  });

  it.each(ROLE_IDS)('every menu role %s sees on a portal page opens for that role', (role) => {
    for (const page of Object.keys(PORTAL_ROUTE_ACCESS).filter((route) => PORTAL_ROUTE_ACCESS[route].includes(role))) {
      for (const href of menuHrefs(menuFor(role, page, 7)))
        expect(accessFor(href, '', role).kind, href).toBe('allowed');
    }
  });
});

describe('dynamic entries match like Astro routes', () => {
  it.each([
    ['/admin/membership/[id]', '/admin/membership/12', true],
    ['/admin/membership/[id]', '/admin/membership', false],
    ['/admin/membership/[id]', '/admin/membership/12/edit', false],
    ['/admin/membership/[id]/edit', '/admin/membership/12/edit', true],
    ['/admin/reports/[...rest]', '/admin/reports/a/b', true],
    ['/admin/reports/[...rest]', '/admin/reports', false],
    ['/admin/coupon', '/admin/coupon', true],
    ['/admin/coupon', '/admin/coupon/12', false],
  ])('%s names %s: %s', (route, pathname, expected) => {
    expect(routeMatches(route, normalisePath(pathname))).toBe(expected);
  });
});

describe('the guard judges the path, not its spelling', () => {
  it.each(['/%61dmin/coupon', '/Admin/Coupon', '//admin//coupon/', '/admin/coupon/12', '/%2561dmin/coupon'])(
    'a content admin on %s gets 403 or no portal page',
    (pathname) => {
      const verdict = accessFor(pathname, '', '3');
      expect(['forbidden', 'open']).toContain(verdict.kind);
      if (pathname !== '/%2561dmin/coupon') expect(verdict.kind).toBe('forbidden');
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
    expect(accessFor('/swagger', '', null).kind).toBe('open');
  });

  it('keeps the path and query as the return path', () => {
    expect(accessFor('/admin/coupon', '?page=2', null)).toEqual({
      kind: 'sign-in',
      location: '/auth/login?returnTo=%2Fadmin%2Fcoupon%3Fpage%3D2',
    });
  });
});
