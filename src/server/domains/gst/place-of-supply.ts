import { GST_SUPPLY_KINDS, type GstSupplyKind } from '../../../lib/schemas/gst';
import { checkGstin } from './gstin';
import { isPlaceOfSupplyCode } from './states';

/**
 * Where a supply of services takes place, as section 12 of the IGST Act, 2017 has it for a supplier
 * and a recipient both in India. The place of supply decides the tax: the institute's own State →
 * CGST and SGST, any other → IGST (tax.ts).
 *
 * The rules, one per kind of service the institute supplies:
 *
 *   general (section 12(2)): to a registered person, the location of that person (its GSTIN's
 *     State); to anyone else, their location where an address is on record, else the location of
 *     the supplier (the institute's State).
 *   event admission (section 12(6)): admission to a cultural, scientific or educational event,
 *     and services ancillary to it: where the event is actually held, whoever the buyer is.
 *   event organisation (section 12(7)): services in relation to a conference: to a registered
 *     person, its location; to anyone else, where the event is held in India (or the buyer's
 *     location when it is held abroad).
 *
 * Which rule each supply follows is the table SUPPLY_RULES below: data, so the accountant's reading
 * is one line to change and is printed in docs/gst.md.
 */
export const SUPPLY_KINDS = GST_SUPPLY_KINDS;
export type SupplyKind = GstSupplyKind;

export type PlaceOfSupplyRule = 'general' | 'event_admission' | 'event_organisation';

export const RULE_SECTIONS: Record<PlaceOfSupplyRule, string> = {
  general: 'IGST Act, section 12(2)',
  event_admission: 'IGST Act, section 12(6)',
  event_organisation: 'IGST Act, section 12(7)',
};

export interface SupplyRule {
  rule: PlaceOfSupplyRule;
  label: string;
  /** Why this rule: printed in docs/gst.md for the accountant to confirm. */
  reason: string;
}

export const SUPPLY_RULES: Record<SupplyKind, SupplyRule> = {
  membership: {
    rule: 'general',
    label: 'Membership subscription and entrance fee',
    reason: 'A professional body’s services to its members are not among the special cases of section 12(3)-(14).',
  },
  natcon_delegate: {
    rule: 'event_organisation',
    label: 'NATCON delegate fee',
    reason:
      'The delegate fee buys the conference with its sessions, meals and kit (SAC 998596, services in relation to a ' +
      'conference); a company that sends delegates gets an invoice in its own State and can claim the credit.',
  },
  natcon_award: {
    rule: 'general',
    label: 'NATCON award nomination fee',
    reason: 'Assessing a nomination is not admission to the event nor its organisation.',
  },
};

/** What is known of the buyer: a GSTIN when registered, else the State of an address on record. */
export interface BuyerLocation {
  gstin: string | null;
  /** The State of the buyer's address on record (a GST code), when there is one. */
  stateCode: string | null;
}

export interface PlaceOfSupply {
  stateCode: string;
  /** The section applied and why it gave this State, e.g. "IGST Act, section 12(2): the buyer's GSTIN". */
  basis: string;
}

/** A registered buyer's location: the State of its GSTIN (a Centre Jurisdiction GSTIN, 99, falls back). */
function registeredState(buyer: BuyerLocation): string | null {
  if (!buyer.gstin) return null;
  const check = checkGstin(buyer.gstin);
  if (!check.valid) throw new RangeError(`A place of supply needs a valid GSTIN: ${buyer.gstin}`);
  return isPlaceOfSupplyCode(check.stateCode) ? check.stateCode : null;
}

export interface SupplyFacts {
  buyer: BuyerLocation;
  instituteStateCode: string;
  /** Where the event is held; null for one held outside India or for supplies that are no event. */
  eventStateCode?: string | null;
}

export function placeOfSupply(kind: SupplyKind, facts: SupplyFacts): PlaceOfSupply {
  return placeOfSupplyByRule(SUPPLY_RULES[kind].rule, facts);
}

export function placeOfSupplyByRule(rule: PlaceOfSupplyRule, facts: SupplyFacts): PlaceOfSupply {
  const section = RULE_SECTIONS[rule];
  const at = (stateCode: string, why: string): PlaceOfSupply => ({ stateCode, basis: `${section}: ${why}` });
  const registered = registeredState(facts.buyer);
  const onRecord = facts.buyer.stateCode && isPlaceOfSupplyCode(facts.buyer.stateCode) ? facts.buyer.stateCode : null;
  const venue = facts.eventStateCode ?? null;

  if (rule === 'event_admission') {
    if (venue) return at(venue, 'where the event is held');
    // Held outside India: section 13 would apply; the nearest answer here is the general rule.
  }
  if (rule === 'event_organisation') {
    if (registered) return at(registered, 'the registered buyer’s State (its GSTIN)');
    if (venue) return at(venue, 'where the event is held, the buyer being unregistered');
    if (onRecord) return at(onRecord, 'the buyer’s State, the event being held outside India');
  }
  if (registered) return at(registered, 'the registered buyer’s State (its GSTIN)');
  if (onRecord) return at(onRecord, 'the buyer’s address on record');
  return at(facts.instituteStateCode, 'no address of the buyer on record: the institute’s State');
}
