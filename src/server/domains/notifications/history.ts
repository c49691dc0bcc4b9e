import type { DB } from '../../platform/db';
import type { NotificationAudienceType } from '../../platform/db/schema';
import { containsText, inBatches } from '../../platform/db/export-rows';
import type { Page, SentNotificationItem } from '../../../lib/notifications';
import { isRoleId, ROLE_LABELS } from '../../../lib/roles';
import type { SentFiltersInput, SentSortField } from '../../../lib/schemas/notifications';

/**
 * The super admin's history of what was sent: filtered by audience and title, ordered by a column,
 * one page at a time for the screen or every row for the CSV export, each with its read count.
 */

const SORT_COLUMN: Record<SentSortField, 'n.created_at' | 'n.title' | 'n.recipient_count'> = {
  createdAt: 'n.created_at',
  title: 'n.title',
  recipientCount: 'n.recipient_count',
};

function sentRows(db: DB, filters: SentFiltersInput) {
  let query = db.selectFrom('notifications as n').leftJoin('users as s', 's.id', 'n.sender_user_id');
  if (filters.audience) query = query.where('n.audience_type', '=', filters.audience);
  if (filters.q) query = query.where(({ ref }) => containsText(ref('n.title'), filters.q ?? ''));
  return query;
}

/** A readable name of an audience, for the history list. */
async function audienceLabels(db: DB, rows: { audience_type: NotificationAudienceType; audience_id: string | null }[]) {
  const chapterIds = rows
    .filter((r) => r.audience_type === 'chapter')
    .map((r) => Number(r.audience_id))
    .filter(Number.isInteger);
  const chapters = chapterIds.length
    ? await db.selectFrom('chapters').select(['id', 'name']).where('id', 'in', chapterIds).execute()
    : [];
  const chapterName = new Map(chapters.map((c) => [String(c.id), c.name]));
  return (type: NotificationAudienceType, id: string | null): string => {
    if (type === 'all') return 'All users';
    if (type === 'chapter') return `Chapter: ${chapterName.get(id ?? '') ?? id}`;
    if (type === 'role') return `Role: ${isRoleId(id) ? ROLE_LABELS[id] : id}`;
    return `Member: ${id}`;
  };
}

/** Rows `offset` to `offset + limit` in the filters' order, with read counts and audience labels. */
async function sentItems(
  db: DB,
  filters: SentFiltersInput,
  limit: number,
  offset: number,
): Promise<SentNotificationItem[]> {
  const rows = await sentRows(db, filters)
    .select([
      'n.id',
      'n.title',
      'n.message',
      'n.link',
      'n.audience_type',
      'n.audience_id',
      'n.recipient_count',
      'n.created_at',
      's.id as sender_id',
      's.name as sender_name',
    ])
    .orderBy(SORT_COLUMN[filters.sort.field], filters.sort.direction)
    // Ties (same title, same count) keep one order from page to page.
    .orderBy('n.id', filters.sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  const ids = rows.map((r) => r.id);
  const reads = ids.length
    ? await db
        .selectFrom('notification_recipients')
        .select(['notification_id', (eb) => eb.fn.count<number>('read_at').as('read_count')])
        .where('notification_id', 'in', ids)
        .groupBy('notification_id')
        .execute()
    : [];
  const readCount = new Map(reads.map((r) => [r.notification_id, Number(r.read_count)]));
  const label = await audienceLabels(db, rows);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    link: row.link,
    audience: { type: row.audience_type, id: row.audience_id, label: label(row.audience_type, row.audience_id) },
    sender: row.sender_id !== null && row.sender_name !== null ? { id: row.sender_id, name: row.sender_name } : null,
    createdAt: row.created_at,
    recipientCount: row.recipient_count,
    readCount: readCount.get(row.id) ?? 0,
  }));
}

export async function listSent(
  db: DB,
  options: SentFiltersInput & { page: number; pageSize: number },
): Promise<Page<SentNotificationItem>> {
  const [items, total] = await Promise.all([
    sentItems(db, options, options.pageSize, (options.page - 1) * options.pageSize),
    sentRows(db, options)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, page: options.page, pageSize: options.pageSize, total: Number(total.count) };
}

/** Every notice the filters match, in their order, read a batch at a time (the CSV export). */
export function exportSent(db: DB, filters: SentFiltersInput): AsyncGenerator<SentNotificationItem> {
  return inBatches(({ offset, size }) => sentItems(db, filters, size, offset));
}
