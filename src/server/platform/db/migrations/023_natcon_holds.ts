import { sql, type Kysely } from 'kysely';

/**
 * NATCON orders confirmed by payment and cancellations with the waiting list (issues 28 and 24).
 *
 * An edition's order policy: how long an unpaid order holds its seats (`hold_hours`), how many
 * hours before the end of a hold the buyer is reminded, how long a seat offered from the waiting
 * list waits for its payment (`offer_hours`), and whether delegates may cancel themselves, until
 * which day, and what is kept (a fixed sum in paise or a percentage of what was paid).
 *
 * An order that holds seats unpaid keeps `state = 'confirmed'` (its seats are taken: the seat
 * counters and every report that counts seated delegates stay right) with `hold_until` set; the
 * payment's verification clears it. `remind_at` is worked out when the hold starts so the job can
 * find due reminders with one indexed comparison on both databases. `guest_*` records a staff
 * confirmation without payment (an invited guest). `released_at` marks an order cancelled by the
 * job because its hold passed unpaid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('natcon_editions')
    .addColumn('hold_hours', 'integer', (c) => c.notNull().defaultTo(72))
    .execute();
  await db.schema
    .alterTable('natcon_editions')
    .addColumn('reminder_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema
    .alterTable('natcon_editions')
    .addColumn('offer_hours', 'integer', (c) => c.notNull().defaultTo(48))
    .execute();
  await db.schema
    .alterTable('natcon_editions')
    .addColumn('self_cancel', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('natcon_editions').addColumn('self_cancel_until', 'varchar(10)').execute();
  await db.schema
    .alterTable('natcon_editions')
    .addColumn('cancel_keep_kind', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('percent')
        .check(sql`cancel_keep_kind in ('fixed', 'percent')`),
    )
    .execute();
  await db.schema
    .alterTable('natcon_editions')
    .addColumn('cancel_keep_value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  for (const column of ['hold_until', 'remind_at', 'hold_reminded_at', 'released_at', 'guest_confirmed_at']) {
    await db.schema.alterTable('natcon_orders').addColumn(column, 'varchar(30)').execute();
  }
  await db.schema
    .alterTable('natcon_orders')
    .addColumn('hold_kind', 'varchar(10)', (c) => c.check(sql`hold_kind in ('order', 'offer')`))
    .execute();
  await db.schema
    .alterTable('natcon_orders')
    .addColumn('guest_confirmed_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('natcon_orders').addColumn('guest_note', 'text').execute();
  await db.schema.createIndex('natcon_orders_hold_idx').on('natcon_orders').columns(['hold_until']).execute();
  await db.schema.createIndex('natcon_orders_remind_idx').on('natcon_orders').columns(['remind_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('natcon_orders_remind_idx').execute();
  await db.schema.dropIndex('natcon_orders_hold_idx').execute();
  for (const column of [
    'guest_note',
    'guest_confirmed_by',
    'hold_kind',
    'guest_confirmed_at',
    'released_at',
    'hold_reminded_at',
    'remind_at',
    'hold_until',
  ]) {
    await db.schema.alterTable('natcon_orders').dropColumn(column).execute();
  }
  for (const column of [
    'cancel_keep_value',
    'cancel_keep_kind',
    'self_cancel_until',
    'self_cancel',
    'offer_hours',
    'reminder_hours',
    'hold_hours',
  ]) {
    await db.schema.alterTable('natcon_editions').dropColumn(column).execute();
  }
}
