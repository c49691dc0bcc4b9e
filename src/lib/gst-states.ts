/**
 * The States and Union Territories with the two-digit codes GSTN gives them: the first two
 * characters of every GSTIN and the "State name and code" a tax invoice prints (CGST Rule 46).
 *
 * `localTax` is the name of the second half of an intra-State levy: State tax (SGST) in the States
 * and in the Union Territories with a legislature (Delhi, Puducherry, Jammu and Kashmir), Union
 * territory tax (UTGST) in the other Union Territories.
 *
 * `current: false` marks codes that still appear in older GSTINs but are no longer a place one can
 * choose: 25 (Daman and Diu, merged into 26 on 26 January 2020) and 28 (Andhra Pradesh before
 * Telangana was formed; today's Andhra Pradesh is 37). 99 (Centre Jurisdiction) is a registration
 * code, never a place of supply.
 */
export interface GstState {
  code: string;
  name: string;
  localTax: 'SGST' | 'UTGST';
  current: boolean;
}

const state = (code: string, name: string): GstState => ({ code, name, localTax: 'SGST', current: true });
const territory = (code: string, name: string): GstState => ({ code, name, localTax: 'UTGST', current: true });

export const GST_STATES: readonly GstState[] = [
  state('01', 'Jammu and Kashmir'),
  state('02', 'Himachal Pradesh'),
  state('03', 'Punjab'),
  territory('04', 'Chandigarh'),
  state('05', 'Uttarakhand'),
  state('06', 'Haryana'),
  state('07', 'Delhi'),
  state('08', 'Rajasthan'),
  state('09', 'Uttar Pradesh'),
  state('10', 'Bihar'),
  state('11', 'Sikkim'),
  state('12', 'Arunachal Pradesh'),
  state('13', 'Nagaland'),
  state('14', 'Manipur'),
  state('15', 'Mizoram'),
  state('16', 'Tripura'),
  state('17', 'Meghalaya'),
  state('18', 'Assam'),
  state('19', 'West Bengal'),
  state('20', 'Jharkhand'),
  state('21', 'Odisha'),
  state('22', 'Chhattisgarh'),
  state('23', 'Madhya Pradesh'),
  state('24', 'Gujarat'),
  { ...territory('25', 'Daman and Diu (before 26 January 2020)'), current: false },
  territory('26', 'Dadra and Nagar Haveli and Daman and Diu'),
  state('27', 'Maharashtra'),
  { ...state('28', 'Andhra Pradesh (before 2 June 2014)'), current: false },
  state('29', 'Karnataka'),
  state('30', 'Goa'),
  territory('31', 'Lakshadweep'),
  state('32', 'Kerala'),
  state('33', 'Tamil Nadu'),
  state('34', 'Puducherry'),
  territory('35', 'Andaman and Nicobar Islands'),
  state('36', 'Telangana'),
  state('37', 'Andhra Pradesh'),
  territory('38', 'Ladakh'),
  territory('97', 'Other Territory'),
  { ...state('99', 'Centre Jurisdiction'), current: false },
];

const BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

/** The State or Union Territory with this GST code; undefined for a code GSTN does not give. */
export function gstState(code: string): GstState | undefined {
  return BY_CODE.get(code);
}

/** Whether a GSTIN may begin with this code (every listed code, old ones included). */
export function isGstinStateCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** The places a buyer or the institute can be in today: what a form's list of States offers. */
export const PLACE_OF_SUPPLY_STATES: readonly GstState[] = GST_STATES.filter((s) => s.current);

export function isPlaceOfSupplyCode(code: string): boolean {
  return BY_CODE.get(code)?.current === true;
}

/** `19` → `West Bengal (19)`, as invoices print a State with its code. */
export function stateWithCode(code: string): string {
  const found = BY_CODE.get(code);
  return found ? `${found.name} (${found.code})` : code;
}
