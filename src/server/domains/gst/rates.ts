import type { DB } from '../../platform/db';
import type { GstSupplyKind } from '../../../lib/schemas/gst';
import { readPaymentSettings } from '../money/settings';
import { readGstSettings } from './settings';

/**
 * The GST rate a price of this kind is worked out with. With the institute's GSTIN set, the rate
 * of the purpose in the GST settings (membership, NATCON delegate fee, award nomination fee), so
 * the invoice issued on verification states the rate its SAC carries. With no GSTIN (no invoices),
 * the single rate of the payment settings, as receipts had before GST invoicing: null charges none.
 */
export async function gstRateFor(db: DB, kind: GstSupplyKind): Promise<number | null> {
  const settings = await readGstSettings(db);
  if (settings.gstin) return settings.purposes[kind].ratePercent;
  return (await readPaymentSettings(db)).gst.ratePercent ?? null;
}
