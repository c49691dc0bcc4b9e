import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Database, NotificationAudienceType } from '../../platform/db/schema';
import type { NotificationItem, Page } from '../../../lib/notifications';

/**
 * Notices from the institute: one row per notice, one read state per recipient. The unread count
 * of a user is one lookup in a partial index (`where read_at is null`) on both databases.
 */

export interface NotificationAudience {
  type: NotificationAudienceType;
  /** Chapter id, role id ('1'..'5'), or a member number or e-mail; absent for `all`. */
  id?: string;
}

export interface Recipient {
  id: number;
  email: string;
  name: string;
}

/** Why an audience matched nobody, for the form's `audience.id` field. */
export class AudienceError extends Error {}

/**
 * The unread count of one user as a scalar subquery: one lookup in the partial index. The polled
 * route hands it to `requireUserWith`, so the token's user and the count come back in one query.
 */
export function unreadCountOf(eb: ExpressionBuilder<Database, never>, userId: number | Expression<number>) {
  return eb
    .selectFrom('notification_recipients')
    .select((inner) => inner.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
}

/** The unread count of one user, on its own (after a change of read state). */
export async function unreadCount(db: DB, userId: number): Promise<number> {
  const row = await db.selectNoFrom((eb) => unreadCountOf(eb, userId).as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function listForUser(
  db: DB,
  userId: number,
  options: { page: number; pageSize: number; unreadOnly: boolean },
): Promise<Page<NotificationItem>> {
  let base = db.selectFrom('notification_recipients as r').where('r.user_id', '=', userId);
  if (options.unreadOnly) base = base.where('r.read_at', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .select(['n.id', 'n.title', 'n.message', 'n.link', 'n.created_at', 'r.read_at'])
      .orderBy('r.notification_id', 'desc')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      message: row.message,
      link: row.link,
      createdAt: row.created_at,
      readAt: row.read_at,
    })),
    page: options.page,
    pageSize: options.pageSize,
    total: Number(total.count),
  };
}

/**
 * Marks the user's copy of a notice read. False when the user has no copy (someone else's or
 * an unknown notice); a copy already read keeps its first read time.
 */
export async function markRead(db: DB, userId: number, notificationId: number, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable('notification_recipients')
    .set({ read_at: nowIso(now) })
    .where('user_id', '=', userId)
    .where('notification_id', '=', notificationId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return true;
  const copy = await db
    .selectFrom('notification_recipients')
    .select('notification_id')
    .where('user_id', '=', userId)
    .where('notification_id', '=', notificationId)
    .executeTakeFirst();
  return Boolean(copy);
}

export async function markAllRead(db: DB, userId: number, now: Date): Promise<number> {
  const updated = await db
    .updateTable('notification_recipients')
    .set({ read_at: nowIso(now) })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** The ids of the active users an audience names, as a subquery usable in INSERT ... SELECT. */
async function audienceUsers(db: DB, audience: NotificationAudience) {
  const active = db.selectFrom('users').where('users.active', '=', 1);
  switch (audience.type) {
    case 'all':
      return active;
    case 'role': {
      const roleId = Number(audience.id);
      if (!Number.isInteger(roleId) || roleId < 1 || roleId > 5) throw new AudienceError('Choose a role.');
      return active.where('users.role_id', '=', roleId);
    }
    case 'chapter': {
      const chapterId = Number(audience.id);
      const chapter = Number.isInteger(chapterId)
        ? await db.selectFrom('chapters').select('id').where('id', '=', chapterId).executeTakeFirst()
        : undefined;
      if (!chapter) throw new AudienceError('No such chapter.');
      return active.where((eb) =>
        eb.or([
          eb(
            'users.member_id',
            'in',
            eb.selectFrom('members').select('members.id').where('members.chapter_id', '=', chapter.id),
          ),
          eb.and([eb('users.role_id', '=', 4), eb('users.chapter_id', '=', chapter.id)]),
        ]),
      );
    }
    case 'member': {
      const key = (audience.id ?? '').trim();
      if (!key) throw new AudienceError('Enter a member number or e-mail.');
      const member = await db
        .selectFrom('members')
        .select('id')
        .where((eb) => eb.or([eb('member_number', '=', key), eb(eb.fn('lower', ['email']), '=', key.toLowerCase())]))
        .executeTakeFirst();
      return active.where((eb) =>
        member
          ? eb.or([eb('users.member_id', '=', member.id), eb('users.email', '=', key.toLowerCase())])
          : eb('users.email', '=', key.toLowerCase()),
      );
    }
  }
}

export interface SendInput {
  /** null for notices the site sends by itself (the renewal reminders). */
  senderId: number | null;
  title: string;
  message: string;
  link: string | null;
  audience: NotificationAudience;
}

/**
 * Creates a notice and one unread copy per active user of the audience in one transaction. The
 * copies are written by one INSERT ... SELECT, so a broadcast to 10,000 users is one statement.
 * Returns the recipients who asked for an e-mail copy.
 */
export async function sendNotification(
  db: DB,
  input: SendInput,
  now: Date,
): Promise<{ id: number; recipientCount: number; emailRecipients: Recipient[] }> {
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    const users = await audienceUsers(trx, input.audience);
    const notice = await trx
      .insertInto('notifications')
      .values({
        title: input.title,
        message: input.message,
        link: input.link,
        audience_type: input.audience.type,
        audience_id: input.audience.type === 'all' ? null : (input.audience.id ?? null),
        sender_user_id: input.senderId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('notification_recipients')
      .columns(['notification_id', 'user_id', 'read_at', 'created_at'])
      .expression(
        users.select([
          sql<number>`cast(${notice.id} as integer)`.as('notification_id'),
          'users.id as user_id',
          sql<null>`cast(null as varchar(30))`.as('read_at'),
          sql<string>`cast(${at} as varchar(30))`.as('created_at'),
        ]),
      )
      .executeTakeFirst();
    const recipientCount = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    if (recipientCount === 0) {
      throw new AudienceError(
        input.audience.type === 'member'
          ? 'No active member account has this member number or e-mail.'
          : 'No active user matches this audience.',
      );
    }
    await trx
      .updateTable('notifications')
      .set({ recipient_count: recipientCount })
      .where('id', '=', notice.id)
      .execute();
    const emailRecipients = await users
      .where('users.notify_by_email', '=', 1)
      .select(['users.id', 'users.email', 'users.name'])
      .execute();
    return { id: notice.id, recipientCount, emailRecipients };
  });
}
