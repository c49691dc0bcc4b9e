import type { Kysely } from 'kysely';

/**
 * The event lists ask `max(updated_at)` of events on every request to tell whether what they kept is
 * current (`eventsVersion`): an index answers it without reading the table.
 *
 * A delegate's ticket PDF is rendered once and kept in storage (`ticket_key`), with a hash of what
 * it shows (`ticket_hash`): a ticket whose data has changed since (a moved delegate, an edited
 * edition, a verified payment) no longer matches and is rendered again on its next use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('natcon_delegates').addColumn('ticket_key', 'varchar(32)').execute();
  await db.schema.alterTable('natcon_delegates').addColumn('ticket_hash', 'varchar(64)').execute();
  await db.schema.createIndex('events_updated_idx').on('events').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_updated_idx').execute();
  await db.schema.alterTable('natcon_delegates').dropColumn('ticket_hash').execute();
  await db.schema.alterTable('natcon_delegates').dropColumn('ticket_key').execute();
}
