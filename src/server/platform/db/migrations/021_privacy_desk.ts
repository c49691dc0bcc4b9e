import type { Kysely } from 'kysely';

/**
 * The privacy desk's breaches (issue 26, DPDP Rules, rule 7): what the detailed report to the Data
 * Protection Board needs beyond the record of migration 019 — where it happened, the facts and
 * reasons behind it, what was found about who caused it, what prevents it happening again — the
 * choice of people affected as staff made it, and when the report was sent to the Board.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('breaches').addColumn('location', 'text').execute();
  await db.schema.alterTable('breaches').addColumn('cause', 'text').execute();
  await db.schema.alterTable('breaches').addColumn('findings', 'text').execute();
  await db.schema.alterTable('breaches').addColumn('prevention', 'text').execute();
  /** JSON: `{ kind: 'members', memberIds } | { kind: 'chapter', chapterId } | { kind: 'import', importId } | { kind: 'all' }`. */
  await db.schema.alterTable('breaches').addColumn('scope', 'text').execute();
  await db.schema.alterTable('breaches').addColumn('board_reported_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['board_reported_at', 'scope', 'prevention', 'findings', 'cause', 'location'])
    await db.schema.alterTable('breaches').dropColumn(column).execute();
}
