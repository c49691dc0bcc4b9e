import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Privacy (issue 26, DPDP Act 2023 and Rules 2025): consents with the notice version they were
 * given under, requests (correction, erasure, grievance, nominee claims) with their history and
 * reminders, nominees, breaches, the register of staff exports of personal data, a person's own
 * export jobs, the 48-hour notices of erasure for inactivity, and guardians' consents for
 * applicants under 18. `erased_at` marks a member kept only as a tombstone of the number.
 * People are tied by e-mail (lower-cased) and, where they have them, member and user ids: an
 * applicant or a delegate has no account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('erased_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('erased_at', 'varchar(30)').execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('application_id', 'integer', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('natcon_orders.id').onDelete('set null'))
    .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
    .addColumn('notice_version', 'integer', (c) => c.notNull())
    .addColumn('given_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    /** How it was given: a form's name (`application`, `natcon_registration`, ...), `portal`, `guardian_link`. */
    .addColumn('method', 'varchar(40)', (c) => c.notNull())
    .addColumn('withdrawn_at', 'varchar(30)')
    .addColumn('withdrawn_method', 'varchar(40)')
    .execute();
  await db.schema.createIndex('consents_email_idx').on('consents').columns(['email', 'purpose']).execute();
  await db.schema.createIndex('consents_user_idx').on('consents').column('user_id').execute();

  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('kind', 'varchar(20)', (c) =>
      c.notNull().check(sql`kind in ('correction', 'erasure', 'grievance', 'nominee_claim')`),
    )
    .addColumn('state', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'approved', 'rejected', 'answered', 'done')`),
    )
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('application_id', 'integer', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('natcon_orders.id').onDelete('set null'))
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('received_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('answer', 'text')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('privacy_requests_queue_idx')
    .on('privacy_requests')
    .columns(['state', 'due_at'])
    .execute();
  await db.schema.createIndex('privacy_requests_email_idx').on('privacy_requests').column('email').execute();

  await db.schema
    .createTable('privacy_request_events')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('privacy_requests.id').onDelete('cascade'))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    /** `received`, `note`, `approved`, `rejected`, `answered`, `reminder_60`, `reminder_80`, `done`. */
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('privacy_request_events_request_idx')
    .on('privacy_request_events')
    .column('request_id')
    .execute();
  // Each reminder of a request is sent once, whichever server's job claims it first.
  await db.schema
    .createIndex('privacy_request_events_reminder_idx')
    .unique()
    .on('privacy_request_events')
    .columns(['request_id', 'action'])
    .where(sql.ref('action'), 'like', 'reminder_%')
    .execute();

  await db.schema
    .createTable('nominees')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('relation', 'varchar(60)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('breaches')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'varchar(30)')
    .addColumn('found_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('data_affected', 'text', (c) => c.notNull())
    .addColumn('consequences', 'text', (c) => c.notNull())
    .addColumn('measures', 'text', (c) => c.notNull())
    .addColumn('advice', 'text', (c) => c.notNull())
    /** JSON: the e-mail addresses of the people affected. */
    .addColumn('affected', 'text', (c) => c.notNull())
    .addColumn('notified_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('personal_data_exports')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    /** Which list: the CSV's file name without the date. */
    .addColumn('list', 'varchar(80)', (c) => c.notNull())
    /** JSON of the filters in force. */
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('personal_data_exports_at_idx').on('personal_data_exports').column('at').execute();

  await db.schema
    .createTable('data_export_jobs')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'ready', 'failed')`),
    )
    .addColumn('requested_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ready_at', 'varchar(30)')
    .addColumn('storage_key', 'varchar(200)')
    .execute();
  await db.schema.createIndex('data_export_jobs_user_idx').on('data_export_jobs').column('user_id').execute();

  await db.schema
    .createTable('erasure_notices')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('guardian_consents')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('guardian_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('guardian_email', 'varchar(200)', (c) => c.notNull())
    /** SHA-256 of the link's token; the token itself is only in the e-mail. */
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('requested_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('given_at', 'varchar(30)')
    .addColumn('given_ip', 'varchar(64)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'guardian_consents',
    'erasure_notices',
    'data_export_jobs',
    'personal_data_exports',
    'breaches',
    'nominees',
    'privacy_request_events',
    'privacy_requests',
    'consents',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.alterTable('members').dropColumn('erased_at').execute();
}
