import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Me } from '../../../lib/api-types';
import type { RoleId } from '../../../lib/roles';
import { hashPassword, verifyPassword } from './password-hash';
import { writeAudit } from '../audit/audit';
import { passwordProblem } from './password-rules';
import { endResetLinks } from './reset-links';

export type { Me };

export async function findMe(db: DB, userId: number): Promise<Me | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('members', 'members.id', 'users.member_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.image',
      'users.role_id',
      'users.member_id',
      'users.chapter_id',
      'users.notify_by_email',
      'members.chapter_id as member_chapter_id',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    roleId: String(row.role_id) as RoleId,
    memberId: row.member_id,
    chapterId: row.chapter_id ?? row.member_chapter_id ?? null,
    notifyByEmail: row.notify_by_email === 1,
  };
}

export async function updateMe(
  db: DB,
  userId: number,
  changes: { name?: string; notifyByEmail?: boolean },
  context: { now: Date; ip: string },
): Promise<Me | undefined> {
  const now = context.now;
  const set: { name?: string; notify_by_email?: number; updated_at: string } = { updated_at: nowIso(now) };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.notifyByEmail !== undefined) set.notify_by_email = changes.notifyByEmail ? 1 : 0;
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
  await writeAudit(db, {
    action: 'user.updated',
    at: now,
    actorUserId: userId,
    entity: 'user',
    entityId: userId,
    ip: context.ip,
    detail: { fields: Object.keys(changes) },
  });
  return findMe(db, userId);
}

export type PasswordChange =
  { ok: true; tokenVersion: number } | { ok: false; field: 'currentPassword' | 'newPassword'; message: string };

/**
 * Changes a password after checking the current one, and bumps the token version so that every
 * other session of the user ends at once; the caller issues a fresh token for this session.
 */
export async function changePassword(
  db: DB,
  userId: number,
  input: { currentPassword: string; newPassword: string; ip: string },
  now: Date,
): Promise<PasswordChange> {
  const row = await db.selectFrom('users').select(['password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
    return { ok: false, field: 'currentPassword', message: 'The current password is not correct.' };
  }
  const problem = passwordProblem(input.newPassword);
  if (problem) return { ok: false, field: 'newPassword', message: problem };
  const passwordHash = await hashPassword(input.newPassword);
  // Reset links issued before the change end with it (the version bump ends them too).
  const updated = await db.transaction().execute(async (trx) => {
    await endResetLinks(trx, userId, now);
    return trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        updated_at: nowIso(now),
      }))
      .where('id', '=', userId)
      .returning(['token_version'])
      .executeTakeFirstOrThrow();
  });
  await writeAudit(db, {
    action: 'auth.password_changed',
    at: now,
    actorUserId: userId,
    entity: 'user',
    entityId: userId,
    ip: input.ip,
  });
  return { ok: true, tokenVersion: updated.token_version };
}
