import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db';
import { nowIso } from '../db';
import { hashPassword } from '../auth/password';
import {
  PASSWORD_RESET_MAX_REQUESTS,
  PASSWORD_RESET_REQUEST_WINDOW_MS,
  PASSWORD_RESET_TTL_MS,
} from '../../lib/constants';
import { writeAudit } from './audit';
import { passwordProblem } from './password-rules';
import { normaliseEmail } from './sign-in';
import { clearAccountFailures } from './throttle';

export const RESET_PATH = '/auth/reset-password';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a password reset: when an active account has this e-mail, stores the SHA-256 of a
 * random token and returns the e-mail to send. Returns null otherwise, and also when the account
 * already had its share of reset e-mails lately (the form must not become a way to flood an
 * inbox); the caller answers the same either way so the form never reveals whether an account exists.
 */
export async function requestPasswordReset(
  db: DB,
  input: { email: string; siteUrl: string; ip: string },
  now: Date,
): Promise<{ to: string; subject: string; text: string } | null> {
  const email = normaliseEmail(input.email);
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('email', '=', email)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!user) return null;
  const recent = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', nowIso(new Date(now.getTime() - PASSWORD_RESET_REQUEST_WINDOW_MS)))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= PASSWORD_RESET_MAX_REQUESTS) return null;
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      expires_at: nowIso(new Date(now.getTime() + PASSWORD_RESET_TTL_MS)),
      used_at: null,
      created_at: nowIso(now),
    })
    .execute();
  await writeAudit(db, {
    action: 'auth.password_reset_requested',
    at: now,
    actorUserId: user.id,
    entity: 'user',
    entityId: user.id,
    ip: input.ip,
  });
  const link = new URL(`${RESET_PATH}?token=${encodeURIComponent(token)}`, input.siteUrl).toString();
  const minutes = Math.round(PASSWORD_RESET_TTL_MS / 60000);
  return {
    to: user.email,
    subject: 'Reset your NIPM password',
    text: [
      `Dear ${user.name},`,
      '',
      'Someone (we hope you) asked to reset the password of your NIPM account.',
      `Open this link within ${minutes} minutes to choose a new password. It works once.`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
}

export type ResetResult = { ok: true } | { ok: false; field: 'token' | 'password'; message: string };

export const RESET_LINK_INVALID = 'This reset link is not valid any more. Ask for a new one.';

/**
 * Sets a new password with a reset token: the token must exist, be unused and unexpired; it is
 * spent in the same transaction that changes the password, and the token version is bumped so
 * every session of the user ends.
 */
export async function resetPassword(
  db: DB,
  input: { token: string; password: string; ip: string },
  now: Date,
): Promise<ResetResult> {
  const tokenHash = hashToken(input.token);
  const reset = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.user_id', 'password_resets.expires_at', 'password_resets.used_at', 'users.email'])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!reset || reset.used_at !== null || reset.expires_at <= nowIso(now)) {
    return { ok: false, field: 'token', message: RESET_LINK_INVALID };
  }
  const problem = passwordProblem(input.password);
  if (problem) return { ok: false, field: 'password', message: problem };
  const passwordHash = await hashPassword(input.password);
  const spent = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso(now) })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // Two requests with the same token: only the one that marked it used may change the password.
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        updated_at: nowIso(now),
      }))
      .where('id', '=', reset.user_id)
      .execute();
    return true;
  });
  if (!spent) return { ok: false, field: 'token', message: RESET_LINK_INVALID };
  await clearAccountFailures(db, reset.email);
  await writeAudit(db, {
    action: 'auth.password_reset',
    at: now,
    actorUserId: reset.user_id,
    entity: 'user',
    entityId: reset.user_id,
    ip: input.ip,
  });
  return { ok: true };
}
