import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import { containsText } from '../../platform/db/export-rows';
import { hashPassword } from './password-hash';
import { INVITE_LINK_TTL_MS } from '../../../lib/constants';
import { ROLE, ROLE_LABELS, type RoleId } from '../../../lib/roles';
import type { AdminUser, UserInvite, UserUpdate } from '../../../lib/schemas/admin';
import { writeAudit } from '../audit/audit';
import { hashToken, RESET_PATH } from './password-reset';
import { endResetLinks } from './reset-links';

/**
 * Staff accounts (issue 11), managed by the super admin: invite, change role or chapter, disable
 * and enable, send a set-password link. Every change is one transaction with its audit entry
 * (before and after). Disabling, and any change of role or chapter, bumps the token version, so
 * the user's next API call and next portal page are refused. Member accounts (role 1) are
 * listed but managed from the member's record.
 */

export type UserSort = 'name' | 'email' | 'role' | 'lastLogin';

export interface UserListOptions {
  page: number;
  pageSize: number;
  q?: string;
  roleId?: RoleId;
  chapterId?: number;
  active?: boolean;
  sort?: { field: UserSort; direction: 'asc' | 'desc' };
}

const SORT_COLUMNS = {
  name: 'users.name',
  email: 'users.email',
  role: 'users.role_id',
  lastLogin: 'users.last_login_at',
} as const;

function usersQuery(db: DB) {
  return db
    .selectFrom('users')
    .leftJoin('members', 'members.id', 'users.member_id')
    .leftJoin('chapters', (join) =>
      join.on((eb) => eb('chapters.id', '=', eb.fn.coalesce('users.chapter_id', 'members.chapter_id'))),
    );
}

const USER_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.role_id',
  'users.member_id',
  'users.active',
  'users.last_login_at',
  'users.created_at',
  'chapters.id as chapter_id',
  'chapters.code as chapter_code',
  'chapters.name as chapter_name',
] as const;

type UserRow = {
  id: number;
  name: string;
  email: string;
  role_id: number;
  member_id: number | null;
  active: number;
  last_login_at: string | null;
  created_at: string;
  chapter_id: number | null;
  chapter_code: string | null;
  chapter_name: string | null;
};

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roleId: String(row.role_id) as RoleId,
    chapter:
      row.chapter_id !== null
        ? { id: row.chapter_id, code: row.chapter_code ?? '', name: row.chapter_name ?? '' }
        : null,
    memberId: row.member_id,
    active: row.active === 1,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  };
}

function filtered(db: DB, options: Omit<UserListOptions, 'page' | 'pageSize' | 'sort'>) {
  let query = usersQuery(db);
  if (options.q) {
    const text = options.q;
    query = query.where((eb) =>
      eb.or([containsText(sql.ref('users.name'), text), containsText(sql.ref('users.email'), text)]),
    );
  }
  if (options.roleId) query = query.where('users.role_id', '=', Number(options.roleId));
  if (options.chapterId) query = query.where('chapters.id', '=', options.chapterId);
  if (options.active !== undefined) query = query.where('users.active', '=', options.active ? 1 : 0);
  return query;
}

export async function listUsers(db: DB, options: UserListOptions) {
  const query = filtered(db, options);
  const sort = options.sort ?? { field: 'name', direction: 'asc' };
  const [rows, total] = await Promise.all([
    query
      .select(USER_COLUMNS)
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('users.id')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => toAdminUser(row as UserRow)),
    total: Number(total.n),
    page: options.page,
    pageSize: options.pageSize,
  };
}

/** Every matching account in pages of 500, for the CSV export (memory stays flat). */
export async function* allUsers(db: DB, options: Omit<UserListOptions, 'page' | 'pageSize'>) {
  const sort = options.sort ?? { field: 'name', direction: 'asc' };
  for (let offset = 0; ; offset += 500) {
    const rows = await filtered(db, options)
      .select(USER_COLUMNS)
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('users.id')
      .limit(500)
      .offset(offset)
      .execute();
    for (const row of rows) yield toAdminUser(row as UserRow);
    if (rows.length < 500) return;
  }
}

async function findUser(db: DB, id: number): Promise<AdminUser | undefined> {
  const row = await usersQuery(db).select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
  return row ? toAdminUser(row as UserRow) : undefined;
}

const auditable = (user: AdminUser) => ({
  roleId: user.roleId,
  role: ROLE_LABELS[user.roleId],
  chapterId: user.chapter?.id ?? null,
  active: user.active,
});

/** A set-password link for the account, ending earlier ones; the token is only in the e-mail. */
async function issueLink(db: DB, userId: number, tokenVersion: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await endResetLinks(db, userId, now);
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: nowIso(new Date(now.getTime() + INVITE_LINK_TTL_MS)),
      used_at: null,
      created_at: nowIso(now),
      token_version: tokenVersion,
    })
    .execute();
  return token;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function linkMail(user: { name: string; email: string }, token: string, siteUrl: string, invited: boolean): Mail {
  const link = new URL(`${RESET_PATH}?token=${encodeURIComponent(token)}`, siteUrl).toString();
  const days = Math.round(INVITE_LINK_TTL_MS / 86_400_000);
  return {
    to: user.email,
    subject: invited ? 'Your NIPM staff account' : 'Set a new password for your NIPM account',
    text: [
      `Dear ${user.name},`,
      '',
      invited
        ? 'An account has been created for you on the NIPM website. Choose your password with this link:'
        : 'The NIPM administration sent you a link to set a new password:',
      '',
      link,
      '',
      `The link works once, within ${days} days. Then sign in at ${new URL('/auth/admin', siteUrl).toString()}.`,
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
}

export type StaffFailure = { ok: false; kind: 'invalid' | 'not_found' | 'conflict'; field?: string; message: string };
export type InviteResult = { ok: true; user: AdminUser; mail: Mail } | StaffFailure;

async function chapterProblem(db: DB, chapterId: number | null | undefined): Promise<string | null> {
  if (!chapterId) return 'A chapter admin needs a chapter.';
  const chapter = await db.selectFrom('chapters').select('active').where('id', '=', chapterId).executeTakeFirst();
  if (!chapter) return 'No such chapter.';
  return chapter.active === 1 ? null : 'This chapter is deactivated.';
}

export async function inviteUser(
  db: DB,
  input: UserInvite,
  context: { actorId: number; ip: string; siteUrl: string; now: Date },
): Promise<InviteResult> {
  const chapterId = input.roleId === ROLE.chapterAdmin ? input.chapterId : null;
  if (input.roleId !== ROLE.chapterAdmin && input.chapterId) {
    return { ok: false, kind: 'invalid', field: 'chapterId', message: 'Only a chapter admin has a chapter.' };
  }
  if (input.roleId === ROLE.chapterAdmin) {
    const problem = await chapterProblem(db, chapterId);
    if (problem) return { ok: false, kind: 'invalid', field: 'chapterId', message: problem };
  }
  // Nobody knows this password: the account opens only through the e-mailed link.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const at = nowIso(context.now);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values({
        email: input.email,
        password_hash: unusable,
        name: input.name,
        image: null,
        role_id: Number(input.roleId),
        member_id: null,
        chapter_id: chapterId ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(['id', 'token_version'])
      .executeTakeFirst();
    if (!inserted) {
      return {
        ok: false as const,
        kind: 'conflict' as const,
        field: 'email',
        message: 'An account with this e-mail exists.',
      };
    }
    const token = await issueLink(trx, inserted.id, inserted.token_version, context.now);
    const user = (await findUser(trx, inserted.id))!;
    await writeAudit(trx, {
      action: 'staff.user_invited',
      at: context.now,
      actorUserId: context.actorId,
      entity: 'user',
      entityId: user.id,
      ip: context.ip,
      detail: { before: null, after: { ...auditable(user), email: user.email, name: user.name } },
    });
    return { ok: true as const, user, mail: linkMail(user, token, context.siteUrl, true) };
  });
}

export type UpdateResult = { ok: true; user: AdminUser; mail: Mail | null } | StaffFailure;

/**
 * Applies `changes` to an account under the house rules: nobody disables or demotes themself; the
 * last active super admin stays; a chapter admin has an active chapter, nobody else has one. On
 * PostgreSQL the active super admins' rows are locked for the transaction, so two super admins
 * disabling each other at the same moment cannot both succeed (SQLite runs one write at a time).
 */
export async function updateUser(
  db: DB,
  userId: number,
  changes: UserUpdate,
  context: { actorId: number; ip: string; siteUrl: string; now: Date },
): Promise<UpdateResult> {
  return db.transaction().execute(async (trx): Promise<UpdateResult> => {
    if (dialectOf(trx as never) === 'postgres') {
      await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb.and([eb('role_id', '=', 2), eb('active', '=', 1)]), eb('id', '=', userId)]))
        .orderBy('id')
        .forUpdate()
        .execute();
    }
    const before = await findUser(trx, userId);
    if (!before) return { ok: false, kind: 'not_found', message: 'No such account.' };
    if (
      before.roleId === ROLE.member &&
      (changes.roleId !== undefined || changes.chapterId !== undefined || changes.active !== undefined)
    ) {
      return { ok: false, kind: 'conflict', message: 'Member accounts are managed from the member’s record.' };
    }
    const roleId = changes.roleId ?? before.roleId;
    const active = changes.active ?? before.active;
    const self = userId === context.actorId;
    if (changes.sendResetLink && !active) {
      return { ok: false, kind: 'conflict', field: 'sendResetLink', message: 'Enable the account first.' };
    }
    if (self && !active)
      return { ok: false, kind: 'conflict', field: 'active', message: 'You cannot disable your own account.' };
    if (self && roleId !== before.roleId) {
      return { ok: false, kind: 'conflict', field: 'roleId', message: 'You cannot change your own role.' };
    }
    if (before.roleId === ROLE.superAdmin && before.active && (!active || roleId !== ROLE.superAdmin)) {
      const others = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', 2)
        .where('active', '=', 1)
        .where('id', '<>', userId)
        .executeTakeFirstOrThrow();
      if (Number(others.n) === 0) {
        return {
          ok: false,
          kind: 'conflict',
          field: changes.active === false ? 'active' : 'roleId',
          message: 'This is the last active super admin: make another super admin first.',
        };
      }
    }
    let chapterId: number | null = null;
    if (roleId === ROLE.chapterAdmin) {
      chapterId = changes.chapterId === undefined ? (before.chapter?.id ?? null) : changes.chapterId;
      const problem =
        changes.chapterId === undefined && roleId === before.roleId ? null : await chapterProblem(trx, chapterId);
      if (problem) return { ok: false, kind: 'invalid', field: 'chapterId', message: problem };
    } else if (changes.chapterId) {
      return { ok: false, kind: 'invalid', field: 'chapterId', message: 'Only a chapter admin has a chapter.' };
    }
    const newChapter = before.roleId === ROLE.member ? undefined : chapterId;
    const revokes =
      (before.active && !active) ||
      roleId !== before.roleId ||
      (newChapter !== undefined && newChapter !== (before.chapter?.id ?? null));
    await trx
      .updateTable('users')
      .set({
        role_id: Number(roleId),
        ...(newChapter !== undefined ? { chapter_id: newChapter } : {}),
        active: active ? 1 : 0,
        ...(revokes ? { token_version: sql<number>`token_version + 1` } : {}),
        updated_at: nowIso(context.now),
      })
      .where('id', '=', userId)
      .execute();
    const after = (await findUser(trx, userId))!;
    const changed = revokes || after.active !== before.active;
    if (changed) {
      await writeAudit(trx, {
        action: 'staff.user_updated',
        at: context.now,
        actorUserId: context.actorId,
        entity: 'user',
        entityId: userId,
        ip: context.ip,
        detail: { before: auditable(before), after: auditable(after), sessionsEnded: revokes },
      });
    }
    let mail: Mail | null = null;
    if (changes.sendResetLink) {
      const version = await trx
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      mail = linkMail(after, await issueLink(trx, userId, version.token_version, context.now), context.siteUrl, false);
      await writeAudit(trx, {
        action: 'staff.reset_link_sent',
        at: context.now,
        actorUserId: context.actorId,
        entity: 'user',
        entityId: userId,
        ip: context.ip,
        detail: { before: null, after: { linkSentTo: after.email } },
      });
    }
    return { ok: true, user: after, mail };
  });
}
