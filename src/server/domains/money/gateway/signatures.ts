import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures (https://razorpay.com/docs/webhooks/validate-test and the checkout's
 * "verify payment signature" step), both hex HMAC-SHA256 and both compared in constant time so
 * that the time a wrong signature takes to refuse tells nothing about the right one.
 */

export function hmacSha256Hex(message: string | Buffer, key: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** Constant-time equality of two hex signatures; false for anything not of the expected length. */
function sameSignature(expectedHex: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  // Node reads hex digits in either letter case.
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The webhook's `X-Razorpay-Signature`: HMAC of the raw body (never a re-serialised parse) with the webhook secret. */
export function isValidWebhookSignature(
  rawBody: string | Buffer,
  signature: string | null | undefined,
  webhookSecret: string,
): boolean {
  if (!webhookSecret) return false;
  return sameSignature(hmacSha256Hex(rawBody, webhookSecret), signature);
}

/** The checkout callback's `razorpay_signature`: HMAC of `order_id|payment_id` with the key secret. */
export function isValidPaymentSignature(
  input: { orderId: string; paymentId: string; signature: string | null | undefined },
  keySecret: string,
): boolean {
  if (!keySecret) return false;
  return sameSignature(hmacSha256Hex(`${input.orderId}|${input.paymentId}`, keySecret), input.signature);
}
