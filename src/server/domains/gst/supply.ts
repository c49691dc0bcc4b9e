import type { SupplyKind } from './place-of-supply';

/**
 * What a payment paid for, as a purpose (NATCON orders, membership) tells the tax invoice: the
 * buyer as the invoice names them, and the lines as they were priced. Amounts in paise; the rate is
 * the one the price was worked out with, so the invoice adds up to what was paid.
 */
export interface SupplyBuyer {
  /** The legal name (a company's, as registered) or the person's name. */
  name: string;
  address: string | null;
  /** Only a GSTIN that passed the full check when it was given. */
  gstin: string | null;
  /** The GST code of the buyer's State (an unregistered buyer's address on record). */
  stateCode: string | null;
}

export interface SupplyLine {
  kind: SupplyKind;
  description: string;
  quantity: number;
  /** Before discount, all of the quantity. */
  amount: number;
  discount: number;
  /** The GST rate the price was worked out with; null when none was charged. */
  ratePercent: number | null;
}

export interface TaxableSupply {
  /** The kind whose place-of-supply rule the invoice follows (place-of-supply.ts). */
  kind: SupplyKind;
  buyer: SupplyBuyer;
  /** Where the event is held, for event supplies. */
  eventStateCode: string | null;
  lines: SupplyLine[];
}
