import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/**
 * The API token carried inside the Auth.js session: a short-lived HS256 JWT, signed with a key
 * derived from AUTH_SECRET (so it is never the same key Auth.js encrypts its cookie with).
 */
export interface ApiTokenClaims {
  userId: number;
  tokenVersion: number;
}

export type TokenFailure = 'expired' | 'invalid';

const ISSUER = 'nipm';
const AUDIENCE = 'nipm-api';
/** Imported once per secret: jose imports a raw key again on every signature it checks. */
const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const raw = createHash('sha256').update(`nipm-api-token:${secret}`).digest();
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signApiToken(
  claims: ApiTokenClaims,
  secret: string,
  lifetimeSeconds: number,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(await signingKey(secret));
}

export type VerifiedToken = ({ ok: true } & ApiTokenClaims & { expiresAt: Date }) | { ok: false; reason: TokenFailure };

export async function verifyApiToken(token: string, secret: string, now: Date = new Date()): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload.ver;
    if (!Number.isInteger(userId) || typeof tokenVersion !== 'number' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, userId, tokenVersion, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
