import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { CheckInAnswer } from '../../../lib/schemas/natcon';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import type { Page } from '../../../lib/notifications';

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
    ])
    .where('d.confirmation_number', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!delegate) throw notFound('No ticket has this code.');
  if (delegate.state !== 'confirmed') {
    throw conflict(
      delegate.state === 'cancelled'
        ? `The registration of ${delegate.name} is cancelled.`
        : `${delegate.name} is on the waiting list, without a seat.`,
    );
  }
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
