import { createGatewayClient, RAZORPAY_DEFAULT_API_URL, type GatewayClient, type GatewayConfig } from './client';

/**
 * The gateway as the running site has it: configured from RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET,
 * RAZORPAY_WEBHOOK_SECRET and RAZORPAY_API_URL, or absent (then the online mode is not offered).
 * The secrets stay on the server: nothing here is ever sent to a browser.
 */
export interface Gateway {
  config: GatewayConfig;
  webhookSecret: string;
  client: GatewayClient;
}

export interface GatewaySettings {
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  RAZORPAY_API_URL?: string;
}

export function gatewayFrom(settings: GatewaySettings): Gateway | null {
  const keyId = settings.RAZORPAY_KEY_ID?.trim();
  const keySecret = settings.RAZORPAY_KEY_SECRET?.trim();
  const webhookSecret = settings.RAZORPAY_WEBHOOK_SECRET?.trim();
  if (!keyId || !keySecret || !webhookSecret) return null;
  const config: GatewayConfig = {
    apiUrl: settings.RAZORPAY_API_URL?.trim() || RAZORPAY_DEFAULT_API_URL,
    keyId,
    keySecret,
  };
  return { config, webhookSecret, client: createGatewayClient(config) };
}

/** Our receipt on the gateway's order: our payment's id, so the settlement report names our payment. */
export const receiptOf = (paymentId: number) => `NIPM-PAY-${paymentId}`;

export function paymentIdOfReceipt(receipt: string | null | undefined): number | null {
  const match = /^NIPM-PAY-(\d+)$/.exec(receipt ?? '');
  return match ? Number(match[1]) : null;
}
