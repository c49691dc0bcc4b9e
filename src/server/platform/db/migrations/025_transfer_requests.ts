import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Chapter transfers agreed by the national office (issue 28, item 4): a member (or staff for them)
 * asks to move to another chapter, roles 2 and 5 approve or refuse. An approval moves the member and
 * writes the history row of `member_transfers`; a request keeps its decision. A member has at most
 * one pending request, kept by a partial unique index on both databases rather than by a pre-check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transfer_requests')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('from_chapter_id', 'integer', (c) => c.notNull().references('chapters.id'))
    .addColumn('to_chapter_id', 'integer', (c) => c.notNull().references('chapters.id'))
    .addColumn('reason', 'text')
    .addColumn('state', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'approved', 'refused')`),
    )
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('decision_note', 'text')
    .addCheckConstraint('transfer_requests_other_chapter', sql`from_chapter_id <> to_chapter_id`)
    .execute();
  await db.schema
    .createIndex('transfer_requests_one_pending')
    .on('transfer_requests')
    .column('member_id')
    .unique()
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('transfer_requests_state_idx')
    .on('transfer_requests')
    .columns(['state', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transfer_requests').execute();
}
