import { findIndianState } from '../import/states';
import { checkGstin, gstinFieldErrors } from './gstin';
import type { SupplyBuyer, SupplyLine, TaxableSupply } from './supply';
import { allocateDiscount } from './tax';

/**
 * Membership fees (applications and renewals) as their tax invoice names them. The buyer is the
 * registered buyer that pays when one was given (its GSTIN decides the place of supply, IGST Act
 * section 12(2)(a)), else the member at their address on record, whose State (written as people
 * write it) decides it (section 12(2)(b)); without a State that can be read, the institute's.
 */

export interface BuyerDetails {
  gstin?: string | null;
  buyerName?: string | null;
  buyerAddress?: string | null;
}

/** 400 fields for the buyer details of a membership payment: `{}` when none are given or all are good. */
export function buyerDetailsErrors(input: BuyerDetails): Record<string, string> {
  const fields: Record<string, string> = {};
  if (input.gstin) {
    Object.assign(fields, gstinFieldErrors(input.gstin));
    if (!input.buyerName) fields.buyerName = 'Enter the legal name the GSTIN is registered to.';
    if (!input.buyerAddress) fields.buyerAddress = 'Enter the address the GSTIN is registered at.';
  } else if (input.buyerName || input.buyerAddress) {
    fields.gstin = 'Enter the GSTIN of the buyer that pays, or leave its name and address empty.';
  }
  return fields;
}

export interface RecordedPerson {
  name: string;
  address: string | null;
  city: string | null;
  stateName: string | null;
  pincode: string | null;
}

export function membershipBuyer(details: BuyerDetails, person: RecordedPerson): SupplyBuyer {
  // A GSTIN stored before the full check (institutional applications) that fails it is not a registration.
  const registered = details.gstin && checkGstin(details.gstin).valid ? details.gstin : null;
  if (registered) {
    return {
      name: details.buyerName || person.name,
      address: details.buyerAddress ?? null,
      gstin: registered,
      stateCode: registered.slice(0, 2),
    };
  }
  const address = [person.address, person.city, person.stateName, person.pincode].filter(Boolean).join(', ');
  return {
    name: person.name,
    address: address || null,
    gstin: null,
    stateCode: person.stateName ? (findIndianState(person.stateName)?.gst ?? null) : null,
  };
}

/** The fee's items as invoice lines, the coupon's discount shared over them, at the rate quoted. */
export function membershipSupply(
  buyer: SupplyBuyer,
  items: { description: string; amount: number }[],
  discount: number,
  ratePercent: number | null,
): TaxableSupply {
  const charged = items.filter((item) => item.amount > 0);
  const amounts = charged.map((item) => item.amount);
  const shares = allocateDiscount(
    amounts,
    Math.min(
      discount,
      amounts.reduce((a, b) => a + b, 0),
    ),
  );
  const lines: SupplyLine[] = charged.map((item, index) => ({
    kind: 'membership',
    description: item.description,
    quantity: 1,
    amount: item.amount,
    discount: shares[index],
    ratePercent,
  }));
  return { kind: 'membership', buyer, eventStateCode: null, lines };
}
