import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/** States in which an application is still open: its e-mail may not start another one. */
const OPEN_STATES = sql<boolean>`state not in ('approved', 'rejected', 'withdrawn')`;

/**
 * Joining the institute: the fee schedule per financial year and class, applications with the
 * quote they were given, their history and documents, and the member-number sequence per chapter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('membership_fees')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('class_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('entrance_fee', 'integer', (c) => c.notNull().check(sql`entrance_fee >= 0`))
    .addColumn('subscription', 'integer', (c) => c.notNull().check(sql`subscription >= 0`))
    .addColumn('one_time_fee', 'integer', (c) => c.notNull().check(sql`one_time_fee >= 0`))
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addUniqueConstraint('membership_fees_year_class_uq', ['financial_year', 'class_code'])
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('reference', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('status_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('state', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`state in ('awaiting_payment', 'payment_reported', 'payment_verified', 'under_scrutiny', 'recommended', 'approved', 'rejected', 'withdrawn')`,
        ),
    )
    .addColumn('class_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id'))
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('applied_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(20)')
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('date_of_birth', 'varchar(10)', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('state_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('pincode', 'varchar(6)', (c) => c.notNull())
    .addColumn('qualification', 'varchar(200)', (c) => c.notNull())
    .addColumn('organisation', 'varchar(200)')
    .addColumn('designation', 'varchar(200)')
    .addColumn('experience_years', 'integer', (c) => c.notNull())
    .addColumn('institution', 'varchar(200)')
    .addColumn('gstin', 'varchar(15)')
    .addColumn('proposer_member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('seconder_member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('coupon_code', 'varchar(40)')
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('amount_due', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('decision_note', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // One open application per e-mail, held by the database so two simultaneous submissions cannot both pass.
  await db.schema
    .createIndex('applications_open_email_uq')
    .on('applications')
    .column('email')
    .unique()
    .where(OPEN_STATES)
    .execute();
  // The staff queue: filtered by state and chapter, newest first.
  await db.schema.createIndex('applications_state_idx').on('applications').columns(['state', 'id']).execute();
  await db.schema.createIndex('applications_chapter_idx').on('applications').columns(['chapter_id', 'id']).execute();
  await db.schema.createIndex('applications_email_idx').on('applications').column('email').execute();
  await db.schema.createIndex('applications_applied_idx').on('applications').columns(['applied_on', 'id']).execute();
  // Counts under the year-and-dates and the class-and-state filters read only these indexes.
  await db.schema
    .createIndex('applications_year_applied_idx')
    .on('applications')
    .columns(['financial_year', 'applied_on'])
    .execute();
  await db.schema
    .createIndex('applications_class_idx')
    .on('applications')
    .columns(['class_code', 'state', 'id'])
    .execute();

  await db.schema
    .createTable('application_events')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('from_state', 'varchar(20)')
    .addColumn('to_state', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('note', 'text')
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_events_app_idx')
    .on('application_events')
    .columns(['application_id', 'id'])
    .execute();

  await db.schema
    .createTable('application_documents')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('photo', 'certificate', 'id-card')`))
    .addColumn('storage_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('filename', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('application_documents_kind_uq', ['application_id', 'kind'])
    .execute();

  await db.schema
    .createTable('member_number_sequences')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey().references('chapters.id'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'member_number_sequences',
    'application_documents',
    'application_events',
    'applications',
    'membership_fees',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
