import { sql, type Kysely } from 'kysely';

/**
 * Membership classes are stored as their codes (`associate`, …) like the API and URLs carry them,
 * and a member's paid years are one number: the start year of the last financial year paid
 * (2026 = 2026-27 paid). Status is derived from it and today's date, so it never goes stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update members set membership_class = lower(membership_class)`.execute(db);
  await db.schema.alterTable('members').addColumn('paid_through_year', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('paid_through_year').execute();
}
