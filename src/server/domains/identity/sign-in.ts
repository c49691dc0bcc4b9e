import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { hashPassword, verifyPassword } from './password-hash';
import { issueDeviceCookie, readDeviceCookie } from './device-cookie';
import { signApiToken } from './token';
import {
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_THROTTLE_WINDOW_MS,
} from '../../../lib/constants';
import { ROLE } from '../../../lib/roles';
import { writeAudit } from '../audit/audit';
import { admit, giveBackAll, pruneThrottle, type ThrottleRule } from './throttle';
import { findMe, type Me } from './users';

export type SignInPortal = 'member' | 'staff';

export type SignInResult =
  /** `deviceCookie`: the value of a fresh device cookie for the browser that signed in. */
  | { ok: true; user: Me; tokenVersion: number; deviceCookie: string }
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

export const accountThrottleKey = (email: string) => `account:${normaliseEmail(email)}`;

const rule = (key: string, limit: number): ThrottleRule => ({
  key,
  limit,
  windowMs: LOGIN_THROTTLE_WINDOW_MS,
  lockMs: LOGIN_LOCK_MS,
});

export interface SignInInput {
  email: string;
  password: string;
  address: string;
  portal?: SignInPortal;
  /** The value of the browser's device cookie, if it sent one. */
  deviceCookie?: string;
}

/**
 * Signs a user in with e-mail and password. Before the password is checked the attempt takes its
 * place under two limits at once (`admit`): the client address's, and the account's or, when the
 * browser shows a valid device cookie for this account, that device's. No place, no password
 * check: at most the limit of passwords is ever tried per window, however many arrive together.
 * A success gives its places back; a failure keeps them. Audit: every checked failure, the lock,
 * every sign-in; refused attempts are counted on the throttle row and audited once, when it expires.
 */
export async function signInWithPassword(
  db: DB,
  input: SignInInput,
  context: { now: Date; secret: string },
): Promise<SignInResult> {
  const { now, secret } = context;
  const email = normaliseEmail(input.email);
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'token_version', 'role_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  const device = readDeviceCookie(input.deviceCookie, secret, now);
  const trustedDevice = Boolean(row && device && device.userId === row.id);
  const rules = [
    rule(`address:${input.address}`, LOGIN_MAX_FAILURES_PER_ADDRESS),
    trustedDevice
      ? rule(`device:${device?.deviceId}`, LOGIN_MAX_FAILURES_PER_DEVICE)
      : rule(accountThrottleKey(email), LOGIN_MAX_FAILURES_PER_ACCOUNT),
  ];
  await pruneThrottle(
    db,
    now,
    rules.map((r) => r.key),
  );
  const admission = await admit(db, rules, now);
  if (!admission.ok) return { ok: false, reason: 'throttled', retryAfterSeconds: admission.retryAfterSeconds };

  decoyHash ??= hashPassword('decoy password that matches nothing');
  const passwordOk = await verifyPassword(row?.password_hash ?? (await decoyHash), input.password);

  if (!row || !passwordOk || !row.active) {
    await writeAudit(db, {
      action: 'auth.sign_in_failed',
      at: now,
      actorUserId: row?.id ?? null,
      ip: input.address,
      detail: {
        email,
        reason: !row ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive',
        ...(trustedDevice ? { device: true } : {}),
      },
    });
    const locked = admission.reservations.filter((r) => r.reachedLimit).map((r) => r.key.split(':')[0]);
    if (locked.length) {
      await writeAudit(db, {
        action: 'auth.lockout',
        at: now,
        actorUserId: row?.id ?? null,
        ip: input.address,
        detail: { email, locked },
      });
    }
    return { ok: false, reason: 'invalid' };
  }

  // The right password: whatever follows, this attempt was no failure.
  await giveBackAll(db, admission.reservations);
  if (input.portal === 'staff' && String(row.role_id) === ROLE.member) {
    return { ok: false, reason: 'member-account' };
  }

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
    detail: { portal: input.portal ?? 'api', ...(trustedDevice ? { device: true } : {}) },
  });
  const user = await findMe(db, row.id);
  if (!user) return { ok: false, reason: 'invalid' };
  return { ok: true, user, tokenVersion: row.token_version, deviceCookie: issueDeviceCookie(row.id, secret, now) };
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
