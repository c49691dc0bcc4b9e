import type { DB } from '../../platform/db';
import { inBatches } from '../../platform/db/export-rows';
import type { Totals } from '../../../lib/schemas/natcon';
import type { AuthUser } from '../identity/auth-user';
import { scopedOrders, type OrderFilters } from './desk';
import { NATCON_PURPOSE } from './registration';

/** What the desk counts and exports: totals by category and money, and the delegates' CSV rows. */

/** Seats, delegates and check-ins by category, and the money verified and reported (in the caller's scope). */
export async function totals(db: DB, viewer: AuthUser, editionId: number): Promise<Totals> {
  const scoped = scopedOrders(db, viewer, { editionId }).select('o.id');
  const [categories, byCategory, orders, money] = await Promise.all([
    db
      .selectFrom('natcon_categories')
      .selectAll()
      .where('edition_id', '=', editionId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('natcon_delegates as d')
      .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
      .select((eb) => [
        'd.category_id',
        'o.state',
        eb.fn.countAll<number>().as('delegates'),
        eb.fn.count<number>('d.checked_in_at').as('checked_in'),
        eb.fn.sum<number>('d.price').as('value'),
      ])
      .where('o.id', 'in', scoped)
      .groupBy(['d.category_id', 'o.state'])
      .execute(),
    db
      .selectFrom('natcon_orders as o')
      .select((eb) => ['o.state', eb.fn.countAll<number>().as('count')])
      .where('o.id', 'in', scoped)
      .groupBy('o.state')
      .execute(),
    db
      .selectFrom('payments')
      .select((eb) => ['state', eb.fn.sum<number>('amount').as('amount')])
      .where('purpose', '=', NATCON_PURPOSE)
      .where('subject_id', 'in', scoped)
      .groupBy('state')
      .execute(),
  ]);
  const cell = (categoryId: number, state: string) =>
    byCategory.find((r) => r.category_id === categoryId && r.state === state);
  const orderCount = (state: string) => Number(orders.find((o) => o.state === state)?.count ?? 0);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      seats: c.seats,
      seatsTaken: c.seats_taken,
      confirmedDelegates: Number(cell(c.id, 'confirmed')?.delegates ?? 0),
      waitlistedDelegates: Number(cell(c.id, 'waitlisted')?.delegates ?? 0),
      checkedIn: Number(cell(c.id, 'confirmed')?.checked_in ?? 0),
      amountDue: Number(cell(c.id, 'confirmed')?.value ?? 0),
    })),
    orders: {
      confirmed: orderCount('confirmed'),
      waitlisted: orderCount('waitlisted'),
      cancelled: orderCount('cancelled'),
    },
    moneyCollected: Number(money.find((m) => m.state === 'verified')?.amount ?? 0),
    moneyReported: Number(money.find((m) => m.state === 'reported')?.amount ?? 0),
  };
}

export const DELEGATE_CSV_HEADER = [
  'Order',
  'Confirmation',
  'Name',
  'E-mail',
  'Phone',
  'Designation',
  'Organisation',
  'Category',
  'Member number',
  'Chapter',
  'Price (Rs)',
  'State',
  'Payment',
  'Checked in at',
];

const scopedOrderIds = (db: DB, viewer: AuthUser, filters: Omit<OrderFilters, 'sort'>) =>
  scopedOrders(db, viewer, filters).select('o.id');

/** One batch of the delegates' export: those of `orders` after delegate `afterId`, in id order. */
function delegateBatch(db: DB, orders: ReturnType<typeof scopedOrderIds>, afterId: number | undefined, size: number) {
  return db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
    .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
    .leftJoin('members as m', 'm.id', 'd.member_id')
    .leftJoin('chapters as ch', 'ch.id', 'd.chapter_id')
    .select([
      'd.id',
      'o.order_number',
      'd.confirmation_number',
      'd.name',
      'd.email',
      'd.phone',
      'd.designation',
      'o.organisation',
      'c.name as category',
      'm.member_number',
      'ch.name as chapter',
      'd.price',
      'o.state',
      'o.payment_state',
      'd.checked_in_at',
    ])
    .where('o.id', 'in', orders)
    .$if(afterId !== undefined, (qb) => qb.where('d.id', '>', afterId!))
    .orderBy('d.id')
    .limit(size)
    .execute();
}

type DelegateRow = Awaited<ReturnType<typeof delegateBatch>>[number];

/** Every delegate of the filtered orders in the caller's scope, read batch by batch for a streamed CSV. */
export async function* delegateExportRows(db: DB, viewer: AuthUser, filters: Omit<OrderFilters, 'sort'>) {
  const orders = scopedOrderIds(db, viewer, filters);
  const rows = inBatches<DelegateRow>(({ last, size }) => delegateBatch(db, orders, last?.id, size));
  for await (const r of rows) {
    yield [
      r.order_number,
      r.confirmation_number,
      r.name,
      r.email,
      r.phone,
      r.designation,
      r.organisation,
      r.category,
      r.member_number,
      r.chapter,
      (r.price / 100).toFixed(2),
      r.state,
      r.payment_state,
      r.checked_in_at,
    ];
  }
}
