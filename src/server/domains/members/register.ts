import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { containsPattern, containsText, inBatches } from '../../platform/db/export-rows';
import { dialectOf } from '../../platform/db/dialect';
import type { AuthUser } from '../identity/auth-user';
import { ROLE } from '../../../lib/roles';
import type { RegisterFilter, RegisterItem } from '../../../lib/schemas/members';
import type { SortOrder } from '../../../lib/schemas/common';
import type { Paged as Page } from '../../../lib/envelope';
import { memberStatusCondition, memberStatusSql } from './status-sql';

/**
 * The staff's member register: search, filters, sorting and paging in the database, and the CSV
 * export of exactly the same filtered set. A chapter admin's register is their chapter's, whatever
 * the query asks; members and content admins never reach it (refused by the route).
 */

/** The members only: chapters are joined for the page's columns, not for the count. */
type Base = SelectQueryBuilder<Database, 'members', object>;

/**
 * The searched text of a member: name, number, e-mail, phone, organisation joined by line feeds (a
 * search cannot contain one, so a match never spans two fields). On PostgreSQL this expression is
 * exactly the one migration 012 indexes with pg_trgm, so `LIKE '%…%'` is answered by that index.
 */
const SEARCH_TEXT_PG = sql<string>`lower(members.first_name || ' ' || members.last_name || chr(10) || members.member_number || chr(10) || members.email || chr(10) || coalesce(members.phone, '') || chr(10) || coalesce(members.organisation, ''))`;

function searchCondition(db: DB, eb: ExpressionBuilder<Database, 'members'>, q: string) {
  if (dialectOf(db as never) === 'postgres')
    return sql<boolean>`${SEARCH_TEXT_PG} like ${containsPattern(q)} escape '\\'`;
  // SQLite: the FTS5 trigram table of migration 012 (kept by triggers) answers LIKE without ESCAPE,
  // so a search holding a wildcard character is matched by the plain scan instead.
  if (!/[\\%_]/.test(q)) {
    return sql<boolean>`members.id in (select rowid from members_search where body like ${`%${q}%`})`;
  }
  return eb.or([
    containsText(sql<string>`members.first_name || ' ' || members.last_name`, q),
    containsText(sql.ref<string>('members.member_number'), q),
    containsText(sql.ref<string>('members.email'), q),
    containsText(sql<string>`coalesce(members.phone, '')`, q),
    containsText(sql<string>`coalesce(members.organisation, '')`, q),
  ]);
}

/** The filtered, scoped rows (no order, no page): shared by the list, its count and the export. */
export function registerBase(db: DB, viewer: AuthUser, filter: RegisterFilter, today: string): Base {
  let query: Base = db.selectFrom('members');
  if (viewer.roleId === ROLE.chapterAdmin) query = query.where('members.chapter_id', '=', viewer.chapterId ?? -1);
  if (filter.chapterId !== undefined) query = query.where('members.chapter_id', '=', filter.chapterId);
  if (filter.region) {
    const region = filter.region;
    query = query.where('members.chapter_id', 'in', (eb) =>
      eb.selectFrom('chapters').select('chapters.id').where('chapters.region', '=', region),
    );
  }
  if (filter.classCode) query = query.where('members.membership_class', '=', filter.classCode);
  if (filter.admissionYear !== undefined) {
    query = query
      .where('members.admitted_on', '>=', `${filter.admissionYear}-04-01`)
      .where('members.admitted_on', '<=', `${filter.admissionYear + 1}-03-31`);
  }
  if (filter.status) query = query.where(memberStatusCondition(filter.status, today));
  const q = filter.q?.trim();
  if (q) query = query.where((eb) => searchCondition(db, eb, q));
  return query;
}

const ITEM_COLUMNS = [
  'members.id',
  'members.member_number',
  'members.first_name',
  'members.last_name',
  'members.membership_class',
  'members.chapter_id',
  'chapters.name as chapter_name',
  'chapters.region',
  'members.email',
  'members.phone',
  'members.organisation',
  'members.admitted_on',
  'members.paid_through_year',
] as const;

function selectItems(query: Base, today: string) {
  return query
    .innerJoin('chapters', 'chapters.id', 'members.chapter_id')
    .select(ITEM_COLUMNS)
    .select(memberStatusSql(today).as('status'))
    .select((eb) =>
      eb
        .selectFrom('transfer_requests as t')
        .innerJoin('chapters as to_chapter', 'to_chapter.id', 't.to_chapter_id')
        .select('to_chapter.name')
        .whereRef('t.member_id', '=', 'members.id')
        .where('t.state', '=', 'pending')
        .as('pending_transfer_to'),
    );
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

function toItem(row: ItemRow): RegisterItem {
  return {
    id: row.id,
    memberNumber: row.member_number,
    name: `${row.first_name} ${row.last_name}`,
    classCode: row.membership_class,
    chapterId: row.chapter_id,
    chapterName: row.chapter_name,
    region: row.region,
    status: row.status,
    email: row.email,
    phone: row.phone,
    organisation: row.organisation,
    admittedOn: row.admitted_on,
    paidThroughYear: row.paid_through_year === null ? null : Number(row.paid_through_year),
    pendingTransferTo: row.pending_transfer_to ?? null,
  };
}

function ordered(query: Base, sort: SortOrder = { field: 'name', direction: 'asc' }): Base {
  const { direction, field: key } = sort;
  let result = query;
  if (key === 'name') result = result.orderBy('members.last_name', direction).orderBy('members.first_name', direction);
  if (key === 'memberNumber') result = result.orderBy('members.member_number', direction);
  if (key === 'admittedOn') result = result.orderBy('members.admitted_on', direction);
  if (key === 'paidThrough') {
    // Members who never paid sort first ascending and last descending on both databases.
    result = result.orderBy(sql`coalesce(members.paid_through_year, 0)`, direction).orderBy('members.last_name', 'asc');
  }
  return result.orderBy('members.id', direction);
}

export async function listRegister(
  db: DB,
  viewer: AuthUser,
  query: RegisterFilter & { page: number; pageSize: number },
  today: string,
): Promise<Page<RegisterItem>> {
  const base = registerBase(db, viewer, query, today);
  const [rows, total] = await Promise.all([
    selectItems(ordered(base, query.sort), today)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), total: Number(total.count), page: query.page, pageSize: query.pageSize };
}

/**
 * Every row of the filtered register for a streamed CSV, read in batches by member id (a keyset:
 * each batch is one indexed range read, so the last batch costs what the first does).
 */
export function exportRegister(
  db: DB,
  viewer: AuthUser,
  filter: RegisterFilter,
  today: string,
): AsyncGenerator<RegisterItem> {
  return inBatches<RegisterItem>(async ({ last, size }) => {
    const rows = await selectItems(registerBase(db, viewer, filter, today), today)
      .where('members.id', '>', last?.id ?? 0)
      .orderBy('members.id')
      .limit(size)
      .execute();
    return rows.map(toItem);
  });
}
