import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { idColumn } from './helpers';

/**
 * Money confirmed without hands (issue 24): `online` as a payment mode; each online payment's
 * gateway order; gateway events processed once; refunds with the running total they may not pass;
 * bank statements and their lines; the gateway's settlements.
 */

const MODES_WITH_ONLINE = `'upi', 'bank_transfer', 'demand_draft', 'cheque', 'cash', 'online'`;

/**
 * SQLite cannot change a CHECK constraint: the table is rebuilt from its own CREATE statement with
 * the mode check widened, rows and indexes carried over whatever earlier migrations made of them.
 * Foreign keys are off meanwhile so that dropping the old table does not cascade into renewals.
 */
async function widenModeCheckOnSqlite(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'payments'`.execute(db);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'payments' and sql is not null`.execute(db);
  const createSql = table.rows[0].sql;
  const widened = createSql.replace(
    /check\s*\(\s*"?mode"?\s+in\s*\(([^)]*)\)\s*\)/i,
    `check (mode in (${MODES_WITH_ONLINE}))`,
  );
  if (widened === createSql) throw new Error('017: the payments.mode check was not found');
  const columns = await sql<{ name: string }>`select name from pragma_table_info('payments')`.execute(db);
  const list = columns.rows.map((c) => `"${c.name}"`).join(', ');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(widened.replace(/create table\s+"?payments"?/i, 'create table "payments_017"')).execute(db);
    await sql.raw(`insert into "payments_017" (${list}) select ${list} from "payments"`).execute(db);
    await sql`drop table payments`.execute(db);
    await sql`alter table payments_017 rename to payments`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function widenModeCheckOnPostgres(db: Kysely<unknown>): Promise<void> {
  const checks = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'payments'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%mode%'`.execute(db);
  for (const check of checks.rows) await sql.raw(`alter table payments drop constraint "${check.name}"`).execute(db);
  await sql
    .raw(`alter table payments add constraint payments_mode_check check (mode in (${MODES_WITH_ONLINE}))`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await widenModeCheckOnPostgres(db);
  else await widenModeCheckOnSqlite(db);

  // Paise refunded so far: a refund is one conditional UPDATE that may not take it past the amount.
  await db.schema
    .alterTable('payments')
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('gateway_orders')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('gateway_order_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // open -> paid | closed (nothing captured in time) | flagged (captured but not as ordered): never back.
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'paid', 'closed', 'flagged')`),
    )
    .addColumn('gateway_payment_id', 'varchar(40)', (c) => c.unique())
    .addColumn('method', 'varchar(20)')
    .addColumn('flag', 'text')
    // Where the payer returns after the hosted page (the purpose's status page, with its token).
    .addColumn('return_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('settlement_id', 'varchar(40)')
    .addColumn('settlement_utr', 'varchar(40)')
    .addColumn('fee', 'integer')
    .addColumn('tax', 'integer')
    .addColumn('settled_on', 'varchar(10)')
    .execute();
  await db.schema
    .createIndex('gateway_orders_status_idx')
    .on('gateway_orders')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('gateway_orders_settled_idx').on('gateway_orders').columns(['settled_on']).execute();

  // One row per gateway event id: inserting it is how an event is claimed, so it is processed once.
  await db.schema
    .createTable('gateway_events')
    .addColumn('event_id', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    // 'gateway' (through Razorpay) or the offline mode the money was sent by.
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('reference', 'varchar(60)')
    .addColumn('refunded_on', 'varchar(10)')
    .addColumn('state', 'varchar(10)', (c) =>
      c.notNull().check(sql`state in ('due', 'pending', 'processed', 'failed')`),
    )
    .addColumn('gateway_refund_id', 'varchar(40)', (c) => c.unique())
    .addColumn('idempotency_key', 'varchar(60)', (c) => c.unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('processed_at', 'varchar(30)')
    .addColumn('payer_told_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').columns(['payment_id', 'id']).execute();

  await db.schema
    .createTable('bank_statements')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('uploaded_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bank_statement_lines')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('bank_statements.id').onDelete('cascade'))
    .addColumn('line_number', 'integer', (c) => c.notNull())
    .addColumn('value_date', 'varchar(10)')
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('bank_reference', 'varchar(100)')
    .addColumn('credit', 'integer', (c) => c.notNull())
    // The same credit (date, narration, reference, amount) in a later upload is the same line: matched
    // once. A repeat is kept with no fingerprint (status `seen`), so the unique index holds one per credit.
    .addColumn('fingerprint', 'varchar(64)', (c) => c.unique())
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('proposed', 'ambiguous', 'unmatched', 'confirmed', 'seen')`),
    )
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
    .addColumn('candidates', 'text')
    .execute();
  await db.schema
    .createIndex('bank_statement_lines_statement_idx')
    .on('bank_statement_lines')
    .columns(['statement_id', 'line_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_statement_lines').execute();
  await db.schema.dropTable('bank_statements').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('gateway_events').execute();
  await db.schema.dropTable('gateway_orders').execute();
  await db.schema.alterTable('payments').dropColumn('refunded').execute();
}
