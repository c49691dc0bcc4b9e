import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLE_HOME, ROLE_IDS } from './roles';
import { signInDestination } from './return-to';

const ORIGIN = 'http://127.0.0.1:4321';

/** What the sign-in page reads from its own address. */
const returnToOf = (query: string) => new URLSearchParams(query).get('returnTo');

describe('signInDestination: no open redirect after sign-in', () => {
  it.each(ROLE_IDS)('sends role %s home for the two targets of the issue', (roleId) => {
    expect(signInDestination(returnToOf('returnTo=%2F..%2F%2Fevil.example%2Fphish'), ORIGIN, roleId)).toBe(
      ROLE_HOME[roleId],
    );
    expect(signInDestination('/.//evil.example/phish', ORIGIN, roleId)).toBe(ROLE_HOME[roleId]);
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '/\\\\evil.example/x',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'http://127.0.0.1:4322/admin/coupon',
    '',
    null,
    '/auth/login?returnTo=/admin/coupon',
    '/events',
    '/admin/anything-new',
  ])('sends %j to the role’s home', (value) => {
    expect(signInDestination(value, ORIGIN, '2')).toBe(ROLE_HOME['2']);
  });

  it('keeps a portal page the role may open, with its query and fragment', () => {
    expect(signInDestination('/admin/coupon?page=2#list', ORIGIN, '2')).toBe('/admin/coupon?page=2#list');
    expect(signInDestination('/member/notifications', ORIGIN, '1')).toBe('/member/notifications');
    expect(signInDestination(`${ORIGIN}/member/chapterdetail/`, ORIGIN, '4')).toBe('/member/chapterdetail/');
  });

  it('sends a role home rather than to a page it may not open', () => {
    expect(signInDestination('/admin/coupon', ORIGIN, '1')).toBe(ROLE_HOME['1']);
    expect(signInDestination('/admin/user-management', ORIGIN, '4')).toBe(ROLE_HOME['4']);
  });

  it('collapses repeated slashes, so that a kept path never starts with //', () => {
    expect(signInDestination('/.//admin/coupon', ORIGIN, '2')).toBe('/admin/coupon');
    expect(signInDestination('/admin//coupon', ORIGIN, '2')).toBe('/admin/coupon');
  });

  it('answers, for any input at all, a path on the site’s own origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), fc.constantFrom(...ROLE_IDS), (value, roleId) => {
        const destination = signInDestination(value, ORIGIN, roleId);
        expect(destination.startsWith('/')).toBe(true);
        expect(destination.startsWith('//')).toBe(false);
        expect(new URL(destination, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });
});
