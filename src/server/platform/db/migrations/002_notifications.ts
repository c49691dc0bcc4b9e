import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('audience_type', 'varchar(10)', (c) =>
      c.notNull().check(sql`audience_type in ('all', 'chapter', 'member', 'role')`),
    )
    .addColumn('audience_id', 'varchar(320)')
    .addColumn('sender_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();

  // The primary key (user_id, notification_id) serves a user's list, newest first, and mark-read.
  await db.schema
    .createTable('notification_recipients')
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_recipients_pk', ['user_id', 'notification_id'])
    .execute();
  // The bell's unread count is one lookup in this small partial index on both databases.
  await db.schema
    .createIndex('notification_recipients_unread_idx')
    .on('notification_recipients')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  // Read counts per notice for the sender's history.
  await db.schema
    .createIndex('notification_recipients_notice_idx')
    .on('notification_recipients')
    .columns(['notification_id', 'read_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_recipients').execute();
  await db.schema.dropTable('notifications').execute();
}
