import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { Kysely } from 'kysely';
import { membershipFee, type FeeQuote, type FeeSchedule } from '../../../lib/fees';
import { financialYearLabel, financialYearStart } from '../../../lib/financial-year';
import { MEMBERSHIP_CLASS_CODES, type MembershipClassCode } from '../../../lib/membership-classes';
import type { FeeRow } from '../../../lib/schemas/membership';
import { conflict } from '../errors';
import { previewCoupon } from '../money';
import { gstRateFor } from '../gst/rates';
import { writeAudit } from '../audit/audit';
import type { AuthUser } from '../identity/auth-user';

type Queryable = Kysely<Database>;

/**
 * The fee schedule a date falls under: the row of its financial year, or (until the super admin
 * enters the new year's fees on 1 April) the latest earlier year's, so joining never stops.
 */
export async function feeScheduleFor(db: Queryable, classCode: MembershipClassCode, on: string): Promise<FeeSchedule> {
  const year = financialYearStart(on);
  const row = await db
    .selectFrom('membership_fees')
    .select(['financial_year', 'entrance_fee', 'subscription', 'one_time_fee'])
    .where('class_code', '=', classCode)
    .where('financial_year', '<=', year)
    .orderBy('financial_year', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) {
    throw conflict(
      `The institute has not set the ${financialYearLabel(year)} fees yet. Please try again in a few days or write to the national office.`,
    );
  }
  return {
    classCode,
    financialYear: row.financial_year,
    entranceFee: row.entrance_fee,
    subscription: row.subscription,
    oneTimeFee: row.one_time_fee,
  };
}

export type QuoteWithCoupon = FeeQuote & { coupon: string | null };

/** The quote for a class on a date, with the GST setting and a coupon's preview (400 `fields.coupon` when it does not apply). */
export async function quoteFor(
  db: DB,
  input: { classCode: MembershipClassCode; on: string; coupon?: string },
): Promise<QuoteWithCoupon> {
  const schedule = await feeScheduleFor(db, input.classCode, input.on);
  const gstRatePercent = await gstRateFor(db, 'membership');
  const before = membershipFee({ schedule, on: input.on, gstRatePercent });
  if (!input.coupon) return { ...before, coupon: null };
  const preview = await previewCoupon(db, {
    code: input.coupon,
    scope: 'membership',
    amount: before.subtotal,
    on: input.on,
  });
  return {
    ...membershipFee({ schedule, on: input.on, discount: preview.discount, gstRatePercent }),
    coupon: preview.code,
  };
}

function feeRow(row: {
  class_code: MembershipClassCode;
  financial_year: number;
  entrance_fee: number;
  subscription: number;
  one_time_fee: number;
  is_sample: number;
  updated_at: string;
}): FeeRow {
  return {
    classCode: row.class_code,
    financialYear: financialYearLabel(row.financial_year),
    entranceFee: row.entrance_fee,
    subscription: row.subscription,
    oneTimeFee: row.one_time_fee,
    sample: row.is_sample === 1,
    updatedAt: row.updated_at,
  };
}

/** The schedule of one financial year, in the order of the classes (missing classes are left out). */
export async function listFees(db: DB, financialYear: number): Promise<FeeRow[]> {
  const rows = await db
    .selectFrom('membership_fees')
    .select(['class_code', 'financial_year', 'entrance_fee', 'subscription', 'one_time_fee', 'is_sample', 'updated_at'])
    .where('financial_year', '=', financialYear)
    .execute();
  const byClass = new Map(rows.map((r) => [r.class_code, r]));
  return MEMBERSHIP_CLASS_CODES.flatMap((code) => {
    const row = byClass.get(code);
    return row ? [feeRow(row)] : [];
  });
}

/** The fees a visitor sees for a date: each class's schedule and its quote on that date. */
export async function publicFees(db: DB, on: string) {
  const out: { schedule: FeeSchedule; quote: FeeQuote }[] = [];
  const gstRatePercent = await gstRateFor(db, 'membership');
  for (const classCode of MEMBERSHIP_CLASS_CODES) {
    try {
      const schedule = await feeScheduleFor(db, classCode, on);
      out.push({ schedule, quote: membershipFee({ schedule, on, gstRatePercent }) });
    } catch {
      // A class without fees is simply not listed with a price.
    }
  }
  return out;
}

/**
 * Sets one class's fees for one year (the super admin's Fees tab). Quotes already given are
 * stored with their applications, so they keep what they said.
 */
export async function setFee(
  db: DB,
  caller: AuthUser,
  input: {
    financialYear: number;
    classCode: MembershipClassCode;
    entranceFee: number;
    subscription: number;
    oneTimeFee: number;
  },
  now: Date,
  ip: string,
): Promise<FeeRow> {
  const values = {
    entrance_fee: input.entranceFee,
    subscription: input.classCode === 'life' ? 0 : input.subscription,
    one_time_fee: input.classCode === 'life' ? input.oneTimeFee : 0,
    is_sample: 0,
    updated_at: nowIso(now),
    updated_by: caller.id,
  };
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('membership_fees')
      .select(['entrance_fee', 'subscription', 'one_time_fee'])
      .where('financial_year', '=', input.financialYear)
      .where('class_code', '=', input.classCode)
      .executeTakeFirst();
    const row = await trx
      .insertInto('membership_fees')
      .values({ financial_year: input.financialYear, class_code: input.classCode, ...values })
      .onConflict((oc) => oc.columns(['financial_year', 'class_code']).doUpdateSet(values))
      .returning([
        'class_code',
        'financial_year',
        'entrance_fee',
        'subscription',
        'one_time_fee',
        'is_sample',
        'updated_at',
      ])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'membership.fees_updated',
      at: now,
      actorUserId: caller.id,
      entity: 'membership_fees',
      entityId: `${input.financialYear}:${input.classCode}`,
      ip,
      detail: {
        before: before ?? null,
        after: {
          entrance_fee: values.entrance_fee,
          subscription: values.subscription,
          one_time_fee: values.one_time_fee,
        },
      },
    });
    return feeRow(row);
  });
}
