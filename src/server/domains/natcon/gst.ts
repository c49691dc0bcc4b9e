import type { DB } from '../../platform/db';
import { readPaymentSettings } from '../money';

/** GST on NATCON fees follows the one GST setting the membership fees use (null: none charged). */
export async function natconGstPercent(db: DB): Promise<number | null> {
  return (await readPaymentSettings(db)).gst.ratePercent;
}
