import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Issue 11: chapters get an active flag (a deactivated chapter keeps its code, so codes are never
 * reused), office bearers with their terms, the scroll ticker's messages, and indexes for the
 * activity log's filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chapters')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('office_bearers')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'varchar(100)', (c) => c.notNull())
    .addColumn('term_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('term_to', 'varchar(10)')
    .addColumn('photo_key', 'varchar(64)')
    .addColumn('photo_type', 'varchar(40)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('office_bearers_chapter_idx')
    .on('office_bearers')
    .columns(['chapter_id', 'term_from'])
    .execute();

  await db.schema
    .createTable('scroll_messages')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('text', 'varchar(300)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scroll_messages_current_idx')
    .on('scroll_messages')
    .columns(['active', 'starts_on', 'ends_on'])
    .execute();

  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_entity_idx').execute();
  await db.schema.dropIndex('audit_log_action_idx').execute();
  await db.schema.dropTable('scroll_messages').execute();
  await db.schema.dropTable('office_bearers').execute();
  await db.schema.alterTable('chapters').dropColumn('active').execute();
}
