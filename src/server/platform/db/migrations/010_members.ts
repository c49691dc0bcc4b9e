import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Members after admission. The stored `members.status` goes: status is derived from
 * `paid_through_year` and today's date (src/lib/member-status.ts), so a stored copy could only be
 * stale. Chapter transfers and staff notes keep their history; a member's request to change what
 * only staff may change waits in `member_change_requests`; `reminder_sends` is the key that lets
 * any number of servers run the reminder job and still send each reminder once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Neither database keeps an index or a constraint on the column, so both drop it in place.
  await db.schema.alterTable('members').dropColumn('status').execute();

  await db.schema.createIndex('members_paid_through_idx').on('members').column('paid_through_year').execute();
  await db.schema.createIndex('members_admitted_idx').on('members').column('admitted_on').execute();
  await db.schema.createIndex('members_class_idx').on('members').column('membership_class').execute();
  await db.schema.createIndex('members_name_idx').on('members').columns(['last_name', 'first_name']).execute();
  await db.schema.createIndex('members_email_idx').on('members').column('email').execute();

  await db.schema
    .createTable('member_transfers')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('from_chapter_id', 'integer', (c) => c.notNull().references('chapters.id'))
    .addColumn('to_chapter_id', 'integer', (c) => c.notNull().references('chapters.id'))
    .addColumn('note', 'text')
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_transfers_member_idx').on('member_transfers').column('member_id').execute();

  await db.schema
    .createTable('member_notes')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_notes_member_idx').on('member_notes').column('member_id').execute();

  await db.schema
    .createTable('member_change_requests')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** JSON: the fields the member asks to change and the values they want. */
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('state', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'done', 'declined')`),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('member_change_requests_member_idx')
    .on('member_change_requests')
    .columns(['member_id', 'state'])
    .execute();

  // What a renewal payment pays for, fixed when it is reported: the years and their amounts.
  await db.schema
    .createTable('member_renewals')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('first_year', 'integer', (c) => c.notNull())
    .addColumn('last_year', 'integer', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_renewals_member_idx').on('member_renewals').column('member_id').execute();

  await db.schema
    .createTable('reminder_sends')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_sends_pk', ['member_id', 'financial_year', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'reminder_sends',
    'member_renewals',
    'member_change_requests',
    'member_notes',
    'member_transfers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of ['email', 'name', 'class', 'admitted', 'paid_through']) {
    await db.schema.dropIndex(`members_${index}_idx`).execute();
  }
  await db.schema
    .alterTable('members')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .execute();
}
