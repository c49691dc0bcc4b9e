import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE_NAME,
  deviceCookieHeader,
  deviceCookieIn,
  issueDeviceCookie,
  offerDeviceCookie,
  readDeviceCookie,
  withDeviceCookieScope,
} from './device-cookie';

const SECRET = 'device-cookie-test-secret';
const NOW = new Date('2026-11-25T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/** A cookie value signed the way the site signs one, with fields chosen by the test. */
function signed(userId: string, deviceId: string, expires: string, secret = SECRET): string {
  const payload = `${userId}.${deviceId}.${expires}`;
  const mac = createHmac('sha256', secret).update(`nipm-device-cookie\0${payload}`).digest().toString('base64url');
  return `${payload}.${mac}`;
}

const DEVICE = 'AAAAAAAAAAAAAAAAAAAAAA';
const LATER = String(Math.floor(NOW.getTime() / 1000) + 3600);

describe('device cookie', () => {
  it('names the user and a fresh 22-character device id, and expires after 180 days', () => {
    const value = issueDeviceCookie(42, SECRET, NOW);
    const [userId, deviceId, expires] = value.split('.');
    expect(userId).toBe('42');
    expect(deviceId).toMatch(/^[\w-]{22}$/);
    expect(Number(expires)).toBe(Math.floor((NOW.getTime() + 180 * DAY) / 1000));
    expect(readDeviceCookie(value, SECRET, NOW)).toEqual({ userId: 42, deviceId });
    expect(issueDeviceCookie(42, SECRET, NOW).split('.')[1]).not.toBe(deviceId);
  });

  it('holds until the second it expires, and not at or after it', () => {
    const value = issueDeviceCookie(7, SECRET, NOW);
    expect(readDeviceCookie(value, SECRET, new Date(NOW.getTime() + 180 * DAY - 1000))).not.toBeNull();
    expect(readDeviceCookie(value, SECRET, new Date(NOW.getTime() + 180 * DAY))).toBeNull();
  });

  it('is refused when signed with another secret, for another user, or altered', () => {
    const value = issueDeviceCookie(7, SECRET, NOW);
    expect(readDeviceCookie(value, 'another-secret', NOW)).toBeNull();
    const [, deviceId, expires, mac] = value.split('.');
    expect(readDeviceCookie(`8.${deviceId}.${expires}.${mac}`, SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(`${value.slice(0, -2)}AA`, SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(`${value}AA`, SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', DEVICE, LATER, 'another-secret'), SECRET, NOW)).toBeNull();
  });

  it('refuses values of the wrong shape even when correctly signed', () => {
    expect(readDeviceCookie(signed('7', DEVICE, LATER), SECRET, NOW)).toEqual({ userId: 7, deviceId: DEVICE });
    expect(readDeviceCookie(signed('1234567890', DEVICE, LATER), SECRET, NOW)?.userId).toBe(1234567890);
    expect(readDeviceCookie(signed('12345678901', DEVICE, LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('x7', DEVICE, LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7x', DEVICE, LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('', DEVICE, LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', `${DEVICE}A`, LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', DEVICE.slice(1), LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', `!${DEVICE.slice(1)}`, LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', `${DEVICE.slice(1)}!`, LATER), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', `-${DEVICE.slice(1)}`, LATER), SECRET, NOW)).not.toBeNull();
    expect(readDeviceCookie(signed('7', DEVICE, `${LATER}0000`), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', DEVICE, `9${LATER}`), SECRET, NOW)).not.toBeNull();
    expect(readDeviceCookie(signed('7', DEVICE, `x${LATER}`), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(signed('7', DEVICE, `${LATER}x`), SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(`${signed('7', DEVICE, LATER)}.extra`, SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(`7.${DEVICE}.${LATER}`, SECRET, NOW)).toBeNull();
    expect(readDeviceCookie('', SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(undefined, SECRET, NOW)).toBeNull();
    expect(readDeviceCookie(null, SECRET, NOW)).toBeNull();
  });

  it('is found by name in a Cookie header, keeping any = in its value', () => {
    expect(DEVICE_COOKIE_NAME).toBe('nipm_device');
    expect(deviceCookieIn('a=1; nipm_device=v.a=b; c=2')).toBe('v.a=b');
    expect(deviceCookieIn('nipm_device=first')).toBe('first');
    expect(deviceCookieIn('xnipm_device=1; a=2')).toBeUndefined();
    expect(deviceCookieIn('')).toBeUndefined();
    expect(deviceCookieIn(null)).toBeUndefined();
    expect(deviceCookieIn(undefined)).toBeUndefined();
  });

  it('is stored for /api, HttpOnly, SameSite=Strict, for 180 days, Secure only over HTTPS', () => {
    expect(deviceCookieHeader('v', true)).toBe(
      'nipm_device=v; Path=/api; Max-Age=15552000; HttpOnly; SameSite=Strict; Secure',
    );
    expect(deviceCookieHeader('v', false)).toBe(
      'nipm_device=v; Path=/api; Max-Age=15552000; HttpOnly; SameSite=Strict',
    );
  });
});

describe('device cookie scope', () => {
  it('adds the cookie offered inside the scope to the answer itself', async () => {
    const answer = new Response('ok');
    const response = await withDeviceCookieScope(async () => {
      offerDeviceCookie('nipm_device=v; Path=/api');
      return answer;
    });
    expect(response).toBe(answer);
    expect(response.headers.get('Set-Cookie')).toBe('nipm_device=v; Path=/api');
    expect(await response.text()).toBe('ok');
  });

  it('copies an answer with immutable headers to add the cookie', async () => {
    const response = await withDeviceCookieScope(async () => {
      offerDeviceCookie('nipm_device=v');
      return Response.redirect('https://nipm.example/portal', 303);
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('https://nipm.example/portal');
    expect(response.headers.get('Set-Cookie')).toBe('nipm_device=v');
  });

  it('leaves the answer alone when nothing was offered, and an offer outside a scope does nothing', async () => {
    offerDeviceCookie('nipm_device=outside');
    const answer = new Response('plain');
    const response = await withDeviceCookieScope(async () => answer);
    expect(response).toBe(answer);
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });
});
