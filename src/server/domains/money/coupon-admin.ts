import { sql, type ExpressionBuilder } from 'kysely';
import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Coupon, Database } from '../../platform/db/schema';
import { containsText, inBatches } from '../../platform/db/export-rows';
import { conflict, notFound, invalid } from '../errors';
import type { FieldErrors, Paged } from '../../../lib/envelope';
import type {
  CouponFilters,
  CouponInput,
  CouponItem,
  CouponPatch,
  CouponRedemptionItem,
  CouponSortField,
  CouponStatus,
} from '../../../lib/schemas/money';
import { writeAudit } from '../audit/audit';
import { normalizeCouponCode } from './coupons';
import { handlerFor } from './purposes';
import { isUniqueViolation } from '../../platform/db/errors';

/** The super admin's coupon screen: list with filters and CSV, create, edit, deactivate, redemptions. */

export function couponStatus(coupon: Coupon, today: string): CouponStatus {
  if (!coupon.active) return 'inactive';
  if (today > coupon.valid_to) return 'expired';
  if (today < coupon.valid_from) return 'upcoming';
  if (coupon.uses >= coupon.max_uses) return 'used_up';
  return 'usable';
}

export function toCouponItem(coupon: Coupon, today: string): CouponItem {
  return {
    id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    scope: coupon.scope,
    validFrom: coupon.valid_from,
    validTo: coupon.valid_to,
    maxUses: coupon.max_uses,
    uses: coupon.uses,
    active: Boolean(coupon.active),
    createdAt: coupon.created_at,
    updatedAt: coupon.updated_at,
    status: couponStatus(coupon, today),
  };
}

function statusCondition(eb: ExpressionBuilder<Database, 'coupons'>, status: CouponStatus, today: string) {
  const active = eb('active', '=', 1);
  const inWindow = eb.and([eb('valid_from', '<=', today), eb('valid_to', '>=', today)]);
  switch (status) {
    case 'inactive':
      return eb('active', '=', 0);
    case 'expired':
      return eb.and([active, eb('valid_to', '<', today)]);
    case 'upcoming':
      return eb.and([active, eb('valid_from', '>', today)]);
    case 'used_up':
      return eb.and([active, inWindow, sql<boolean>`uses >= max_uses`]);
    case 'usable':
      return eb.and([active, inWindow, sql<boolean>`uses < max_uses`]);
  }
}

const SORT_COLUMN: Record<CouponSortField, 'code' | 'valid_to' | 'uses' | 'created_at'> = {
  code: 'code',
  validTo: 'valid_to',
  uses: 'uses',
  createdAt: 'created_at',
};

function couponRows(db: DB, filters: CouponFilters, today: string) {
  let query = db.selectFrom('coupons');
  if (filters.q) query = query.where(({ ref }) => containsText(ref('code'), filters.q ?? ''));
  if (filters.scope) query = query.where('scope', '=', filters.scope);
  if (filters.status) {
    const status = filters.status;
    query = query.where((eb) => statusCondition(eb, status, today));
  }
  return query;
}

async function couponItems(db: DB, filters: CouponFilters, today: string, limit: number, offset: number) {
  const rows = await couponRows(db, filters, today)
    .selectAll()
    .orderBy(SORT_COLUMN[filters.sort.field], filters.sort.direction)
    .orderBy('id', filters.sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => toCouponItem(row, today));
}

/** One page of coupons; `today` (Kolkata) decides which are expired or not yet valid. */
export async function listCoupons(
  db: DB,
  options: CouponFilters & { page: number; pageSize: number },
  today: string,
): Promise<Paged<CouponItem>> {
  const [items, total] = await Promise.all([
    couponItems(db, options, today, options.pageSize, (options.page - 1) * options.pageSize),
    couponRows(db, options, today)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, page: options.page, pageSize: options.pageSize, total: Number(total.count) };
}

/** Every coupon the filters match, in their order, a batch at a time (the CSV export). */
export function exportCoupons(db: DB, filters: CouponFilters, today: string): AsyncGenerator<CouponItem> {
  return inBatches(({ offset, size }) => couponItems(db, filters, today, size, offset));
}

export async function findCoupon(db: DB, id: number): Promise<Coupon> {
  const coupon = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  if (!coupon) throw notFound('No such coupon.');
  return coupon;
}

const CODE_TAKEN = 'A coupon with this code already exists.';

/** Whether another coupon has this code (a change asks only when the code changes, so never about itself). */
async function codeTaken(db: DB, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirst());
}

/** Creates a coupon (code stored upper-cased); 409 with `fields.code` when the code exists in any case. */
export async function createCoupon(
  db: DB,
  caller: AuthUser,
  input: CouponInput,
  today: string,
  now: Date = new Date(),
): Promise<CouponItem> {
  const code = normalizeCouponCode(input.code);
  if (await codeTaken(db, code)) throw conflict(CODE_TAKEN, { code: CODE_TAKEN });
  const at = nowIso(now);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('coupons')
        .values({
          code,
          kind: input.kind,
          value: input.value,
          scope: input.scope,
          valid_from: input.validFrom,
          valid_to: input.validTo,
          max_uses: input.maxUses,
          uses: 0,
          active: input.active === false ? 0 : 1,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const item = toCouponItem(row, today);
      await writeAudit(trx, {
        action: 'coupon.created',
        at: now,
        actorUserId: caller.id,
        entity: 'coupon',
        entityId: row.id,
        detail: { after: row },
      });
      return item;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, { code: CODE_TAKEN });
    throw error;
  }
}

/**
 * Changes a coupon. The limit cannot go below the uses already taken: that is checked in the same
 * UPDATE (`uses <= max_uses`), so a redemption arriving meanwhile cannot slip past it.
 */
export async function updateCoupon(
  db: DB,
  caller: AuthUser,
  id: number,
  patch: CouponPatch,
  today: string,
  now: Date = new Date(),
): Promise<CouponItem> {
  const at = nowIso(now);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await findCoupon(trx, id);
      const code = patch.code === undefined ? before.code : normalizeCouponCode(patch.code);
      const kind = patch.kind ?? before.kind;
      const value = patch.value ?? before.value;
      const validFrom = patch.validFrom ?? before.valid_from;
      const validTo = patch.validTo ?? before.valid_to;
      const maxUses = patch.maxUses ?? before.max_uses;
      const fields: FieldErrors = {};
      if (kind === 'percent' && value > 100) fields.value = 'A percentage is at most 100.';
      if (validTo < validFrom) fields.validTo = 'End on or after the first day.';
      if (maxUses < before.uses) {
        fields.maxUses = `Already used ${before.uses} times: allow at least ${before.uses}.`;
      }
      if (Object.keys(fields).length) throw invalid(fields);
      if (code !== before.code && (await codeTaken(trx, code))) throw conflict(CODE_TAKEN, { code: CODE_TAKEN });
      const after = await trx
        .updateTable('coupons')
        .set({
          code,
          kind,
          value,
          scope: patch.scope ?? before.scope,
          valid_from: validFrom,
          valid_to: validTo,
          max_uses: maxUses,
          active: patch.active === undefined ? before.active : patch.active ? 1 : 0,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('uses', '<=', maxUses)
        .returningAll()
        .executeTakeFirst();
      if (!after) {
        const uses = (await findCoupon(trx, id)).uses;
        throw invalid({ maxUses: `Already used ${uses} times: allow at least ${uses}.` });
      }
      await writeAudit(trx, {
        action: 'coupon.updated',
        at: now,
        actorUserId: caller.id,
        entity: 'coupon',
        entityId: id,
        detail: { before, after },
      });
      return toCouponItem(after, today);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, { code: CODE_TAKEN });
    throw error;
  }
}

/** What each subject is called, asking each purpose's handler once for its subjects. */
export async function subjectLabelsOf(
  db: DB,
  rows: { purpose: string; subjectId: number }[],
): Promise<(purpose: string, subjectId: number) => string | null> {
  const byPurpose = new Map<string, number[]>();
  for (const row of rows) byPurpose.set(row.purpose, [...(byPurpose.get(row.purpose) ?? []), row.subjectId]);
  const labels = new Map<string, Map<number, string>>();
  for (const [purpose, ids] of byPurpose) {
    const handler = handlerFor(purpose);
    if (handler?.subjectLabels) labels.set(purpose, await handler.subjectLabels(db, [...new Set(ids)]));
  }
  return (purpose, subjectId) => labels.get(purpose)?.get(subjectId) ?? null;
}

/** A coupon's redemptions, newest first (released ones too, with when). */
export async function listRedemptions(
  db: DB,
  couponId: number,
  options: { page: number; pageSize: number },
): Promise<Paged<CouponRedemptionItem>> {
  await findCoupon(db, couponId);
  const base = db.selectFrom('coupon_redemptions').where('coupon_id', '=', couponId);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const label = await subjectLabelsOf(
    db,
    rows.map((r) => ({ purpose: r.purpose, subjectId: r.subject_id })),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      couponId: row.coupon_id,
      purpose: row.purpose,
      subjectId: row.subject_id,
      subjectLabel: label(row.purpose, row.subject_id),
      discount: row.discount,
      redeemedAt: row.redeemed_at,
      releasedAt: row.released_at,
    })),
    page: options.page,
    pageSize: options.pageSize,
    total: Number(total.count),
  };
}
