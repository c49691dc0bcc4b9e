import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { CheckInAnswer } from '../../../lib/schemas/natcon';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import type { Page } from '../../../lib/notifications';
import { ticketsValid, type OrderPaymentState } from '../../../lib/natcon';

/**
 * The door's rule (issue 28): only a ticket of a confirmed order gets in: paid, nothing due, or a
 * guest staff confirmed unpaid. Anything else is refused (409) with what the desk should tell the
 * delegate.
 */
function refuseUnlessValid(d: {
  name: string;
  order_number: string | null;
  state: 'confirmed' | 'waitlisted' | 'cancelled';
  payment_state: OrderPaymentState;
  hold_until: string | null;
  guest_confirmed_at: string | null;
  released_at: string | null;
}): void {
  if (d.state === 'cancelled') {
    throw conflict(
      d.released_at
        ? `Not admitted: order ${d.order_number} of ${d.name} was released because it was not paid in time.`
        : `Not admitted: the registration of ${d.name} (order ${d.order_number}) is cancelled.`,
    );
  }
  if (d.state === 'waitlisted') throw conflict(`Not admitted: ${d.name} is on the waiting list, without a seat.`);
  const valid = ticketsValid({
    state: d.state,
    paymentState: d.payment_state,
    holdUntil: d.hold_until,
    guestConfirmed: d.guest_confirmed_at !== null,
  });
  if (!valid) {
    throw conflict(
      `Not admitted: order ${d.order_number} of ${d.name} is not paid (${
        d.payment_state === 'reported' ? 'payment reported, not yet verified' : 'awaiting payment'
      }). Verify its payment, or confirm it unpaid with a note, first.`,
    );
  }
}

/**
 * Check-in at the venue by the ticket's code (its QR code holds the confirmation number). The first
 * scan records the time in one conditional update; any later scan, on any device, answers that
 * first time instead of a second check-in.
 */
export async function checkIn(db: DB, actor: AuthUser, code: string, now: Date): Promise<CheckInAnswer> {
  const at = nowIso(now);
  const delegate = await db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
    .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
    .select([
      'd.id',
      'd.confirmation_number',
      'd.name',
      'o.organisation',
      'c.name as category',
      'o.state',
      'o.payment_state',
      'o.order_number',
      'o.hold_until',
      'o.guest_confirmed_at',
      'o.released_at',
    ])
    .where('d.confirmation_number', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!delegate) throw notFound('No ticket has this code.');
  refuseUnlessValid(delegate);
  const first = await db
    .updateTable('natcon_delegates')
    .set({ checked_in_at: at, checked_in_by: actor.id })
    .where('id', '=', delegate.id)
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  const alreadyCheckedIn = Number(first.numUpdatedRows) === 0;
  const checkedInAt = alreadyCheckedIn
    ? (
        await db
          .selectFrom('natcon_delegates')
          .select('checked_in_at')
          .where('id', '=', delegate.id)
          .executeTakeFirstOrThrow()
      ).checked_in_at!
    : at;
  return {
    confirmationNumber: delegate.confirmation_number ?? '',
    name: delegate.name,
    organisation: delegate.organisation,
    category: delegate.category,
    paymentState: delegate.payment_state,
    alreadyCheckedIn,
    checkedInAt,
  };
}

export function checkInsQuery(db: DB, editionId: number | undefined) {
  return db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
    .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
    .leftJoin('users as u', 'u.id', 'd.checked_in_by')
    .where('d.checked_in_at', 'is not', null)
    .$if(editionId !== undefined, (qb) => qb.where('o.edition_id', '=', editionId!));
}

export async function listCheckIns(
  db: DB,
  editionId: number | undefined,
  paging: { page: number; pageSize: number },
): Promise<
  Page<{
    confirmationNumber: string;
    name: string;
    organisation: string | null;
    category: string;
    checkedInAt: string;
    checkedInBy: string | null;
  }>
> {
  const base = checkInsQuery(db, editionId);
  const [rows, total] = await Promise.all([
    base
      .select([
        'd.confirmation_number',
        'd.name',
        'o.organisation',
        'c.name as category',
        'd.checked_in_at',
        'u.name as by',
      ])
      .orderBy('d.checked_in_at', 'desc')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      confirmationNumber: r.confirmation_number ?? '',
      name: r.name,
      organisation: r.organisation,
      category: r.category,
      checkedInAt: r.checked_in_at!,
      checkedInBy: r.by,
    })),
    page: paging.page,
    pageSize: paging.pageSize,
    total: Number(total.count),
  };
}
