import { isGstinStateCode } from './states';

/**
 * The full check of a GSTIN (the 15-character GST identification number), so an invoice never
 * carries a number the buyer cannot claim input tax credit on:
 *
 *   positions 1-2   the State code GSTN gives (01-38, 97, 99: see states.ts)
 *   positions 3-12  the holder's PAN: five letters, four digits, a letter; the fourth letter is the
 *                   kind of holder (P person, C company, H family, F firm, E LLP, A association,
 *                   B body of individuals, T trust, L local authority, J juridical person, G government,
 *                   K as some older PANs have it)
 *   position 13     which registration of that PAN in that State: 1-9, then A-Z
 *   position 14     Z
 *   position 15     a check character over the first 14 (below)
 *
 * Each problem gets its own message so the buyer knows which part to look at.
 */
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PAN = /^[A-Z]{3}[ABCEFGHJKLPT][A-Z]\d{4}[A-Z]$/;
const PAN_SHAPE = /^[A-Z]{5}\d{4}[A-Z]$/;

/**
 * The check character of the first 14 characters (GSTN's "Luhn mod 36"): each character's value
 * (0-9, A-Z = 10-35) is multiplied by 1 and 2 in turn from the left; each product adds its
 * base-36 digits (quotient + remainder by 36); the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError(`Not 14 GSTIN characters: ${first14}`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CODE_POINTS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36];
}

export type GstinProblem = 'empty' | 'length' | 'characters' | 'state' | 'pan' | 'entity' | 'z' | 'check';

export type GstinCheck =
  | { valid: true; gstin: string; stateCode: string; pan: string }
  | { valid: false; problem: GstinProblem; message: string };

const MESSAGES: Record<GstinProblem, string> = {
  empty: 'Enter the GSTIN.',
  length: 'A GSTIN has exactly 15 characters.',
  characters: 'A GSTIN has only letters A-Z and digits 0-9.',
  state: 'The first two digits of a GSTIN are a State code such as 19 or 27; this one is not.',
  pan: 'Characters 3 to 12 of a GSTIN are the holder’s PAN (such as AAATN1234F); these are not.',
  entity: 'Character 13 of a GSTIN is a digit 1-9 or a letter.',
  z: 'Character 14 of a GSTIN is the letter Z.',
  check: 'This GSTIN’s last character does not match the rest: check it for a typing mistake.',
};

function problem(kind: GstinProblem): GstinCheck {
  return { valid: false, problem: kind, message: MESSAGES[kind] };
}

/** The GSTIN as people type it: spaces around and lower case are forgiven. */
export function normaliseGstin(raw: string): string {
  return raw.trim().toUpperCase();
}

export function checkGstin(raw: string): GstinCheck {
  const gstin = normaliseGstin(raw);
  if (gstin === '') return problem('empty');
  if (gstin.length !== 15) return problem('length');
  if (!/^[0-9A-Z]+$/.test(gstin)) return problem('characters');
  const stateCode = gstin.slice(0, 2);
  if (!isGstinStateCode(stateCode)) return problem('state');
  const pan = gstin.slice(2, 12);
  if (!PAN_SHAPE.test(pan) || !PAN.test(pan)) return problem('pan');
  if (!/^[1-9A-Z]$/.test(gstin[12])) return problem('entity');
  if (gstin[13] !== 'Z') return problem('z');
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return problem('check');
  return { valid: true, gstin, stateCode, pan };
}

/**
 * The messages for a form: `{}` when the GSTIN is good, else `{ [field]: message }`, ready for
 * a 400's `fields`. An empty value is the caller's business (a GSTIN is usually optional).
 */
export function gstinFieldErrors(raw: string, field = 'gstin'): Record<string, string> {
  const result = checkGstin(raw);
  return result.valid ? {} : { [field]: result.message };
}
