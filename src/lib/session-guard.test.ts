import { describe, expect, it } from 'vitest';
import { judgeSession } from './session-guard';
import type { Session } from './session';

const NOW = Date.parse('2026-03-01T10:00:00Z');

function jwtExpiringAt(ms: number): string {
  const payload = btoa(JSON.stringify({ sub: '1', exp: Math.floor(ms / 1000) }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

function session(roleId: Session['user']['roleId'], tokenMs: number, expiresMs = NOW + 3600_000): Session {
  return {
    user: { name: 'A', email: 'a@x.in', image: null, roleId, memberId: 1, token: jwtExpiringAt(tokenMs) },
    expires: new Date(expiresMs).toISOString(),
  };
}

describe('judgeSession (spec section 4)', () => {
  it('passes a live session', () => {
    expect(judgeSession('authenticated', session('2', NOW + 60_000), '/admin/membership', NOW)).toBe('ok');
  });

  it('times out when the token has expired', () => {
    expect(judgeSession('authenticated', session('2', NOW - 1000), '/admin/membership', NOW)).toBe('timed-out');
  });

  it('times out when the session expiry date has passed', () => {
    expect(judgeSession('authenticated', session('3', NOW + 60_000, NOW - 1), '/content-admin/events', NOW)).toBe(
      'timed-out',
    );
  });

  it('times out on a token it cannot read', () => {
    const broken = { ...session('2', NOW + 60_000), user: { ...session('2', 0).user, token: 'not-a-jwt' } };
    expect(judgeSession('authenticated', broken, '/admin/coupon', NOW)).toBe('timed-out');
  });

  it('asks to sign in when there is no session', () => {
    expect(judgeSession('unauthenticated', null, '/admin/membership', NOW)).toBe('auth-required');
  });

  it('waits while the session loads', () => {
    expect(judgeSession('loading', null, '/admin/membership', NOW)).toBe('wait');
  });

  it('skips /404 for everyone', () => {
    expect(judgeSession('unauthenticated', null, '/404', NOW)).toBe('skip');
  });

  it.each(['/member/memberdetail', '/member/chapterdetail/', '/%6Dember/memberdetail'])(
    'skips %s for role 1 even with an expired token',
    (path) => {
      expect(judgeSession('authenticated', session('1', NOW - 1000), path, NOW)).toBe('skip');
    },
  );

  it('still checks role 1 on notifications and staff on member detail', () => {
    expect(judgeSession('authenticated', session('1', NOW - 1000), '/member/notifications', NOW)).toBe('timed-out');
    expect(judgeSession('authenticated', session('4', NOW - 1000), '/member/memberdetail', NOW)).toBe('timed-out');
  });
});
