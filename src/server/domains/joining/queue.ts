import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import type { Database } from '../../platform/db/schema';
import type { AuthUser } from '../identity/auth-user';
import { ROLE } from '../../../lib/roles';
import { financialYearLabel } from '../../../lib/financial-year';
import type { MembershipClassCode } from '../../../lib/membership-classes';
import type { ApplicationDetail, ApplicationListItem, ApplicationStateCode } from '../../../lib/schemas/membership';
import { APPLICATION_SORT_FIELDS, requiredDocuments } from '../../../lib/schemas/membership';
import type { SortOrder } from '../../../lib/schemas/common';
import { parseQuote } from './records';
import { allowedTransitions, applicationInScope } from './transitions';
import { documentsOf, historyOf, memberNumberOf, paymentsOf } from './views';

/** The staff's queue of applications: filters, sorting, paging and the rows of the CSV export. */
export interface QueueFilters {
  state?: ApplicationStateCode;
  classCode?: MembershipClassCode;
  chapterId?: number;
  /** Start year of the financial year. */
  financialYear?: number;
  /** Applied on or after / on or before, `YYYY-MM-DD`. */
  from?: string;
  to?: string;
  /** Name, e-mail or application number. */
  q?: string;
  sort?: SortOrder<(typeof APPLICATION_SORT_FIELDS)[number]>;
}

type Base = SelectQueryBuilder<Database & { a: Database['applications'] }, 'a', object>;

/**
 * The free-text part of the filters, worked out once per request: an application number is looked
 * up in its unique index; other text is matched against the name and e-mail through the indexes of
 * migration 011. On SQLite the FTS5 lookup runs once here and the page and its count use the ids it
 * found (one trigram lookup instead of two), unless there are too many to pass as a list.
 */
type Search =
  | { kind: 'none' }
  | { kind: 'reference'; reference: string }
  | { kind: 'like'; like: string }
  | { kind: 'ids'; ids: number[] };

/** More ids than this from the SQLite search stay a subquery rather than a list of parameters. */
const SEARCH_ID_LIST_MAX = 1_000;

/** Ids whose name or e-mail contain the pattern, from the FTS5 trigram table (ignoring case, as SQLite's LIKE does). */
const sqliteMatches = (like: string) =>
  sql<{ id: number }>`select rowid as id from applications_search where name like ${like}
    union select rowid from applications_search where email like ${like}`;

async function resolveSearch(db: DB, text: string | undefined): Promise<Search> {
  const q = text?.trim().toLowerCase();
  if (!q) return { kind: 'none' };
  if (/^app-[a-z2-9]{8}$/.test(q)) return { kind: 'reference', reference: q.toUpperCase() };
  // `%` and `\\` would be wildcards or escapes on one database and not the other: dropped.
  const like = `%${q.replace(/[%\\]/g, '')}%`;
  if (dialectOf(db as never) !== 'sqlite') return { kind: 'like', like };
  const found = await sql<{ id: number }>`${sqliteMatches(like)} limit ${SEARCH_ID_LIST_MAX + 1}`.execute(db);
  return found.rows.length > SEARCH_ID_LIST_MAX
    ? { kind: 'like', like }
    : { kind: 'ids', ids: found.rows.map((r) => r.id) };
}

function filtered(db: DB, caller: AuthUser, filters: QueueFilters, search: Search) {
  // Until a guardian consents, a child's application is not in the queue (DPDP Act, section 9).
  let query = (db.selectFrom('applications as a') as unknown as Base).where('a.state', '<>', 'awaiting_guardian');
  // A chapter admin's queue is its chapter's, whatever chapter the filter names.
  if (caller.roleId === ROLE.chapterAdmin) query = query.where('a.chapter_id', '=', caller.chapterId ?? -1);
  if (filters.chapterId !== undefined) query = query.where('a.chapter_id', '=', filters.chapterId);
  if (filters.state) query = query.where('a.state', '=', filters.state);
  if (filters.classCode) query = query.where('a.class_code', '=', filters.classCode);
  if (filters.financialYear !== undefined) query = query.where('a.financial_year', '=', filters.financialYear);
  if (filters.from) query = query.where('a.applied_on', '>=', filters.from);
  if (filters.to) query = query.where('a.applied_on', '<=', filters.to);
  switch (search.kind) {
    case 'reference':
      return query.where('a.reference', '=', search.reference);
    case 'ids':
      // An empty list never reaches here: the callers answer it without asking the database.
      return query.where('a.id', 'in', search.ids);
    case 'like':
      if (dialectOf(db as never) === 'sqlite')
        return query.where('a.id', 'in', sql<number>`(${sqliteMatches(search.like)})`);
      // Each side is an expression with its own trigram GIN index (migration 011): written exactly so.
      return query.where((eb) =>
        eb.or([
          eb('a.email', 'like', search.like),
          eb(sql<string>`lower(a.first_name || ' ' || a.last_name)`, 'like', search.like),
        ]),
      );
    case 'none':
      return query;
  }
}

const SORT_COLUMNS = {
  appliedOn: 'a.id',
  name: 'a.last_name',
  reference: 'a.reference',
  state: 'a.state',
} as const;

function listQuery(db: DB, caller: AuthUser, filters: QueueFilters, search: Search) {
  const column = SORT_COLUMNS[filters.sort?.field ?? 'appliedOn'];
  const order = filters.sort?.direction ?? 'desc';
  return filtered(db, caller, filters, search)
    .innerJoin('chapters as c', 'c.id', 'a.chapter_id')
    .select([
      'a.id',
      'a.reference',
      'a.state',
      'a.class_code',
      'a.first_name',
      'a.last_name',
      'a.email',
      'a.chapter_id',
      'c.name as chapter_name',
      'a.financial_year',
      'a.applied_on',
      'a.amount_due',
    ])
    .orderBy(column, order)
    .orderBy('a.id', order);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

function listItem(row: ListRow): ApplicationListItem {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state,
    classCode: row.class_code,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    chapterId: row.chapter_id,
    chapter: row.chapter_name,
    financialYear: financialYearLabel(row.financial_year),
    appliedOn: row.applied_on,
    amountDue: row.amount_due,
  };
}

export async function listApplications(
  db: DB,
  caller: AuthUser,
  filters: QueueFilters & { page: number; pageSize: number },
) {
  const search = await resolveSearch(db, filters.q);
  const page = { page: filters.page, pageSize: filters.pageSize };
  if (search.kind === 'ids' && search.ids.length === 0) return { items: [], total: 0, ...page };
  const [rows, total] = await Promise.all([
    listQuery(db, caller, filters, search)
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize)
      .execute(),
    filtered(db, caller, filters, search)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(listItem), total: Number(total.count), ...page };
}

/**
 * Every row the filters select, in order, for the CSV export: read in batches (PostgreSQL's driver
 * here has no cursor), so memory holds one batch however many rows there are.
 */
export async function* applicationRowsForExport(db: DB, caller: AuthUser, filters: QueueFilters) {
  const batch = 500;
  const search = await resolveSearch(db, filters.q);
  if (search.kind === 'ids' && search.ids.length === 0) return;
  for (let offset = 0; ; offset += batch) {
    const rows = await listQuery(db, caller, filters, search).limit(batch).offset(offset).execute();
    for (const row of rows) yield listItem(row);
    if (rows.length < batch) return;
  }
}

export async function applicationDetail(db: DB, caller: AuthUser, id: number): Promise<ApplicationDetail> {
  const row = await applicationInScope(db, caller, id);
  const [chapter, history, payments, documents, memberNumber, people] = await Promise.all([
    db.selectFrom('chapters').select('name').where('id', '=', row.chapter_id).executeTakeFirstOrThrow(),
    historyOf(db, row.id),
    paymentsOf(db, row.id, row.state),
    documentsOf(db, row.id),
    memberNumberOf(db, row.member_id),
    db
      .selectFrom('members')
      .select(['id', 'member_number', 'first_name', 'last_name'])
      .where('id', 'in', [row.proposer_member_id ?? -1, row.seconder_member_id ?? -1])
      .execute(),
  ]);
  const person = (id: number | null) => {
    const m = people.find((p) => p.id === id);
    return m ? { memberNumber: m.member_number, name: `${m.first_name} ${m.last_name}` } : null;
  };
  return {
    ...listItem({ ...row, chapter_name: chapter.name }),
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    dateOfBirth: row.date_of_birth,
    address: row.address,
    city: row.city,
    stateName: row.state_name,
    pincode: row.pincode,
    qualification: row.qualification,
    organisation: row.organisation,
    designation: row.designation,
    experienceYears: row.experience_years,
    institution: row.institution,
    gstin: row.gstin,
    proposer: person(row.proposer_member_id),
    seconder: person(row.seconder_member_id),
    coupon: row.coupon_code,
    discount: row.discount,
    quote: parseQuote(row),
    memberNumber,
    decisionNote: row.decision_note,
    history,
    payments,
    documents,
    requiredDocuments: requiredDocuments(row.class_code),
    allowedTransitions: allowedTransitions(caller, row.state),
  };
}
