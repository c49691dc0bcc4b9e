import { createHash } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { signApiToken, verifyApiToken } from './token';

const SECRET = 'token-test-secret';
const NOW = new Date('2026-11-25T10:00:00Z');
const AT = Math.floor(NOW.getTime() / 1000);

/** A token signed with the site's key for SECRET, with claims and header chosen by the test. */
async function forged(claims: Record<string, unknown>, edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt) {
  const raw = createHash('sha256').update(`nipm-api-token:${SECRET}`).digest();
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('nipm')
    .setAudience('nipm-api')
    .setIssuedAt(AT)
    .setExpirationTime(AT + 60);
  return edit(jwt).sign(new Uint8Array(raw));
}

describe('API token', () => {
  it('carries the user, the token version and its lifetime, signed HS256 for the API', async () => {
    const token = await signApiToken({ userId: 12, tokenVersion: 3 }, SECRET, 900, NOW);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toEqual({ sub: '12', ver: 3, iss: 'nipm', aud: 'nipm-api', iat: AT, exp: AT + 900 });
    expect(await verifyApiToken(token, SECRET, NOW)).toEqual({
      ok: true,
      userId: 12,
      tokenVersion: 3,
      expiresAt: new Date((AT + 900) * 1000),
    });
  });

  it('is expired at its expiry time, and invalid under another secret', async () => {
    const token = await signApiToken({ userId: 12, tokenVersion: 3 }, SECRET, 900);
    expect((await verifyApiToken(token, SECRET)).ok).toBe(true);
    const later = await signApiToken({ userId: 12, tokenVersion: 3 }, SECRET, 900, NOW);
    expect(await verifyApiToken(later, SECRET, new Date((AT + 900) * 1000))).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyApiToken(later, 'another-secret', NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyApiToken('not.a.token', SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is invalid when signed for another issuer or audience', async () => {
    expect((await verifyApiToken(await forged({ sub: '1', ver: 1 }), SECRET, NOW)).ok).toBe(true);
    const otherIssuer = await forged({ sub: '1', ver: 1 }, (jwt) => jwt.setIssuer('other'));
    expect(await verifyApiToken(otherIssuer, SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const otherAudience = await forged({ sub: '1', ver: 1 }, (jwt) => jwt.setAudience('other'));
    expect(await verifyApiToken(otherAudience, SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is invalid without a numeric user, a numeric version or an expiry', async () => {
    expect(await verifyApiToken(await forged({ sub: 'admin', ver: 1 }), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyApiToken(await forged({ sub: '1.5', ver: 1 }), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyApiToken(await forged({ sub: '1', ver: '1' }), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyApiToken(await forged({ sub: '1' }), SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const raw = createHash('sha256').update(`nipm-api-token:${SECRET}`).digest();
    const noExpiry = await new SignJWT({ sub: '1', ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('nipm')
      .setAudience('nipm-api')
      .sign(new Uint8Array(raw));
    expect(await verifyApiToken(noExpiry, SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps one key per secret, so tokens under two secrets verify side by side', async () => {
    const a = await signApiToken({ userId: 1, tokenVersion: 1 }, 'secret-a', 60, NOW);
    const b = await signApiToken({ userId: 2, tokenVersion: 1 }, 'secret-b', 60, NOW);
    expect(await verifyApiToken(a, 'secret-a', NOW)).toMatchObject({ ok: true, userId: 1 });
    expect(await verifyApiToken(b, 'secret-b', NOW)).toMatchObject({ ok: true, userId: 2 });
    expect(await verifyApiToken(a, 'secret-b', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
