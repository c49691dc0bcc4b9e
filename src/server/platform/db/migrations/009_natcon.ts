import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * NATCON: editions with their delegate and award categories, registration orders (one person or a
 * group) with one row per delegate, award nominations, and check-ins. Seats are a counter on the
 * category (`seats_taken`), taken and given back by conditional updates only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('natcon_editions')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('title', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('theme', 'varchar(300)', (c) => c.notNull())
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('venue', 'varchar(200)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('registration_opens_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('registration_closes_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('programme', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('natcon_categories')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('edition_id', 'integer', (c) => c.notNull().references('natcon_editions.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('fee', 'integer', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('early_bird_fee', 'integer', (c) => c.check(sql`early_bird_fee >= 0`))
    .addColumn('early_bird_until', 'varchar(10)')
    .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats >= 0`))
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('student_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('natcon_categories_name_uq', ['edition_id', 'name'])
    // The last line of defence against overselling: no statement may leave more seats taken than exist.
    .addCheckConstraint('natcon_categories_seats_ck', sql`seats_taken >= 0 and seats_taken <= seats`)
    .execute();

  await db.schema
    .createTable('natcon_award_categories')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('edition_id', 'integer', (c) => c.notNull().references('natcon_editions.id'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('criteria', 'text', (c) => c.notNull())
    .addColumn('nominee_kind', 'varchar(12)', (c) =>
      c.notNull().check(sql`nominee_kind in ('person', 'organisation', 'either')`),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('natcon_award_categories_name_uq', ['edition_id', 'name'])
    .execute();

  await db.schema
    .createTable('natcon_orders')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('edition_id', 'integer', (c) => c.notNull().references('natcon_editions.id'))
    .addColumn('order_number', 'varchar(30)', (c) => c.unique())
    .addColumn('status_token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull().check(sql`state in ('confirmed', 'waitlisted', 'cancelled')`))
    .addColumn('payment_state', 'varchar(12)', (c) =>
      c.notNull().check(sql`payment_state in ('unpaid', 'reported', 'verified', 'not_due')`),
    )
    .addColumn('contact_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('contact_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('contact_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('organisation', 'varchar(200)')
    .addColumn('gstin', 'varchar(15)')
    .addColumn('delegate_count', 'integer', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_code', 'varchar(40)')
    .addColumn('gst_percent', 'integer')
    .addColumn('gst', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_due', 'integer', (c) => c.notNull())
    .addColumn('priced_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('cancelled_at', 'varchar(30)')
    .addColumn('cancelled_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('natcon_orders_edition_idx').on('natcon_orders').columns(['edition_id', 'id']).execute();
  await db.schema
    .createIndex('natcon_orders_waitlist_idx')
    .on('natcon_orders')
    .columns(['edition_id', 'state', 'id'])
    .execute();

  await db.schema
    .createTable('natcon_delegates')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('natcon_orders.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('natcon_categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('confirmation_number', 'varchar(40)', (c) => c.unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('designation', 'varchar(120)')
    .addColumn('member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('student_id_key', 'varchar(32)')
    .addColumn('student_id_type', 'varchar(60)')
    .addColumn('checked_in_at', 'varchar(30)')
    .addColumn('checked_in_by', 'integer', (c) => c.references('users.id'))
    .addColumn('ticket_sent_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('natcon_delegates_order_idx').on('natcon_delegates').column('order_id').execute();
  await db.schema.createIndex('natcon_delegates_category_idx').on('natcon_delegates').column('category_id').execute();
  await db.schema.createIndex('natcon_delegates_chapter_idx').on('natcon_delegates').column('chapter_id').execute();
  await db.schema
    .createIndex('natcon_delegates_checked_in_idx')
    .on('natcon_delegates')
    .column('checked_in_at')
    .execute();

  await db.schema
    .createTable('natcon_nominations')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('edition_id', 'integer', (c) => c.notNull().references('natcon_editions.id'))
    .addColumn('award_category_id', 'integer', (c) => c.notNull().references('natcon_award_categories.id'))
    .addColumn('reference', 'varchar(30)', (c) => c.unique())
    .addColumn('nominee_kind', 'varchar(12)', (c) => c.notNull().check(sql`nominee_kind in ('person', 'organisation')`))
    .addColumn('nominee_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('nominee_organisation', 'varchar(200)')
    .addColumn('nominee_email', 'varchar(320)')
    .addColumn('nominator_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('nominator_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('write_up', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('natcon_orders.id'))
    .addColumn('file_key', 'varchar(32)')
    .addColumn('file_name', 'varchar(120)')
    .addColumn('file_size', 'integer')
    .addColumn('state', 'varchar(14)', (c) =>
      c.notNull().check(sql`state in ('received', 'shortlisted', 'winner', 'not_selected')`),
    )
    .addColumn('review_note', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('natcon_nominations_edition_idx')
    .on('natcon_nominations')
    .columns(['edition_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('natcon_nominations').execute();
  await db.schema.dropTable('natcon_delegates').execute();
  await db.schema.dropTable('natcon_orders').execute();
  await db.schema.dropTable('natcon_award_categories').execute();
  await db.schema.dropTable('natcon_categories').execute();
  await db.schema.dropTable('natcon_editions').execute();
}
