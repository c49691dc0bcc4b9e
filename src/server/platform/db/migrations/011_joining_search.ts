import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { trigramOperatorClass } from './helpers';

/**
 * The staff's free-text search of applications (name or e-mail containing the text, `LIKE '%…%'`)
 * read every row; these indexes answer it. PostgreSQL: trigram GIN indexes (`pg_trgm`) on the two
 * expressions the search compares. SQLite: an FTS5 table with the trigram tokenizer, which answers
 * `LIKE '%…%'` from its index, kept in step with `applications` by triggers.
 */

/** Any fixed number: the advisory lock that makes concurrent migrations create the extension one at a time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    const operatorClass = await trigramOperatorClass(db);
    if (!operatorClass) return;
    const trigrams = sql.raw(operatorClass);
    await sql`create index applications_name_trgm_idx on applications
      using gin ((lower(first_name || ' ' || last_name)) ${trigrams})`.execute(db);
    await sql`create index applications_email_trgm_idx on applications using gin (email ${trigrams})`.execute(db);
    return;
  }

  await sql`create virtual table applications_search using fts5(name, email, tokenize = 'trigram')`.execute(db);
  await sql`insert into applications_search (rowid, name, email)
    select id, first_name || ' ' || last_name, email from applications`.execute(db);
  await sql`create trigger applications_search_insert after insert on applications begin
    insert into applications_search (rowid, name, email) values (new.id, new.first_name || ' ' || new.last_name, new.email);
  end`.execute(db);
  await sql`create trigger applications_search_update after update of first_name, last_name, email on applications begin
    update applications_search set name = new.first_name || ' ' || new.last_name, email = new.email where rowid = new.id;
  end`.execute(db);
  await sql`create trigger applications_search_delete after delete on applications begin
    delete from applications_search where rowid = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // The extension stays: other schemas' indexes may use it.
    await sql`drop index if exists applications_email_trgm_idx`.execute(db);
    await sql`drop index if exists applications_name_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['applications_search_insert', 'applications_search_update', 'applications_search_delete']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists applications_search`.execute(db);
}
