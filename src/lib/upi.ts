/**
 * The `upi://pay` link every UPI app understands (NPCI's deep-link parameters): the QR code on the
 * pay screens encodes the same text. Client-safe, so the pay screens build it in the browser.
 */
export interface UpiPayRequest {
  /** The institute's UPI address (virtual payment address), `nipm@sbi`. */
  vpa: string;
  payeeName: string;
  /** Paise. */
  amount: number;
  /** What the payment is for (application or order number); shown to the payer and in the statement. */
  note: string;
}

/** Longest note the UPI apps show in full. */
const UPI_NOTE_MAX = 50;

export function upiPayLink({ vpa, payeeName, amount, note }: UpiPayRequest): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Not an amount in paise: ${amount}`);
  const params = [
    ['pa', vpa],
    ['pn', payeeName],
    ['am', (amount / 100).toFixed(2)],
    ['cu', 'INR'],
    ['tn', note.slice(0, UPI_NOTE_MAX)],
  ];
  // encodeURIComponent, not URLSearchParams: some UPI apps read '+' literally instead of as a space.
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
