import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { containsText } from '../../platform/db/export-rows';
import type { Database } from '../../platform/db/schema';
import { ROLE } from '../../../lib/roles';
import type { OrderPaymentState, OrderState } from '../../../lib/natcon';
import type { AdminOrder, AdminOrderListItem, ORDER_SORTS } from '../../../lib/schemas/natcon';
import type { SortOrder } from '../../../lib/schemas/common';
import type { Page } from '../../../lib/notifications';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import { writeAudit } from '../audit/audit';
import { newStatusToken, readOrder, statusOfRow } from './orders';
import { NATCON_PURPOSE } from './registration';
import { lockEditionSeats, releaseSeats, seatCounts, takeSeats } from './seats';
import { seatsShortMessage } from '../../../lib/natcon';
import { holdTimes } from './policy';
import type { Offer } from './offers';

/**
 * The organisers' desk: registrations with filters, cancel, promote from the waiting list, move a
 * delegate, totals. Roles 2 and 5 act on every order; a chapter admin reads the orders with a
 * delegate who is a member of its chapter, and nothing else.
 */

export interface OrderFilters {
  editionId?: number;
  categoryId?: number;
  state?: OrderState;
  paymentState?: OrderPaymentState;
  chapterId?: number;
  organisation?: string;
  q?: string;
  sort: SortOrder<(typeof ORDER_SORTS)[number]>;
}

type OrdersQuery = SelectQueryBuilder<Database & { o: Database['natcon_orders'] }, 'o', object>;

/** The orders the caller may see that match the filters (a chapter admin: its chapter's members'). */
export function scopedOrders(db: DB, viewer: AuthUser, filters: Omit<OrderFilters, 'sort'>): OrdersQuery {
  const chapterId = viewer.roleId === ROLE.chapterAdmin ? (viewer.chapterId ?? -1) : filters.chapterId;
  let query = db.selectFrom('natcon_orders as o') as OrdersQuery;
  if (filters.editionId) query = query.where('o.edition_id', '=', filters.editionId);
  if (filters.state) query = query.where('o.state', '=', filters.state);
  if (filters.paymentState) query = query.where('o.payment_state', '=', filters.paymentState);
  if (filters.organisation) {
    query = query.where(containsText(sql.ref('o.organisation'), filters.organisation));
  }
  if (filters.q) {
    const text = filters.q;
    const matches = (column: string) => containsText(sql.ref(column), text);
    query = query.where((eb) =>
      eb.or([
        matches('o.order_number'),
        matches('o.contact_name'),
        matches('o.contact_email'),
        eb.exists(
          eb
            .selectFrom('natcon_delegates as qd')
            .select('qd.id')
            .whereRef('qd.order_id', '=', 'o.id')
            .where((inner) => inner.or([matches('qd.name'), matches('qd.email'), matches('qd.confirmation_number')])),
        ),
      ]),
    );
  }
  if (filters.categoryId) {
    const categoryId = filters.categoryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('natcon_delegates as cd')
          .select('cd.id')
          .whereRef('cd.order_id', '=', 'o.id')
          .where('cd.category_id', '=', categoryId),
      ),
    );
  }
  if (chapterId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('natcon_delegates as md')
          .select('md.id')
          .whereRef('md.order_id', '=', 'o.id')
          .where('md.chapter_id', '=', chapterId),
      ),
    );
  }
  return query;
}

export async function listOrders(
  db: DB,
  viewer: AuthUser,
  filters: OrderFilters,
  paging: { page: number; pageSize: number },
): Promise<Page<AdminOrderListItem>> {
  const base = scopedOrders(db, viewer, filters);
  const column = ({ createdAt: 'o.id', organisation: 'o.organisation', amountDue: 'o.amount_due' } as const)[
    filters.sort.field
  ];
  const direction = filters.sort.direction;
  const [rows, total] = await Promise.all([
    base
      .selectAll('o')
      .orderBy(column, direction)
      .orderBy('o.id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const names = ids.length
    ? await db
        .selectFrom('natcon_delegates as d')
        .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
        .select(['d.order_id', 'c.name'])
        .where('d.order_id', 'in', ids)
        .groupBy(['d.order_id', 'c.name'])
        .execute()
    : [];
  return {
    items: rows.map((r) => ({
      id: r.id,
      orderNumber: r.order_number ?? '',
      state: r.state,
      paymentState: r.payment_state,
      status: statusOfRow(r),
      contactName: r.contact_name,
      contactEmail: r.contact_email,
      organisation: r.organisation,
      categories: names
        .filter((n) => n.order_id === r.id)
        .map((n) => n.name)
        .sort()
        .join(', '),
      delegateCount: r.delegate_count,
      amountDue: r.amount_due,
      createdAt: r.created_at,
    })),
    page: paging.page,
    pageSize: paging.pageSize,
    total: Number(total.count),
  };
}

/** One order for the desk, with its payments; 404 outside the caller's scope. */
export async function orderForStaff(db: DB, viewer: AuthUser, id: number): Promise<AdminOrder> {
  const visible = await scopedOrders(db, viewer, {}).select('o.id').where('o.id', '=', id).executeTakeFirst();
  if (!visible) throw notFound('No such registration.');
  const order = (await readOrder(db, id))!;
  const extra = await db
    .selectFrom('natcon_orders')
    .select(['note', 'cancelled_at', 'guest_note'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'mode', 'reference', 'amount', 'paid_on', 'state', 'receipt_number'])
    .where('purpose', '=', NATCON_PURPOSE)
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    ...order,
    note: extra.note,
    guestNote: extra.guest_note,
    cancelledAt: extra.cancelled_at,
    payments: payments.map((p) => ({
      id: p.id,
      mode: p.mode,
      reference: p.reference ?? '',
      amount: p.amount,
      paidOn: p.paid_on,
      state: p.state,
      receiptNumber: p.receipt_number,
    })),
  };
}

async function delegateCounts(trx: DB, orderId: number) {
  const rows = await trx.selectFrom('natcon_delegates').select('category_id').where('order_id', '=', orderId).execute();
  return seatCounts(rows.map((r) => ({ categoryId: r.category_id })));
}

/**
 * Moves a waitlisted order onto seats by hand, taken atomically (409 naming the category when they
 * are not there). Like an offer from the waiting list it then holds them unpaid for the edition's
 * offer hours, and the buyer is sent a new link (the answer's offer, e-mailed by the route).
 */
export async function promoteOrder(db: DB, actor: AuthUser, id: number, now: Date): Promise<Offer> {
  return db.transaction().execute(async (trx) => {
    const { token, hash } = newStatusToken();
    const order = await trx
      .selectFrom('natcon_orders as o')
      .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
      .select([
        'o.edition_id',
        'o.amount_due',
        'o.contact_name',
        'o.contact_email',
        'e.title',
        'e.offer_hours',
        'e.reminder_hours',
      ])
      .where('o.id', '=', id)
      .executeTakeFirst();
    if (!order) throw notFound('No such registration.');
    // Seats before the order's row, as cancellations take them: never a lock cycle between the two.
    await lockEditionSeats(trx, order.edition_id);
    const hold =
      order.amount_due > 0
        ? {
            ...holdTimes(now, order.offer_hours, Math.min(order.reminder_hours, order.offer_hours - 1)),
            hold_kind: 'offer' as const,
          }
        : {};
    const claimed = await trx
      .updateTable('natcon_orders')
      .set({ ...hold, state: 'confirmed', status_token_hash: hash, updated_at: nowIso(now) })
      .where('id', '=', id)
      .where('state', '=', 'waitlisted')
      .returning(['order_number', 'hold_until'])
      .executeTakeFirst();
    if (!claimed) {
      // The order was read above, inside this transaction, so it is still there: only its state moved on.
      const current = await trx
        .selectFrom('natcon_orders')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      throw conflict(`Only an order on the waiting list can be promoted; this one is ${current.state}.`);
    }
    const seats = await takeSeats(trx, await delegateCounts(trx, id));
    if (!seats.ok) throw conflict(seatsShortMessage(seats.name, seats.seatsLeft, 'it stays on the waiting list'));
    await writeAudit(trx, {
      action: 'natcon.order_promoted',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_order',
      entityId: id,
      detail: { orderNumber: claimed.order_number, holdUntil: claimed.hold_until },
    });
    return {
      orderId: id,
      orderNumber: claimed.order_number ?? '',
      statusToken: token,
      holdUntil: claimed.hold_until ?? '',
      contact: { name: order.contact_name, email: order.contact_email },
      edition: order.title,
    };
  });
}

/**
 * Moves a delegate to another category of the same edition. For a confirmed order a seat is taken
 * in the new category (atomically, 409 when it is full) and given back in the old one. The price
 * quoted stays: a quote, once given, never changes.
 */
export async function moveDelegate(db: DB, actor: AuthUser, delegateId: number, categoryId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    const delegate = await trx
      .selectFrom('natcon_delegates as d')
      .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
      .select(['d.id', 'd.category_id', 'd.order_id', 'o.state', 'o.edition_id'])
      .where('d.id', '=', delegateId)
      .executeTakeFirst();
    if (!delegate) throw notFound('No such delegate.');
    const target = await trx
      .selectFrom('natcon_categories')
      .select(['id', 'name'])
      .where('id', '=', categoryId)
      .where('edition_id', '=', delegate.edition_id)
      .executeTakeFirst();
    if (!target) throw notFound('No such category in this edition.');
    if (target.id === delegate.category_id) return;
    await lockEditionSeats(trx, delegate.edition_id);
    if (delegate.state === 'cancelled') throw conflict('The order is cancelled.');
    if (delegate.state === 'confirmed') {
      const seats = await takeSeats(trx, [[target.id, 1]]);
      if (!seats.ok) throw conflict(`${target.name} is full.`);
      await releaseSeats(trx, [[delegate.category_id, 1]]);
    }
    await trx.updateTable('natcon_delegates').set({ category_id: target.id }).where('id', '=', delegateId).execute();
    await writeAudit(trx, {
      action: 'natcon.delegate_moved',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_delegate',
      entityId: delegateId,
      detail: { from: delegate.category_id, to: target.id },
    });
  });
}
