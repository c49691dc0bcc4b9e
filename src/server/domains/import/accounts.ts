import { randomBytes } from 'node:crypto';
import type { Queryable } from './queryable';
import type { MemberRecordValues } from './member-row';

/**
 * What a committed row adds around a member: a role-1 account without a usable password (the
 * member sets one from the invitation) and the row's staff note. Undo removes both.
 */

/** Not an argon2 hash: no password matches it until the member sets one through a link. */
export const UNSET_PASSWORD_PREFIX = '!unset:';

/** A role-1 account without a usable password for a member with an e-mail no account uses yet. */
export async function accountFor(
  trx: Queryable,
  memberId: number,
  record: MemberRecordValues,
  at: string,
): Promise<number | null> {
  if (!record.email) return null;
  const existing = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', record.email as string), eb('member_id', '=', memberId)]))
    .executeTakeFirst();
  if (existing) return null;
  const user = await trx
    .insertInto('users')
    .values({
      email: record.email,
      password_hash: `${UNSET_PASSWORD_PREFIX}${randomBytes(16).toString('hex')}`,
      name: `${record.first_name} ${record.last_name}`.trim(),
      image: null,
      role_id: 1,
      member_id: memberId,
      chapter_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

export async function addNote(
  trx: Queryable,
  memberId: number,
  note: string | null,
  authorId: number | null,
  at: string,
) {
  if (note === null) return null;
  const row = await trx
    .insertInto('member_notes')
    .values({ member_id: memberId, body: note, author_user_id: authorId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
