import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chapters')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('region', 'varchar(10)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('contact_name', 'varchar(200)')
    .addColumn('contact_email', 'varchar(320)')
    .addColumn('contact_phone', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('member_number', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('membership_class', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id'))
    .addColumn('title', 'varchar(20)')
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)')
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('address', 'text')
    .addColumn('city', 'varchar(100)')
    .addColumn('state', 'varchar(100)')
    .addColumn('pincode', 'varchar(10)')
    .addColumn('qualification', 'varchar(200)')
    .addColumn('organisation', 'varchar(200)')
    .addColumn('designation', 'varchar(200)')
    .addColumn('experience_years', 'integer')
    .addColumn('admitted_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('members_chapter_idx').on('members').column('chapter_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'varchar(500)')
    .addColumn('role_id', 'integer', (c) => c.notNull().check(sql`role_id between 1 and 5`))
    .addColumn('member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_by_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_member_idx').on('users').column('member_id').execute();
  await db.schema.createIndex('users_chapter_idx').on('users').column('chapter_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('entity', 'varchar(60)')
    .addColumn('entity_id', 'varchar(60)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_user_id', 'at']).execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['password_resets', 'login_throttle', 'audit_log', 'users', 'members', 'chapters']) {
    await db.schema.dropTable(table).execute();
  }
}
