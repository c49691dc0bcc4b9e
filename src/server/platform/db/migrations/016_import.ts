import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Bringing the institute's existing register in (issue 23).
 *
 * - `imports`: one uploaded file and where it stands (uploaded, checked, running, done, failed,
 *   undone). The file itself lives in storage under `file_key`. A commit is a job in this table:
 *   `done_rows` is its progress and `lease_until` the time until which one server holds it, so a
 *   server that dies mid-way leaves a lease that runs out and any server resumes the job.
 * - `import_rows`: what the commit did with each row, keyed by (import, row number): a row is
 *   applied in the same transaction that writes its key, so no row is ever applied twice. Updated
 *   members keep their before-image (the record's fields before) and every applied row its
 *   after-image, which is how undo restores and how it sees whether a member changed since.
 * - `invitation_sends`: one row per member ever invited (the member is the key), claimed by one
 *   server at a time, so each member gets one invitation whatever the number of servers or clicks.
 * - Members gain the fields old registers carry: gender, the date they became Life members and
 *   the Fellow (FNIPM) flag. A member without an e-mail keeps `email` empty (''); the column
 *   stays NOT NULL, as the register's search text is built from it.
 * - Legacy payments keep the receipt number printed at the time in a column of their own, unique
 *   among legacy receipts and never in the new receipt series' column, so the two cannot collide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('members', 'payments')`))
    .addColumn('state', 'varchar(10)', (c) =>
      c.notNull().check(sql`state in ('uploaded', 'checked', 'running', 'done', 'failed', 'undone')`),
    )
    .addColumn('file_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_bytes', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('done_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('failure', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('undone_at', 'varchar(30)')
    .addColumn('undone_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('imports_state_idx').on('imports').columns(['state', 'lease_until']).execute();
  await db.schema.createIndex('imports_created_idx').on('imports').column('created_at').execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)', (c) =>
      c.notNull().check(sql`outcome in ('created', 'updated', 'unchanged', 'invalid', 'duplicate', 'conflict')`),
    )
    // Plain ids, not references: undo deletes what the row created while the row stays as the record.
    .addColumn('member_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('note_id', 'integer')
    .addColumn('payment_id', 'integer')
    .addColumn('before_image', 'text')
    .addColumn('after_image', 'text')
    .addColumn('message', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'row_number'])
    .execute();
  await db.schema.createIndex('import_rows_member_idx').on('import_rows').column('member_id').execute();

  await db.schema
    .createTable('invitation_sends')
    .addColumn('member_id', 'integer', (c) => c.primaryKey())
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().check(sql`state in ('waiting', 'sending', 'sent', 'failed')`))
    .addColumn('claimed_until', 'varchar(30)')
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitation_sends_import_idx')
    .on('invitation_sends')
    .columns(['import_id', 'state'])
    .execute();
  await db.schema
    .createIndex('invitation_sends_state_idx')
    .on('invitation_sends')
    .columns(['state', 'sent_at'])
    .execute();

  await db.schema.alterTable('members').addColumn('gender', 'varchar(10)').execute();
  await db.schema.alterTable('members').addColumn('life_member_since', 'varchar(10)').execute();
  await db.schema
    .alterTable('members')
    .addColumn('fellow', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Rows are matched by membership number whatever its case, and by mobile with date of birth.
  await sql`create index members_number_upper_idx on members (upper(member_number))`.execute(db);
  await db.schema.createIndex('members_phone_birth_idx').on('members').columns(['phone', 'date_of_birth']).execute();

  await db.schema.alterTable('payments').addColumn('legacy_receipt_number', 'varchar(40)').execute();
  await db.schema
    .createIndex('payments_legacy_receipt_uq')
    .on('payments')
    .column('legacy_receipt_number')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_legacy_receipt_uq').execute();
  await db.schema.alterTable('payments').dropColumn('legacy_receipt_number').execute();
  await db.schema.dropIndex('members_phone_birth_idx').execute();
  await db.schema.dropIndex('members_number_upper_idx').execute();
  await db.schema.alterTable('members').dropColumn('fellow').execute();
  await db.schema.alterTable('members').dropColumn('life_member_since').execute();
  await db.schema.alterTable('members').dropColumn('gender').execute();
  await db.schema.dropTable('invitation_sends').execute();
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
