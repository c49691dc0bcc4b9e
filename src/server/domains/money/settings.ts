import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { PaymentSettingsSchema, type PaymentSettings, type PaymentSettingsPatch } from '../../../lib/schemas/money';
import { writeAudit } from '../audit/audit';
import { log } from '../../platform/log';

/**
 * The institute's payment settings: its name, address and GSTIN for receipts, the GST rate, the UPI
 * address and the bank account payers see. Until the super admin enters the institute's own, the
 * samples below are shown, marked `(sample)` so nobody pays into them by mistake.
 */
export const PAYMENT_SETTING_KEYS = ['institute', 'gst', 'upi', 'bank'] as const;
export type PaymentSettingKey = (typeof PAYMENT_SETTING_KEYS)[number];

export const SAMPLE_PAYMENT_SETTINGS: PaymentSettings = {
  institute: {
    name: 'National Institute of Personnel Management',
    address: 'Sample address (sample): Park Street, Kolkata 700016, West Bengal',
    gstin: '19AAATN0000A1Z5',
  },
  gst: { ratePercent: null },
  upi: { vpa: 'nipm.sample@upi', payeeName: 'NIPM (sample)' },
  bank: {
    accountName: 'National Institute of Personnel Management (sample)',
    accountNumber: '000000000000',
    ifsc: 'SBIN0000000',
    bankName: 'Sample Bank (sample)',
    branch: 'Park Street, Kolkata (sample)',
  },
};

export interface PaymentSettingsWithSamples extends PaymentSettings {
  /** The groups still showing the samples. */
  samples: PaymentSettingKey[];
}

function isSample(key: PaymentSettingKey, value: unknown): boolean {
  return JSON.stringify(value) === JSON.stringify(SAMPLE_PAYMENT_SETTINGS[key]);
}

/** The settings in force: stored values over the samples. A malformed stored value falls back to its sample. */
export async function readPaymentSettings(db: DB): Promise<PaymentSettingsWithSamples> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...PAYMENT_SETTING_KEYS])
    .execute();
  const stored: Record<string, unknown> = { ...SAMPLE_PAYMENT_SETTINGS };
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      log().error({ key: row.key }, 'unreadable payment setting: its sample is shown until it is saved again');
    }
  }
  const parsed = PaymentSettingsSchema.safeParse(stored);
  const settings = parsed.success ? parsed.data : SAMPLE_PAYMENT_SETTINGS;
  return { ...settings, samples: PAYMENT_SETTING_KEYS.filter((key) => isSample(key, settings[key])) };
}

/** Stores the groups given (each whole), audited with before and after. Super admin only (the route checks). */
export async function updatePaymentSettings(
  db: DB,
  caller: AuthUser,
  patch: PaymentSettingsPatch,
  now: Date = new Date(),
): Promise<PaymentSettingsWithSamples> {
  const at = nowIso(now);
  const keys = PAYMENT_SETTING_KEYS.filter((key) => patch[key] !== undefined);
  return db.transaction().execute(async (trx) => {
    const before = await readPaymentSettings(trx);
    for (const key of keys) {
      const value = JSON.stringify(patch[key]);
      await trx
        .insertInto('settings')
        .values({ key, value, updated_at: at, updated_by: caller.id })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: caller.id }))
        .execute();
    }
    await writeAudit(trx, {
      action: 'settings.updated',
      at: now,
      actorUserId: caller.id,
      entity: 'settings',
      entityId: keys.join(','),
      detail: {
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, patch[k]])),
      },
    });
    return readPaymentSettings(trx);
  });
}
