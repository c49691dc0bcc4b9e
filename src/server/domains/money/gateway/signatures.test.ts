import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, isValidPaymentSignature, isValidWebhookSignature } from './signatures';

const hmac = (message: string, key: string) => createHmac('sha256', key).update(message).digest('hex');

describe('gateway signatures', () => {
  it('computes HMAC-SHA256 as lower-case hex (the published test vector)', () => {
    expect(hmacSha256Hex('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  const body = '{"entity":"event","event":"payment.captured"}';

  it('accepts the HMAC-SHA256 of the raw body with the webhook secret, in either letter case', () => {
    const signature = hmac(body, 'whsec');
    expect(isValidWebhookSignature(body, signature, 'whsec')).toBe(true);
    expect(isValidWebhookSignature(Buffer.from(body), signature.toUpperCase(), 'whsec')).toBe(true);
  });

  it('refuses another secret, a changed body, a cut or missing signature and an empty secret', () => {
    const signature = hmac(body, 'whsec');
    expect(isValidWebhookSignature(body, hmac(body, 'other'), 'whsec')).toBe(false);
    expect(isValidWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), signature, 'whsec')).toBe(false);
    expect(isValidWebhookSignature(body, signature.slice(0, 40), 'whsec')).toBe(false);
    expect(isValidWebhookSignature(body, 'not-hex!', 'whsec')).toBe(false);
    expect(isValidWebhookSignature(body, undefined, 'whsec')).toBe(false);
    expect(isValidWebhookSignature(body, hmac(body, ''), '')).toBe(false);
  });

  it('checks the checkout signature over order_id|payment_id with the key secret', () => {
    const signature = hmac('order_A|pay_B', 'keysecret');
    expect(isValidPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature }, 'keysecret')).toBe(true);
    expect(isValidPaymentSignature({ orderId: 'order_A', paymentId: 'pay_C', signature }, 'keysecret')).toBe(false);
    expect(isValidPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature: null }, 'keysecret')).toBe(
      false,
    );
  });
});
