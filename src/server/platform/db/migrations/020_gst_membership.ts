import type { Kysely } from 'kysely';

/**
 * Issue 25: membership payments get tax invoices too. An applicant or a renewing member may name
 * a registered buyer that pays (an employer or the member's organisation): its GSTIN, legal name
 * and the address it is registered at. Applications already hold a GSTIN (institutional members);
 * they gain the name and address, renewals all three. All optional: without them the member is the
 * (unregistered) buyer, at the address on record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('buyer_name', 'varchar(200)').execute();
  await db.schema.alterTable('applications').addColumn('buyer_address', 'varchar(500)').execute();
  await db.schema.alterTable('member_renewals').addColumn('buyer_gstin', 'varchar(15)').execute();
  await db.schema.alterTable('member_renewals').addColumn('buyer_name', 'varchar(200)').execute();
  await db.schema.alterTable('member_renewals').addColumn('buyer_address', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_renewals').dropColumn('buyer_address').execute();
  await db.schema.alterTable('member_renewals').dropColumn('buyer_name').execute();
  await db.schema.alterTable('member_renewals').dropColumn('buyer_gstin').execute();
  await db.schema.alterTable('applications').dropColumn('buyer_address').execute();
  await db.schema.alterTable('applications').dropColumn('buyer_name').execute();
}
