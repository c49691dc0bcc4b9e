import { sql } from 'kysely';
import type { DB } from '../../platform/db';

/**
 * Seats are a counter per category, changed only by conditional updates: one statement takes `n`
 * seats when `seats_taken + n <= seats` still holds, so concurrent registrations (on one server or
 * several, SQLite or PostgreSQL) can never take more seats than exist. The database also refuses
 * it by a check constraint.
 */

export type SeatTaking = { ok: true } | { ok: false; categoryId: number; name: string; seatsLeft: number };

/** How many delegates of each category, in category order (a fixed lock order: no deadlocks). */
export function seatCounts(delegates: { categoryId: number }[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const d of delegates) counts.set(d.categoryId, (counts.get(d.categoryId) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * Takes the seats of every category or none: when one category cannot take its share, the seats
 * already taken in this call are given back in the same transaction (whose row locks keep others
 * waiting meanwhile), and the caller learns which category was short.
 */
export async function takeSeats(trx: DB, counts: [number, number][]): Promise<SeatTaking> {
  const taken: [number, number][] = [];
  for (const [categoryId, n] of counts) {
    const row = await trx
      .updateTable('natcon_categories')
      .set({ seats_taken: sql`seats_taken + ${n}` })
      .where('id', '=', categoryId)
      .where(sql<boolean>`seats_taken + ${n} <= seats`)
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      await releaseSeats(trx, taken);
      const category = await trx
        .selectFrom('natcon_categories')
        .select(['name', 'seats', 'seats_taken'])
        .where('id', '=', categoryId)
        .executeTakeFirstOrThrow();
      return {
        ok: false,
        categoryId,
        name: category.name,
        seatsLeft: Math.max(0, category.seats - category.seats_taken),
      };
    }
    taken.push([categoryId, n]);
  }
  return { ok: true };
}

export async function releaseSeats(trx: DB, counts: [number, number][]): Promise<void> {
  for (const [categoryId, n] of counts) {
    await trx
      .updateTable('natcon_categories')
      .set({ seats_taken: sql`seats_taken - ${n}` })
      .where('id', '=', categoryId)
      .where('seats_taken', '>=', n)
      .execute();
  }
}

/**
 * Locks every category of an edition, in id order, before a change that gives seats back and
 * offers them on (a cancellation, a released hold). Registrations lock the categories they take in
 * the same order, and the waiting list is only touched while all of them are held, so two such
 * changes, or one and a registration, wait for each other instead of deadlocking on PostgreSQL
 * (SQLite runs one writer at a time anyway).
 */
export async function lockEditionSeats(trx: DB, editionId: number): Promise<void> {
  const categories = await trx
    .selectFrom('natcon_categories')
    .select('id')
    .where('edition_id', '=', editionId)
    .orderBy('id')
    .execute();
  for (const { id } of categories) {
    await trx
      .updateTable('natcon_categories')
      .set({ seats_taken: sql`seats_taken` })
      .where('id', '=', id)
      .execute();
  }
}
