import { describe, expect, it } from 'vitest';
import { gatewayFrom, paymentIdOfReceipt, receiptOf } from './config';

const COMPLETE = {
  RAZORPAY_KEY_ID: ' rzp_test_abc ',
  RAZORPAY_KEY_SECRET: ' key-secret ',
  RAZORPAY_WEBHOOK_SECRET: ' hook-secret ',
};

describe('gateway configuration', () => {
  it('is configured from the three secrets, trimmed, against Razorpay unless another API is named', () => {
    const gateway = gatewayFrom(COMPLETE);
    expect(gateway?.config).toEqual({
      apiUrl: 'https://api.razorpay.com',
      keyId: 'rzp_test_abc',
      keySecret: 'key-secret',
    });
    expect(gateway?.webhookSecret).toBe('hook-secret');
    expect(typeof gateway?.client.createOrder).toBe('function');
    expect(gatewayFrom({ ...COMPLETE, RAZORPAY_API_URL: ' http://127.0.0.1:4500 ' })?.config.apiUrl).toBe(
      'http://127.0.0.1:4500',
    );
    expect(gatewayFrom({ ...COMPLETE, RAZORPAY_API_URL: '   ' })?.config.apiUrl).toBe('https://api.razorpay.com');
  });

  it('is absent (no online payment offered) when any of the three secrets is missing or blank', () => {
    expect(gatewayFrom({})).toBeNull();
    for (const key of Object.keys(COMPLETE) as (keyof typeof COMPLETE)[]) {
      expect(gatewayFrom({ ...COMPLETE, [key]: undefined }), key).toBeNull();
      expect(gatewayFrom({ ...COMPLETE, [key]: '  ' }), key).toBeNull();
    }
  });

  it("names our payment in the gateway order's receipt and reads it back", () => {
    expect(receiptOf(42)).toBe('NIPM-PAY-42');
    expect(paymentIdOfReceipt('NIPM-PAY-42')).toBe(42);
    for (const receipt of [
      'NIPM-PAY-',
      'NIPM-PAY-4a',
      'XNIPM-PAY-42',
      'NIPM-PAY-42X',
      'nipm-pay-42',
      '',
      null,
      undefined,
    ]) {
      expect(paymentIdOfReceipt(receipt), String(receipt)).toBeNull();
    }
  });
});
