import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { trigramOperatorClass } from './helpers';

/**
 * The register and the report over 100,000 members (measured by `npm run bench -- members-register`):
 *
 * - Search by part of a name, number, e-mail, phone or organisation is a substring match, which no
 *   ordinary index serves. SQLite keeps the searched text in an FTS5 table with the trigram
 *   tokenizer (kept by triggers), PostgreSQL a pg_trgm GIN index on the same text; both answer
 *   `LIKE '%…%'` from the index. The fields are joined by a line feed, which a search cannot contain,
 *   so a match never spans two fields.
 * - The status filter is a range on the paid-through year (`memberStatusCondition`): an index on
 *   (paid_through_year, membership_class, admitted_on) answers it and its count without the table.
 * - The report groups members by chapter, class and status from one covering index, the fees from a
 *   covering index of verified payments by day, and renewals from `member_renewals` alone, which
 *   now says whether its payment is verified (set in the verifying transaction).
 */
export const MEMBER_SEARCH_TEXT = (row: string) =>
  `${row}.first_name || ' ' || ${row}.last_name || char(10) || ${row}.member_number || char(10) || ${row}.email || char(10) || coalesce(${row}.phone, '') || char(10) || coalesce(${row}.organisation, '')`;

/** The same text on PostgreSQL, lower-cased for the expression index (chr, not char). */
export const MEMBER_SEARCH_TEXT_PG = `lower(first_name || ' ' || last_name || chr(10) || member_number || chr(10) || email || chr(10) || coalesce(phone, '') || chr(10) || coalesce(organisation, ''))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    const operatorClass = await trigramOperatorClass(db);
    if (operatorClass) {
      await sql
        .raw(`create index members_search_idx on members using gin ((${MEMBER_SEARCH_TEXT_PG}) ${operatorClass})`)
        .execute(db);
    }
  } else {
    await sql`create virtual table members_search using fts5(body, tokenize = 'trigram')`.execute(db);
    await sql
      .raw(`insert into members_search (rowid, body) select id, ${MEMBER_SEARCH_TEXT('members')} from members`)
      .execute(db);
    await sql
      .raw(
        `create trigger members_search_insert after insert on members begin
           insert into members_search (rowid, body) values (new.id, ${MEMBER_SEARCH_TEXT('new')});
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger members_search_update after update of first_name, last_name, member_number, email, phone, organisation on members begin
           update members_search set body = ${MEMBER_SEARCH_TEXT('new')} where rowid = new.id;
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger members_search_delete after delete on members begin
           delete from members_search where rowid = old.id;
         end`,
      )
      .execute(db);
  }

  await db.schema
    .createIndex('members_status_idx')
    .on('members')
    .columns(['paid_through_year', 'membership_class', 'admitted_on'])
    .execute();
  await db.schema
    .createIndex('members_report_idx')
    .on('members')
    .columns(['chapter_id', 'membership_class', 'paid_through_year', 'admitted_on'])
    .execute();
  await db.schema
    .createIndex('payments_collected_idx')
    .on('payments')
    .columns(['state', 'paid_on', 'mode', 'amount', 'chapter_id'])
    .execute();

  await db.schema
    .alterTable('member_renewals')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update member_renewals set verified = 1 where payment_id in (select id from payments where state = 'verified')`.execute(
    db,
  );
  await db.schema
    .createIndex('member_renewals_years_idx')
    .on('member_renewals')
    .columns(['verified', 'last_year', 'first_year', 'member_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_renewals_years_idx').execute();
  await db.schema.alterTable('member_renewals').dropColumn('verified').execute();
  for (const index of ['payments_collected_idx', 'members_report_idx', 'members_status_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  if (dialectOf(db) === 'postgres') {
    await db.schema.dropIndex('members_search_idx').ifExists().execute();
  } else {
    for (const trigger of ['members_search_insert', 'members_search_update', 'members_search_delete']) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
    await sql`drop table members_search`.execute(db);
  }
}
