import { sql, type Kysely } from 'kysely';
import { paymentReferenceKey, type PaymentMode } from '../../../../lib/schemas/money';

/**
 * Issue 28, item 2: a UTR names one transfer whatever mode the payer picked, so a reference counts
 * once across UPI and bank transfers. `reference_key` holds it normalised (upper-cased, separators
 * removed) and a partial unique index over payments not rejected enforces it on both databases, so
 * two payers reporting the same transfer at the same moment cannot both succeed.
 *
 * Payments already recorded are not changed: where two that are not rejected share a key, the
 * earliest keeps it, the later ones are left without a key (so the index can be built) and are
 * reported, on the console and in the activity log (`payment.duplicate_reference`), for staff to
 * look into.
 */
type Row = { id: number; mode: PaymentMode; reference: string; state: string };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column reference_key varchar(40)`.execute(db);
  const rows = (
    await sql<Row>`select id, mode, reference, state from payments
      where mode in ('upi', 'bank_transfer') and reference is not null order by id`.execute(db)
  ).rows;
  const holder = new Map<string, number>();
  const duplicates = new Map<string, number[]>();
  for (const row of rows) {
    const key = paymentReferenceKey(row.mode, row.reference);
    if (!key) continue;
    if (row.state !== 'rejected') {
      const first = holder.get(key);
      if (first !== undefined) {
        duplicates.set(key, [...(duplicates.get(key) ?? [first]), row.id]);
        continue;
      }
      holder.set(key, row.id);
    }
    await sql`update payments set reference_key = ${key} where id = ${row.id}`.execute(db);
  }
  await sql`create unique index payments_reference_key_idx on payments (reference_key)
    where reference_key is not null and state <> 'rejected'`.execute(db);
  const at = new Date().toISOString();
  for (const [key, paymentIds] of duplicates) {
    console.warn(`[migrations] payments ${paymentIds.join(', ')} report the same transfer ${key}: look into them.`);
    await sql`insert into audit_log (at, actor_user_id, action, entity, entity_id, ip, detail)
      values (${at}, null, 'payment.duplicate_reference', 'payment', ${String(paymentIds[0])}, null,
        ${JSON.stringify({ reference: key, paymentIds })})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payments_reference_key_idx`.execute(db);
  await sql`alter table payments drop column reference_key`.execute(db);
}
