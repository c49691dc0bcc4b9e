import type { Kysely } from 'kysely';

/**
 * A guardian who does not answer (DPDP Act 2023, section 9): the daily `guardian-waiting` job
 * reminds them once after 7 days (`reminded_at`) and closes the application after 30 (`closed_at`).
 * Both are claimed by a conditional update on these columns, so several servers act once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('guardian_consents').addColumn('reminded_at', 'varchar(30)').execute();
  await db.schema.alterTable('guardian_consents').addColumn('closed_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('guardian_consents').dropColumn('closed_at').execute();
  await db.schema.alterTable('guardian_consents').dropColumn('reminded_at').execute();
}
