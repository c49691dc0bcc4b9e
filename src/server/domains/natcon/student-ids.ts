import type { DB } from '../../platform/db';
import { notFound, invalid } from '../errors';

/**
 * A delegate at a student's rate shows a student ID: the registrant uploads it to their order (by
 * its status token); the desk sees whether it is there and opens it.
 */
export async function studentDelegate(db: DB, orderId: number, confirmationNumber: string) {
  const delegate = await db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
    .select(['d.id', 'c.student_rate', 'd.student_id_key'])
    .where('d.order_id', '=', orderId)
    .where('d.confirmation_number', '=', confirmationNumber.trim().toUpperCase())
    .executeTakeFirst();
  if (!delegate) throw invalid({ confirmationNumber: 'No delegate of this order has this number.' });
  if (delegate.student_rate !== 1) {
    throw invalid({ confirmationNumber: 'This delegate is not at a student’s rate.' });
  }
  return delegate;
}

/** Keeps the new ID's key and answers the key it replaces (for the store to forget). */
export async function setStudentId(db: DB, delegateId: number, key: string, type: string): Promise<string | null> {
  const before = await db
    .selectFrom('natcon_delegates')
    .select('student_id_key')
    .where('id', '=', delegateId)
    .executeTakeFirst();
  await db
    .updateTable('natcon_delegates')
    .set({ student_id_key: key, student_id_type: type })
    .where('id', '=', delegateId)
    .execute();
  return before?.student_id_key ?? null;
}

export async function studentIdFile(db: DB, delegateId: number) {
  const row = await db
    .selectFrom('natcon_delegates')
    .select(['student_id_key', 'student_id_type', 'confirmation_number'])
    .where('id', '=', delegateId)
    .executeTakeFirst();
  if (!row?.student_id_key) throw notFound('No student ID was uploaded for this delegate.');
  return {
    key: row.student_id_key,
    type: row.student_id_type ?? 'application/octet-stream',
    name: `student-id-${row.confirmation_number}`,
  };
}
