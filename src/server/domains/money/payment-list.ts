import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { containsText, inBatches } from '../../platform/db/export-rows';
import type { Paged } from '../../../lib/envelope';
import { ROLE } from '../../../lib/roles';
import type { PaymentFilters, PaymentItem, PaymentSortField } from '../../../lib/schemas/money';
import { subjectLabelsOf } from './coupon-admin';
import { toPaymentRecord } from './payments';

/**
 * The staff's payments list: roles 2 and 5 see every payment, a chapter admin its chapter's (the
 * chapter recorded with the payment); filtered, ordered, paged, and exported as CSV.
 */

const SORT_COLUMN: Record<PaymentSortField, 'reported_at' | 'amount' | 'paid_on'> = {
  reportedAt: 'reported_at',
  amount: 'amount',
  paidOn: 'paid_on',
};

function paymentRows(db: DB, caller: AuthUser, filters: PaymentFilters) {
  let query = db.selectFrom('payments');
  if (caller.roleId === ROLE.chapterAdmin) query = query.where('chapter_id', '=', caller.chapterId ?? -1);
  if (filters.state) query = query.where('state', '=', filters.state);
  if (filters.purpose) query = query.where('purpose', '=', filters.purpose);
  if (filters.mode) query = query.where('mode', '=', filters.mode);
  if (filters.chapterId) query = query.where('chapter_id', '=', filters.chapterId);
  if (filters.from) query = query.where('paid_on', '>=', filters.from);
  if (filters.to) query = query.where('paid_on', '<=', filters.to);
  if (filters.q) {
    const q = filters.q;
    query = query.where(({ or, ref }) =>
      or([
        containsText(ref('payer_name'), q),
        containsText(ref('payer_email'), q),
        containsText(ref('reference'), q),
        containsText(ref('receipt_number'), q),
      ]),
    );
  }
  return query;
}

async function paymentItems(
  db: DB,
  caller: AuthUser,
  filters: PaymentFilters,
  limit: number,
  offset: number,
): Promise<PaymentItem[]> {
  const rows = await paymentRows(db, caller, filters)
    .selectAll()
    .orderBy(SORT_COLUMN[filters.sort.field], filters.sort.direction)
    .orderBy('id', filters.sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  const label = await subjectLabelsOf(
    db,
    rows.map((r) => ({ purpose: r.purpose, subjectId: r.subject_id })),
  );
  return rows.map((row) => ({ ...toPaymentRecord(row), subjectLabel: label(row.purpose, row.subject_id) }));
}

export async function listPayments(
  db: DB,
  caller: AuthUser,
  options: PaymentFilters & { page: number; pageSize: number },
): Promise<Paged<PaymentItem>> {
  const [items, total] = await Promise.all([
    paymentItems(db, caller, options, options.pageSize, (options.page - 1) * options.pageSize),
    paymentRows(db, caller, options)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, page: options.page, pageSize: options.pageSize, total: Number(total.count) };
}

export function exportPayments(db: DB, caller: AuthUser, filters: PaymentFilters): AsyncGenerator<PaymentItem> {
  return inBatches(({ offset, size }) => paymentItems(db, caller, filters, size, offset));
}
