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
const keys = new Map<string, Uint8Array>();

function signingKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHash('sha256').update(`nipm-api-token:${secret}`).digest());
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
    .sign(signingKey(secret));
}

export type VerifiedToken = ({ ok: true } & ApiTokenClaims & { expiresAt: Date }) | { ok: false; reason: TokenFailure };

export async function verifyApiToken(token: string, secret: string, now: Date = new Date()): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), {
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
