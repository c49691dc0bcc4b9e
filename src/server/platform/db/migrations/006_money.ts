import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Money shared by joining, renewals and NATCON: payment settings, coupons and their redemptions,
 * reported payments with their receipts, and one receipt counter per financial year.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    // Stored upper-cased, so the unique index makes codes case-insensitive on both databases.
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('percent', 'flat')`))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('scope', 'varchar(12)', (c) => c.notNull().check(sql`scope in ('membership', 'natcon', 'both')`))
    .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull().check(sql`max_uses > 0`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    // The last line of defence: the redeeming UPDATE already refuses to pass the limit.
    .addCheckConstraint('coupons_uses_check', sql`uses >= 0 and uses <= max_uses`)
    .execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('redeemed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('released_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_coupon_idx')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'id'])
    .execute();
  // One live redemption per application or order: a second redeem of the same subject fails.
  await sql`create unique index coupon_redemptions_live_idx on coupon_redemptions (purpose, subject_id) where released_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    // The chapter a chapter admin must belong to in order to see the payment; null: national only.
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id'))
    .addColumn('payer_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('payer_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('mode', 'varchar(20)', (c) =>
      c.notNull().check(sql`mode in ('upi', 'bank_transfer', 'demand_draft', 'cheque', 'cash')`),
    )
    .addColumn('reference', 'varchar(40)')
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('reported')
        .check(sql`state in ('reported', 'verified', 'rejected')`),
    )
    .addColumn('note', 'text')
    .addColumn('reported_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('receipt_number', 'varchar(40)', (c) => c.unique())
    .addColumn('receipt_financial_year', 'varchar(7)')
    .addColumn('receipt', 'text')
    .execute();
  await db.schema.createIndex('payments_subject_idx').on('payments').columns(['purpose', 'subject_id']).execute();
  await db.schema.createIndex('payments_state_idx').on('payments').columns(['state', 'id']).execute();
  await db.schema.createIndex('payments_chapter_idx').on('payments').columns(['chapter_id', 'state', 'id']).execute();
  // A transaction reference counts once: reporting it again is refused until the first is rejected.
  await sql`create unique index payments_reference_idx on payments (mode, reference) where reference is not null and state <> 'rejected' and mode <> 'cash'`.execute(
    db,
  );

  await db.schema
    .createTable('receipt_sequences')
    .addColumn('financial_year', 'varchar(7)', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipt_sequences').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
  await db.schema.dropTable('settings').execute();
}
