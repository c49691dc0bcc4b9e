import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { invalid } from '../errors';
import { GstSettingsBody, type GstSettings } from '../../../lib/schemas/gst';
import { writeAudit } from '../audit/audit';
import { readPaymentSettings } from '../money/settings';
import { checkGstin } from './gstin';
import { isPlaceOfSupplyCode } from './states';

/**
 * The institute as a GST-registered supplier: legal name, registered address, GSTIN and State, and
 * per kind of supply its SAC and rate. Stored as one JSON value under `gst_invoicing` in the
 * settings table. With no GSTIN the site issues no tax invoices (receipts only, as before).
 *
 * Until the super admin saves these, they are taken from the payment settings that held the
 * institute's GSTIN and one GST rate before (only a GSTIN that passes the full check; the sample
 * one does not), with the defaults below for SAC codes and rates, which docs/gst.md explains and the
 * institute's accountant confirms.
 */
export const GST_SETTINGS_KEY = 'gst_invoicing';

export const DEFAULT_GST_PURPOSES: GstSettings['purposes'] = {
  membership: { sac: '999512', ratePercent: 18 },
  natcon_delegate: { sac: '998596', ratePercent: 18 },
  natcon_award: { sac: '999512', ratePercent: 18 },
};

/** Kolkata, West Bengal: where the institute is registered. */
export const DEFAULT_STATE_CODE = '19';

async function fromPaymentSettings(db: DB): Promise<GstSettings> {
  const payment = await readPaymentSettings(db);
  const sample = payment.samples.includes('institute');
  const gstin =
    !sample && payment.institute.gstin && checkGstin(payment.institute.gstin).valid ? payment.institute.gstin : null;
  const rate = payment.gst.ratePercent;
  const purposes = Object.fromEntries(
    Object.entries(DEFAULT_GST_PURPOSES).map(([kind, value]) => [
      kind,
      rate === null ? value : { ...value, ratePercent: rate },
    ]),
  ) as GstSettings['purposes'];
  return {
    legalName: payment.institute.name,
    address: sample ? '' : payment.institute.address,
    gstin,
    stateCode: gstin ? gstin.slice(0, 2) : DEFAULT_STATE_CODE,
    purposes,
  };
}

export async function readGstSettings(db: DB): Promise<GstSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', GST_SETTINGS_KEY).executeTakeFirst();
  if (row) {
    try {
      const parsed = GstSettingsBody.safeParse(JSON.parse(row.value));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through to the derived settings below
    }
    console.error('[gst] unreadable GST settings: using the payment settings');
  }
  return fromPaymentSettings(db);
}

/** 400 with a message per field, or nothing: the GSTIN in full, its State matching the one chosen. */
function checkSettings(settings: GstSettings): void {
  const fields: Record<string, string> = {};
  if (!isPlaceOfSupplyCode(settings.stateCode)) fields.stateCode = 'Choose the State from the list.';
  if (settings.gstin) {
    const check = checkGstin(settings.gstin);
    if (!check.valid) fields.gstin = check.message;
    else if (!fields.stateCode && check.stateCode !== settings.stateCode) {
      fields.stateCode = `This GSTIN is registered in State ${check.stateCode}: choose that State.`;
    }
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

/** Replaces the settings, audited with before and after. Super admin only (the route checks). */
export async function updateGstSettings(
  db: DB,
  caller: AuthUser,
  settings: GstSettings,
  now: Date = new Date(),
): Promise<GstSettings> {
  const next = { ...settings, gstin: settings.gstin || null };
  checkSettings(next);
  const at = nowIso(now);
  const value = JSON.stringify(next);
  return db.transaction().execute(async (trx) => {
    const before = await readGstSettings(trx);
    await trx
      .insertInto('settings')
      .values({ key: GST_SETTINGS_KEY, value, updated_at: at, updated_by: caller.id })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: caller.id }))
      .execute();
    await writeAudit(trx, {
      action: 'settings.updated',
      at: now,
      actorUserId: caller.id,
      entity: 'settings',
      entityId: GST_SETTINGS_KEY,
      detail: { before, after: next },
    });
    return next;
  });
}
