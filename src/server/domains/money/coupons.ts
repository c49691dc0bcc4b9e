import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Coupon, CouponKind } from '../../platform/db/schema';
import { invalid } from '../errors';
import { isUniqueViolation } from '../../platform/db/errors';

/**
 * Coupons take money off a membership fee or a NATCON order. A use is taken in ONE conditional
 * UPDATE (active, in its window, of the right scope, `uses < max_uses`), so under any concurrency a
 * coupon is never used more than its limit; a rejected or withdrawn subject gives the use back once.
 */

export type CouponUseScope = 'membership' | 'natcon';

export interface CouponQuery {
  code: string;
  scope: CouponUseScope;
  /** The amount the coupon applies to, paise. */
  amount: number;
  /** The day it is used, `YYYY-MM-DD` in Asia/Kolkata. */
  on: string;
}

export interface CouponPreview {
  couponId: number;
  code: string;
  discount: number;
}

export interface RedeemInput extends CouponQuery {
  purpose: string;
  subjectId: number;
}

/** Codes are case-insensitive: stored and compared upper-cased, surrounding spaces ignored. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What the coupon takes off `amount`: a percentage rounded down to the paisa, or the flat sum; never more than the amount. */
export function couponDiscount(coupon: { kind: CouponKind; value: number }, amount: number): number {
  const discount = coupon.kind === 'percent' ? Math.floor((amount * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(discount, amount));
}

/** Why a coupon cannot be used now, or undefined when it can. */
export function couponRefusal(
  coupon: Coupon | undefined,
  query: Pick<CouponQuery, 'scope' | 'on'>,
): string | undefined {
  if (!coupon) return 'No coupon has this code.';
  if (!coupon.active) return 'This coupon is no longer active.';
  if (query.on < coupon.valid_from) return `This coupon can be used from ${coupon.valid_from}.`;
  if (query.on > coupon.valid_to) return `This coupon expired on ${coupon.valid_to}.`;
  if (coupon.scope !== 'both' && coupon.scope !== query.scope) {
    return coupon.scope === 'natcon' ? 'This coupon is for NATCON only.' : 'This coupon is for membership only.';
  }
  if (coupon.uses >= coupon.max_uses) return 'This coupon has been used up.';
  return undefined;
}

export async function findCouponByCode(db: DB, code: string): Promise<Coupon | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', normalizeCouponCode(code)).executeTakeFirst();
}

/** What a coupon would take off, without using it; a 400 with `fields.coupon` when it cannot be used. */
export async function previewCoupon(db: DB, query: CouponQuery): Promise<CouponPreview> {
  const coupon = await findCouponByCode(db, query.code);
  const refusal = couponRefusal(coupon, query);
  if (refusal || !coupon) throw invalid({ coupon: refusal ?? 'No coupon has this code.' });
  return { couponId: coupon.id, code: coupon.code, discount: couponDiscount(coupon, query.amount) };
}

/**
 * Takes one use of the coupon for a subject and records the redemption; call it inside the
 * transaction that creates the subject, so both stand or fall together. A 400 with `fields.coupon`
 * when the coupon cannot be used (including when the last use went to someone else a moment ago). Its
 * answer names the coupon by its stored code, however the buyer typed it.
 */
export async function redeemCoupon(
  trx: DB,
  input: RedeemInput,
  now: Date = new Date(),
): Promise<{ couponId: number; code: string; discount: number }> {
  const code = normalizeCouponCode(input.code);
  const at = nowIso(now);
  const taken = await trx
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1), updated_at: at }))
    .where('code', '=', code)
    .where('active', '=', 1)
    .where('valid_from', '<=', input.on)
    .where('valid_to', '>=', input.on)
    .where('scope', 'in', [input.scope, 'both'])
    .where(sql<boolean>`uses < max_uses`)
    .returning(['id', 'kind', 'value'])
    .executeTakeFirst();
  if (!taken) {
    const refusal = couponRefusal(await findCouponByCode(trx, code), input);
    throw invalid({ coupon: refusal ?? 'This coupon has been used up.' });
  }
  const discount = couponDiscount(taken, input.amount);
  try {
    await trx
      .insertInto('coupon_redemptions')
      .values({
        coupon_id: taken.id,
        purpose: input.purpose,
        subject_id: input.subjectId,
        discount,
        redeemed_at: at,
        released_at: null,
      })
      .execute();
  } catch (error) {
    // The live-redemption index: this subject already holds a coupon. The caller's transaction
    // rolls back with this error, taking the use just counted with it.
    if (isUniqueViolation(error)) throw invalid({ coupon: 'A coupon is already applied here.' });
    throw error;
  }
  return { couponId: taken.id, code, discount };
}

/**
 * Gives back the use a subject took (application rejected or withdrawn, order cancelled). Safe to
 * call more than once or concurrently: only the call that marks the redemption released gives the
 * use back. `released` is false when there was nothing (left) to give back.
 */
export async function releaseCoupon(
  trx: DB,
  input: { purpose: string; subjectId: number },
  now: Date = new Date(),
): Promise<{ released: boolean }> {
  const at = nowIso(now);
  const released = await trx
    .updateTable('coupon_redemptions')
    .set({ released_at: at })
    .where('purpose', '=', input.purpose)
    .where('subject_id', '=', input.subjectId)
    .where('released_at', 'is', null)
    .returning('coupon_id')
    .execute();
  for (const row of released) {
    await trx
      .updateTable('coupons')
      .set((eb) => ({ uses: eb('uses', '-', 1), updated_at: at }))
      .where('id', '=', row.coupon_id)
      .where('uses', '>', 0)
      .execute();
  }
  return { released: released.length > 0 };
}
