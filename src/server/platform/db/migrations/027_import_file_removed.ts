import type { Kysely } from 'kysely';

/**
 * When the retention job removed an import's uploaded spreadsheet (issue 26): the file holds every
 * person of the old register, so it goes once the import can no longer be undone (or was abandoned).
 * Set by one conditional update, so servers running the job together remove it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('file_removed_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('file_removed_at').execute();
}
