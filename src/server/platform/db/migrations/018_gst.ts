import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * GST tax invoices and credit notes (issue 25). An invoice is issued in the transaction that
 * verifies a payment, at most one per payment; a credit note refers to one invoice. Both store what
 * they print (`content`, JSON) beside the figures the return and the register read, and are never
 * updated. Their serials come from one counter per series and financial year, raised in one
 * statement inside the issuing transaction (as receipts are), so numbers run without gaps.
 *
 * NATCON orders and editions gain what the place of supply needs: the buyer's registered address
 * and State, and the State the event is held in.
 */
const money = (name: string) => (c: ColumnDefinitionBuilder) => c.notNull().check(sql.raw(`${name} >= 0`));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gst_document_sequences')
    .addColumn('series', 'varchar(12)', (c) => c.notNull())
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gst_document_sequences_pk', ['series', 'financial_year'])
    .execute();

  await db.schema
    .createTable('gst_invoices')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id'))
    .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(30)', (c) => c.notNull())
    /** Kolkata date; its first 7 characters are the return's month. */
    .addColumn('issued_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('buyer_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('buyer_gstin', 'varchar(15)')
    .addColumn('place_of_supply', 'varchar(2)', (c) => c.notNull())
    .addColumn('split', 'varchar(5)', (c) => c.notNull().check(sql`split in ('intra', 'inter')`))
    .addColumn('taxable_value', 'integer', money('taxable_value'))
    .addColumn('cgst', 'integer', money('cgst'))
    .addColumn('sgst', 'integer', money('sgst'))
    .addColumn('igst', 'integer', money('igst'))
    .addColumn('total', 'integer', money('total'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('gst_invoices_serial_unique', ['financial_year', 'serial'])
    .execute();
  await db.schema.createIndex('gst_invoices_issued_idx').on('gst_invoices').columns(['issued_on', 'id']).execute();

  await db.schema
    .createTable('gst_invoice_lines')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('gst_invoices.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull())
    .addColumn('sac', 'varchar(8)', (c) => c.notNull())
    /** Hundredths of a per cent: 1800 is 18%. */
    .addColumn('rate_basis_points', 'integer', (c) => c.notNull())
    .addColumn('taxable_value', 'integer', money('taxable_value'))
    .addColumn('cgst', 'integer', money('cgst'))
    .addColumn('sgst', 'integer', money('sgst'))
    .addColumn('igst', 'integer', money('igst'))
    .addColumn('total', 'integer', money('total'))
    .addUniqueConstraint('gst_invoice_lines_position_unique', ['invoice_id', 'position'])
    .execute();

  await db.schema
    .createTable('gst_credit_notes')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('gst_invoices.id'))
    .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('issued_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    /** 1: issued after 30 November following the invoice's financial year (section 34(2)). */
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taxable_value', 'integer', money('taxable_value'))
    .addColumn('cgst', 'integer', money('cgst'))
    .addColumn('sgst', 'integer', money('sgst'))
    .addColumn('igst', 'integer', money('igst'))
    .addColumn('total', 'integer', money('total'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('gst_credit_notes_serial_unique', ['financial_year', 'serial'])
    .execute();
  await db.schema.createIndex('gst_credit_notes_invoice_idx').on('gst_credit_notes').column('invoice_id').execute();
  await db.schema
    .createIndex('gst_credit_notes_issued_idx')
    .on('gst_credit_notes')
    .columns(['issued_on', 'id'])
    .execute();

  await db.schema
    .createTable('gst_credit_note_lines')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('credit_note_id', 'integer', (c) => c.notNull().references('gst_credit_notes.id'))
    /** The invoice line it reverses. */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('sac', 'varchar(8)', (c) => c.notNull())
    .addColumn('rate_basis_points', 'integer', (c) => c.notNull())
    .addColumn('taxable_value', 'integer', money('taxable_value'))
    .addColumn('cgst', 'integer', money('cgst'))
    .addColumn('sgst', 'integer', money('sgst'))
    .addColumn('igst', 'integer', money('igst'))
    .addColumn('total', 'integer', money('total'))
    .addUniqueConstraint('gst_credit_note_lines_position_unique', ['credit_note_id', 'position'])
    .execute();

  await db.schema.alterTable('natcon_orders').addColumn('buyer_address', 'varchar(500)').execute();
  await db.schema.alterTable('natcon_orders').addColumn('buyer_state_code', 'varchar(2)').execute();
  await db.schema.alterTable('natcon_editions').addColumn('state_code', 'varchar(2)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('natcon_editions').dropColumn('state_code').execute();
  await db.schema.alterTable('natcon_orders').dropColumn('buyer_state_code').execute();
  await db.schema.alterTable('natcon_orders').dropColumn('buyer_address').execute();
  await db.schema.dropTable('gst_credit_note_lines').execute();
  await db.schema.dropTable('gst_credit_notes').execute();
  await db.schema.dropTable('gst_invoice_lines').execute();
  await db.schema.dropTable('gst_invoices').execute();
  await db.schema.dropTable('gst_document_sequences').execute();
}
