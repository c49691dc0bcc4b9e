import type { Paged } from '../../../../lib/envelope';
import type { RefundQueueFilters, RefundQueueItem } from '../../../../lib/schemas/refunds';
import type { DB } from '../../../platform/db';
import { containsText, inBatches } from '../../../platform/db/export-rows';
import type { AuthUser } from '../../identity/auth-user';
import { forbidden } from '../../errors';
import { subjectLabelsOf } from '../coupon-admin';
import { mayDecidePayments } from '../payments';

/**
 * The refunds queue for roles 2 and 5: every refund with its payment and payer, the ones still to
 * make first (oldest first, so none waits forgotten), then the rest newest first; paged and
 * exported as CSV.
 */

function queueRows(db: DB, filters: RefundQueueFilters) {
  let query = db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('gateway_orders as g', 'g.payment_id', 'p.id');
  if (filters.state) query = query.where('r.state', '=', filters.state);
  if (filters.q) {
    const q = filters.q;
    query = query.where(({ or, ref }) =>
      or([
        containsText(ref('p.payer_name'), q),
        containsText(ref('p.payer_email'), q),
        containsText(ref('p.receipt_number'), q),
      ]),
    );
  }
  return query;
}

async function queueItems(db: DB, filters: RefundQueueFilters, limit: number, offset: number) {
  const rows = await queueRows(db, filters)
    .select([
      'r.id',
      'r.payment_id',
      'r.amount',
      'r.reason',
      'r.state',
      'r.mode',
      'r.reference',
      'r.refunded_on',
      'r.created_at',
      'p.purpose',
      'p.subject_id',
      'p.payer_name',
      'p.payer_email',
      'p.receipt_number',
      'p.amount as paid_amount',
      'g.gateway_payment_id',
      'g.status as order_status',
    ])
    .orderBy((eb) => eb.case().when('r.state', '=', 'due').then(0).else(1).end())
    .orderBy((eb) =>
      eb
        .case()
        .when('r.state', '=', 'due')
        .then(eb.ref('r.id'))
        .else(eb.neg(eb.ref('r.id')))
        .end(),
    )
    .limit(limit)
    .offset(offset)
    .execute();
  const label = await subjectLabelsOf(
    db,
    rows.map((r) => ({ purpose: r.purpose, subjectId: r.subject_id })),
  );
  return rows.map((row): RefundQueueItem => ({
    id: row.id,
    paymentId: row.payment_id,
    purpose: row.purpose,
    subjectId: row.subject_id,
    subjectLabel: label(row.purpose, row.subject_id),
    payerName: row.payer_name,
    payerEmail: row.payer_email,
    receiptNumber: row.receipt_number,
    paidAmount: row.paid_amount,
    online: Boolean(row.gateway_payment_id && row.order_status === 'paid'),
    amount: row.amount,
    reason: row.reason,
    state: row.state,
    mode: row.mode,
    reference: row.reference,
    refundedOn: row.refunded_on,
    createdAt: row.created_at,
  }));
}

export async function listRefunds(
  db: DB,
  caller: AuthUser,
  options: RefundQueueFilters & { page: number; pageSize: number },
): Promise<Paged<RefundQueueItem>> {
  if (!mayDecidePayments(caller)) throw forbidden();
  const [items, total] = await Promise.all([
    queueItems(db, options, options.pageSize, (options.page - 1) * options.pageSize),
    queueRows(db, options)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, page: options.page, pageSize: options.pageSize, total: Number(total.count) };
}

export function exportRefunds(db: DB, caller: AuthUser, filters: RefundQueueFilters): AsyncGenerator<RefundQueueItem> {
  if (!mayDecidePayments(caller)) throw forbidden();
  return inBatches(({ offset, size }) => queueItems(db, filters, size, offset));
}
