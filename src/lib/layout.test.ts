import { describe, expect, it } from 'vitest';
import { layoutForPath, normalisePath } from './layout';

describe('layoutForPath mirrors the spec table "Layout by path"', () => {
  it.each([
    ['/auth/admin', 'minimal'],
    ['/auth/admin/reset', 'minimal'],
    ['/membership', 'minimal'],
    ['/membership/registration', 'minimal'],
    ['/natcon', 'minimal'],
    ['/natcon/register', 'minimal'],
    ['/404', 'minimal'],
    ['/auth', 'minimal'],
    ['/auth/login', 'minimal'],
    ['/swagger', 'minimal'],
    ['/admin', 'portal'],
    ['/admin/membership', 'portal'],
    ['/myprofile/profile', 'portal'],
    ['/content-admin/events', 'portal'],
    ['/member', 'portal'],
    ['/member/memberdetail', 'portal'],
    ['/member/chapterdetail/', 'portal'],
    ['/', 'public'],
    ['/about', 'public'],
    ['/events/nipm-national-events', 'public'],
    ['/research/newsletter', 'public'],
    ['/resources/gallery', 'public'],
  ])('%s → %s', (path, expected) => {
    expect(layoutForPath(path)).toBe(expected);
  });

  it('does not mistake a longer word for a prefix', () => {
    expect(layoutForPath('/administrator')).toBe('public');
    expect(layoutForPath('/members-area')).toBe('public');
    expect(layoutForPath('/authors')).toBe('public');
  });

  it('judges encoded and oddly written paths like their plain form', () => {
    expect(layoutForPath('/%61dmin/coupon')).toBe('portal');
    expect(layoutForPath('//Admin//coupon/')).toBe('portal');
    expect(normalisePath('/%6Dember/memberdetail/')).toBe('/member/memberdetail');
  });
});
