import type { DB } from '../../platform/db';
import { gstRateFor } from '../gst/rates';

/** GST on the NATCON delegate fee: the GST settings' rate for it (docs/gst.md, "Rates used in prices"). */
export async function natconGstPercent(db: DB): Promise<number | null> {
  return gstRateFor(db, 'natcon_delegate');
}
