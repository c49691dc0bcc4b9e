/**
 * The States and Union Territories a member's address may name, as spreadsheets write them: the
 * full name (older names too), the two-letter code (ISO 3166-2:IN, as vehicle plates and most forms
 * use it) or the two-digit GST code. The stored value is always the current name, so the register
 * reads one way whatever the chapter's sheet said.
 *
 * Names and GST codes are the ones `domains/gst/states.ts` (issue 25) lists; this table adds the
 * letter codes and the old names an import meets. When that module lands on main, the names and GST
 * codes can be read from it and only the extra columns kept here.
 */
export interface IndianState {
  name: string;
  /** ISO 3166-2:IN subdivision code without the `IN-` prefix. */
  letters: string;
  gst: string;
  /** Other ways sheets write it: former names, common short forms. */
  aliases?: readonly string[];
}

export const INDIAN_STATES: readonly IndianState[] = [
  { name: 'Andaman and Nicobar Islands', letters: 'AN', gst: '35', aliases: ['Andaman & Nicobar', 'A&N Islands'] },
  { name: 'Andhra Pradesh', letters: 'AP', gst: '37' },
  { name: 'Arunachal Pradesh', letters: 'AR', gst: '12' },
  { name: 'Assam', letters: 'AS', gst: '18' },
  { name: 'Bihar', letters: 'BR', gst: '10' },
  { name: 'Chandigarh', letters: 'CH', gst: '04' },
  { name: 'Chhattisgarh', letters: 'CT', gst: '22', aliases: ['CG', 'Chattisgarh'] },
  {
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    letters: 'DH',
    gst: '26',
    aliases: ['Dadra and Nagar Haveli', 'Daman and Diu', 'DN', 'DD'],
  },
  {
    name: 'Delhi',
    letters: 'DL',
    gst: '07',
    aliases: ['New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi'],
  },
  { name: 'Goa', letters: 'GA', gst: '30' },
  { name: 'Gujarat', letters: 'GJ', gst: '24' },
  { name: 'Haryana', letters: 'HR', gst: '06' },
  { name: 'Himachal Pradesh', letters: 'HP', gst: '02' },
  { name: 'Jammu and Kashmir', letters: 'JK', gst: '01', aliases: ['Jammu & Kashmir', 'J&K'] },
  { name: 'Jharkhand', letters: 'JH', gst: '20' },
  { name: 'Karnataka', letters: 'KA', gst: '29' },
  { name: 'Kerala', letters: 'KL', gst: '32' },
  { name: 'Ladakh', letters: 'LA', gst: '38' },
  { name: 'Lakshadweep', letters: 'LD', gst: '31' },
  { name: 'Madhya Pradesh', letters: 'MP', gst: '23' },
  { name: 'Maharashtra', letters: 'MH', gst: '27' },
  { name: 'Manipur', letters: 'MN', gst: '14' },
  { name: 'Meghalaya', letters: 'ML', gst: '17' },
  { name: 'Mizoram', letters: 'MZ', gst: '15' },
  { name: 'Nagaland', letters: 'NL', gst: '13' },
  { name: 'Odisha', letters: 'OR', gst: '21', aliases: ['Orissa', 'OD'] },
  { name: 'Puducherry', letters: 'PY', gst: '34', aliases: ['Pondicherry'] },
  { name: 'Punjab', letters: 'PB', gst: '03' },
  { name: 'Rajasthan', letters: 'RJ', gst: '08' },
  { name: 'Sikkim', letters: 'SK', gst: '11' },
  { name: 'Tamil Nadu', letters: 'TN', gst: '33', aliases: ['Tamilnadu'] },
  { name: 'Telangana', letters: 'TG', gst: '36', aliases: ['TS'] },
  { name: 'Tripura', letters: 'TR', gst: '16' },
  { name: 'Uttar Pradesh', letters: 'UP', gst: '09' },
  { name: 'Uttarakhand', letters: 'UK', gst: '05', aliases: ['Uttaranchal', 'UT'] },
  { name: 'West Bengal', letters: 'WB', gst: '19' },
];

/** Case, `&`/`and`, dots and spacing do not tell two spellings apart. */
function stateKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const BY_KEY = new Map<string, IndianState>();
for (const state of INDIAN_STATES) {
  for (const spelling of [state.name, state.letters, state.gst, ...(state.aliases ?? [])]) {
    BY_KEY.set(stateKey(spelling), state);
  }
}

/** The State or Union Territory a cell names, by name, old name, letter code or GST code; undefined when none. */
export function findIndianState(text: string): IndianState | undefined {
  const key = stateKey(text);
  // A GST code written as a number loses its leading zero (`7` for Delhi).
  return BY_KEY.get(key) ?? (/^\d$/.test(key) ? BY_KEY.get(`0${key}`) : undefined);
}
