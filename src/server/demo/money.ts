import type { DB } from '../platform/db';
import { nowIso } from '../platform/db';
import type { Insertable } from 'kysely';
import type { CouponsTable } from '../platform/db/schema';
import { financialYearStart, kolkataDate } from '../../lib/financial-year';
import { PAYMENT_SETTING_KEYS, SAMPLE_PAYMENT_SETTINGS } from '../domains/money/settings';

/**
 * Demo data of the money module: the sample payment settings (marked `(sample)`, so the pay screens
 * warn that they are not the institute's) and a handful of coupons in every state. Running it again
 * adds nothing: settings and codes are keys.
 */
type DemoCoupon = Omit<Insertable<CouponsTable>, 'created_at' | 'updated_at'>;

function demoCoupons(today: string): DemoCoupon[] {
  const year = financialYearStart(today);
  const thisYear = { valid_from: `${year}-04-01`, valid_to: `${year + 1}-03-31` };
  return [
    {
      code: 'WELCOME10',
      kind: 'percent',
      value: 10,
      scope: 'membership',
      ...thisYear,
      max_uses: 200,
      uses: 0,
      active: 1,
    },
    {
      code: 'NATCON1000',
      kind: 'flat',
      value: 1_000_00,
      scope: 'natcon',
      ...thisYear,
      max_uses: 50,
      uses: 0,
      active: 1,
    },
    { code: 'NIPMFAMILY5', kind: 'percent', value: 5, scope: 'both', ...thisYear, max_uses: 500, uses: 0, active: 1 },
    // Used up: every use taken (before any redemption is on record, so its list of uses is empty).
    {
      code: 'FOUNDERS50',
      kind: 'percent',
      value: 50,
      scope: 'membership',
      ...thisYear,
      max_uses: 3,
      uses: 3,
      active: 1,
    },
    {
      code: 'DIWALI' + (year - 1),
      kind: 'flat',
      value: 500_00,
      scope: 'both',
      valid_from: `${year - 1}-10-15`,
      valid_to: `${year - 1}-11-15`,
      max_uses: 100,
      uses: 0,
      active: 1,
    },
    { code: 'PAUSED20', kind: 'percent', value: 20, scope: 'natcon', ...thisYear, max_uses: 20, uses: 0, active: 0 },
  ];
}

export async function seedDemoMoney(db: DB, now: Date): Promise<{ settings: number; coupons: number }> {
  const at = nowIso(now);
  const settings = await db
    .insertInto('settings')
    .values(
      PAYMENT_SETTING_KEYS.map((key) => ({
        key,
        value: JSON.stringify(SAMPLE_PAYMENT_SETTINGS[key]),
        updated_at: at,
        updated_by: null,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  const coupons = await db
    .insertInto('coupons')
    .values(demoCoupons(kolkataDate(now)).map((coupon) => ({ ...coupon, created_at: at, updated_at: at })))
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return {
    settings: Number(settings.numInsertedOrUpdatedRows ?? 0),
    coupons: Number(coupons.numInsertedOrUpdatedRows ?? 0),
  };
}
