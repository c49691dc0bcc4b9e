import { verifyApiToken, type VerifiedToken } from './token';

/**
 * Every API call checks its token, and the bell polls every 30 seconds: verifying the same
 * signature again each time was the largest cost of GET /api/notifications/unread-count. A
 * token's signature and claims never change, so a verified token is remembered (per secret)
 * until it expires; the expiry is still checked on every call, and the caller still checks the
 * user's active flag and token version in the database, so revocation stays immediate.
 */
const MAX_ENTRIES = 50_000;

interface Remembered {
  userId: number;
  tokenVersion: number;
  expiresAt: Date;
}

const verifiedBySecret = new Map<string, Map<string, Remembered>>();

export async function verifyApiTokenCached(
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<VerifiedToken> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (now.getTime() < known.expiresAt.getTime()) return { ok: true, ...known };
    verified.delete(token);
    return { ok: false, reason: 'expired' };
  }
  const result = await verifyApiToken(token, secret, now);
  if (result.ok) {
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value as string);
    verified.set(token, { userId: result.userId, tokenVersion: result.tokenVersion, expiresAt: result.expiresAt });
  }
  return result;
}
