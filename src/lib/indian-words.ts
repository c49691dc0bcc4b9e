/**
 * Amounts in words as Indian receipts and cheques write them: lakh and crore, not million, and
 * paise after the rupees: 900050 paise → "Rupees Nine Thousand and Fifty Paise Only".
 */
const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const ones = n % 10;
  return ones ? `${TENS[Math.floor(n / 10)]} ${ONES[ones]}` : TENS[Math.floor(n / 10)];
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words with the Indian grouping (crore, lakh, thousand); '' for 0. */
export function integerInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of rupees: ${n}`);
  if (n === 0) return '';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    // Above 99 crore the crores are counted in words themselves: "One Hundred Crore".
    crore ? `${integerInIndianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise in words: "Rupees One Crore Two Lakh Only", "Fifty Paise Only", "Rupees Zero Only". */
export function amountInIndianWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  if (rupees === 0 && cents === 0) return 'Rupees Zero Only';
  const rupeeWords = rupees ? `Rupees ${integerInIndianWords(rupees)}` : '';
  const paiseWords = cents ? `${belowHundred(cents)} Paise` : '';
  return `${[rupeeWords, paiseWords].filter(Boolean).join(' and ')} Only`;
}
