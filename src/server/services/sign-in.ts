import type { DB } from '../db';
import { nowIso } from '../db';
import { hashPassword, verifyPassword } from '../auth/password';
import { signApiToken } from '../auth/token';
import { ROLE } from '../../lib/roles';
import { writeAudit } from './audit';
import { clearAccountFailures, recordFailure, secondsLocked, throttleKeys } from './throttle';
import { findMe, type Me } from './users';

export type SignInPortal = 'member' | 'staff';

export type SignInResult =
  | { ok: true; user: Me; tokenVersion: number }
  /** Unknown e-mail, wrong password or a disabled account: deliberately one and the same answer. */
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }
  /** The right password, but a member on the staff sign-in page. */
  | { ok: false; reason: 'member-account' };

export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail address or password is not correct.';

// Unknown e-mails are checked against this hash so that they take as long as a wrong password.
let decoyHash: Promise<string> | undefined;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Signs a user in with e-mail and password: refuses at once while the account or the address is
 * locked, counts every failure against both, and writes the audit log.
 */
export async function signInWithPassword(
  db: DB,
  input: { email: string; password: string; address: string; portal?: SignInPortal },
  now: Date,
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const keys = throttleKeys(email, input.address);
  const lockedFor = await secondsLocked(db, keys, now);
  if (lockedFor > 0) {
    await writeAudit(db, {
      action: 'auth.sign_in_failed',
      at: now,
      ip: input.address,
      detail: { email, reason: 'throttled' },
    });
    return { ok: false, reason: 'throttled', retryAfterSeconds: lockedFor };
  }

  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'token_version', 'role_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const passwordOk = await verifyPassword(row?.password_hash ?? (await decoyHash), input.password);

  if (!row || !passwordOk || !row.active) {
    const locked = await recordFailure(db, keys, now);
    await writeAudit(db, {
      action: 'auth.sign_in_failed',
      at: now,
      actorUserId: row?.id ?? null,
      ip: input.address,
      detail: { email, reason: !row ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive' },
    });
    if (locked.length) {
      await writeAudit(db, {
        action: 'auth.lockout',
        at: now,
        actorUserId: row?.id ?? null,
        ip: input.address,
        detail: { email, keys: locked },
      });
    }
    return { ok: false, reason: 'invalid' };
  }

  if (input.portal === 'staff' && String(row.role_id) === ROLE.member) {
    return { ok: false, reason: 'member-account' };
  }

  await clearAccountFailures(db, email);
  await db
    .updateTable('users')
    .set({ last_login_at: nowIso(now) })
    .where('id', '=', row.id)
    .execute();
  await writeAudit(db, {
    action: 'auth.sign_in',
    at: now,
    actorUserId: row.id,
    entity: 'user',
    entityId: row.id,
    ip: input.address,
    detail: { portal: input.portal ?? 'api' },
  });
  const user = await findMe(db, row.id);
  if (!user) return { ok: false, reason: 'invalid' };
  return { ok: true, user, tokenVersion: row.token_version };
}

/** An API token for a user, with the moment it expires (the session's end). */
export async function issueApiToken(
  user: { id: number; tokenVersion: number },
  secret: string,
  lifetimeSeconds: number,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const token = await signApiToken({ userId: user.id, tokenVersion: user.tokenVersion }, secret, lifetimeSeconds, now);
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + lifetimeSeconds) * 1000).toISOString();
  return { token, expiresAt };
}
