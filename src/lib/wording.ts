import { PAYMENT_MODE_LABELS, type PaymentMode } from './schemas/money';

/**
 * Small pieces of English the site writes around names it does not control (issue 28): a chapter
 * named "Chennai Chapter" must not read "Chennai Chapter chapter", nor a class "a Associate".
 */

/** "Chennai" → "Chennai chapter"; "Chennai Chapter" stays as it is. */
export function chapterPhrase(name: string): string {
  return /\bchapter$/i.test(name.trim()) ? name.trim() : `${name.trim()} chapter`;
}

/** "Associate" → "an Associate", "Life" → "a Life": the article by the word's first sound as written. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word.trim()) ? 'an' : 'a'} ${word.trim()}`;
}

/**
 * The application history's line for a payment the applicant reported: "UPI payment reported,
 * reference 432198765012", not the mode's code.
 */
export function reportedPaymentNote(mode: PaymentMode, reference: string | null | undefined): string {
  const what = `${PAYMENT_MODE_LABELS[mode]} payment reported`;
  return reference ? `${what}, reference ${reference}` : what;
}
