import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import { hashPassword } from './password-hash';
import {
  PASSWORD_FORGOT_MAX_PER_ADDRESS,
  PASSWORD_FORGOT_WINDOW_MS,
  PASSWORD_RESET_MAX_REQUESTS,
  PASSWORD_RESET_REQUEST_WINDOW_MS,
  PASSWORD_RESET_TTL_MS,
} from '../../../lib/constants';
import { writeAudit } from '../audit/audit';
import { passwordProblem } from './password-rules';
import { endResetLinks } from './reset-links';
import { accountThrottleKey, normaliseEmail } from './sign-in';
import { admit, clearAttempts, pruneThrottle } from './throttle';

export const RESET_PATH = '/auth/reset-password';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type ResetRequest =
  | { ok: true; message: { to: string; subject: string; text: string } | null }
  | { ok: false; retryAfterSeconds: number };

/**
 * Starts a password reset. First the client address takes its place under its own limit (a 429,
 * whatever the e-mail). Then, when an active account has this e-mail and has not had its share of
 * reset e-mails lately (the form must not become a way to flood an inbox; counted atomically like
 * sign-ins), every earlier link of the account ends, the SHA-256 of a new random token is stored
 * and the e-mail to send is returned. Otherwise the message is null: the caller answers the same
 * either way, so the form never reveals whether an account exists.
 */
export async function requestPasswordReset(
  db: DB,
  input: { email: string; siteUrl: string; ip: string },
  now: Date,
): Promise<ResetRequest> {
  const addressRule = {
    key: `forgot:${input.ip}`,
    limit: PASSWORD_FORGOT_MAX_PER_ADDRESS,
    windowMs: PASSWORD_FORGOT_WINDOW_MS,
    lockMs: PASSWORD_FORGOT_WINDOW_MS,
  };
  await pruneThrottle(db, now, [addressRule.key]);
  const byAddress = await admit(db, [addressRule], now);
  if (!byAddress.ok) return { ok: false, retryAfterSeconds: byAddress.retryAfterSeconds };

  const email = normaliseEmail(input.email);
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'token_version'])
    .where('email', '=', email)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!user) return { ok: true, message: null };
  const mailRule = {
    key: `reset-mail:${user.id}`,
    limit: PASSWORD_RESET_MAX_REQUESTS,
    windowMs: PASSWORD_RESET_REQUEST_WINDOW_MS,
    lockMs: PASSWORD_RESET_REQUEST_WINDOW_MS,
  };
  await pruneThrottle(db, now, [mailRule.key]);
  if (!(await admit(db, [mailRule], now)).ok) return { ok: true, message: null };
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    // Two requests at once must not both end the older links and then both add one: the user's
    // row is locked for the transaction (SQLite runs one write transaction at a time anyway).
    if (dialectOf(trx as never) === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    }
    await endResetLinks(trx, user.id, now);
    await trx
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: nowIso(new Date(now.getTime() + PASSWORD_RESET_TTL_MS)),
        used_at: null,
        created_at: nowIso(now),
        token_version: user.token_version,
      })
      .execute();
  });
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
  const message = {
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
  return { ok: true, message };
}

export type ResetResult = { ok: true } | { ok: false; field: 'token' | 'password'; message: string };

export const RESET_LINK_INVALID = 'This reset link is not valid any more. Ask for a new one.';

/**
 * Sets a new password with a reset token: the token must exist, be unused, unexpired and issued
 * under the account's current token version. It is spent by one conditional update in the same
 * transaction that changes the password and ends the account's other links; the token version is
 * bumped so every session of the user ends.
 */
export async function resetPassword(
  db: DB,
  input: { token: string; password: string; ip: string },
  now: Date,
): Promise<ResetResult> {
  const tokenHash = hashToken(input.token);
  const at = nowIso(now);
  const reset = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.user_id', 'users.email'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', at)
    .whereRef('password_resets.token_version', '=', 'users.token_version')
    .executeTakeFirst();
  if (!reset) return { ok: false, field: 'token', message: RESET_LINK_INVALID };
  const problem = passwordProblem(input.password);
  if (problem) return { ok: false, field: 'password', message: problem };
  const passwordHash = await hashPassword(input.password);
  const spent = await db.transaction().execute(async (trx) => {
    // The guard is the statement: of two requests with one token, only the one that spends it
    // goes on; the checks are repeated here because the look-up above was only a fast refusal.
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .where('token_version', '=', (eb) =>
        eb.selectFrom('users').select('users.token_version').whereRef('users.id', '=', 'password_resets.user_id'),
      )
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await endResetLinks(trx, reset.user_id, now);
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        updated_at: at,
      }))
      .where('id', '=', reset.user_id)
      .execute();
    return true;
  });
  if (!spent) return { ok: false, field: 'token', message: RESET_LINK_INVALID };
  // The owner proved control of the mailbox: strangers' failures no longer stand in the way.
  await clearAttempts(db, accountThrottleKey(reset.email));
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
