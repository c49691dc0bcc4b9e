import ky, { HTTPError, type KyInstance } from 'ky';
import { ZodError } from 'zod';
import {
  GatewayOrderSchema,
  GatewayPaymentSchema,
  GatewayRefundSchema,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type ReconItem,
} from './entities';

/**
 * The calls the site makes to Razorpay's API (https://razorpay.com/docs/api), over ky: basic auth
 * with the key id and secret, JSON bodies, Razorpay's error body turned into a GatewayError. The
 * base address comes from RAZORPAY_API_URL so that the stand-in (tools/razorpay-standin) answers
 * in development and tests. Why not the official SDK: docs/decisions/0008-razorpay-through-a-thin-client.md.
 */

export const RAZORPAY_DEFAULT_API_URL = 'https://api.razorpay.com';

export interface GatewayConfig {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  /** Per attempt; the reconciler asks again later, so a slow gateway is not waited on for long. */
  timeoutMs?: number;
}

/** A refusal or failure of the gateway: `status` 0 when it could not be reached at all. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

async function asGatewayError(error: unknown): Promise<GatewayError> {
  if (error instanceof HTTPError) {
    // ky has already read the body into `data`; Razorpay's error body is `{ error: { code, description, field } }`.
    const body = (typeof error.data === 'object' && error.data ? error.data : {}) as {
      error?: { code?: string; description?: string; field?: string };
    };
    return new GatewayError(
      error.response.status,
      body.error?.code ?? 'GATEWAY_ERROR',
      body.error?.description ?? `The gateway answered ${error.response.status}.`,
      body.error?.field ?? null,
    );
  }
  if (error instanceof ZodError)
    return new GatewayError(502, 'GATEWAY_BAD_ANSWER', 'The gateway answered in an unknown shape.');
  return new GatewayError(0, 'GATEWAY_UNREACHABLE', error instanceof Error ? error.message : String(error));
}

export interface GatewayClient {
  createOrder(input: {
    amount: number;
    currency: 'INR';
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder>;
  fetchOrder(orderId: string): Promise<GatewayOrder>;
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** `idempotencyKey` (10+ of A-Z a-z 0-9 _ -) makes a retried refund the same refund. */
  refundPayment(
    paymentId: string,
    input: { amount: number; notes?: Record<string, string> },
    idempotencyKey: string,
  ): Promise<GatewayRefund>;
  /** Every settled transaction of a day (all pages). */
  settlementRecon(day: { year: number; month: number; day: number }): Promise<ReconItem[]>;
}

const RECON_PAGE = 1000;

export function createGatewayClient(config: GatewayConfig): GatewayClient {
  const http: KyInstance = ky.create({
    prefix: `${config.apiUrl.replace(/\/$/, '')}/v1`,
    headers: { authorization: `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}` },
    timeout: config.timeoutMs ?? 15_000,
    // Creating an order or a refund twice is not harmless; the callers retry what is safe themselves.
    retry: { limit: 2, methods: ['get'] },
  });
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw await asGatewayError(error);
    }
  };
  return {
    createOrder: (input) =>
      call(async () => GatewayOrderSchema.parse(await http.post('orders', { json: input }).json())),
    fetchOrder: (orderId) =>
      call(async () => GatewayOrderSchema.parse(await http.get(`orders/${encodeURIComponent(orderId)}`).json())),
    fetchOrderPayments: (orderId) =>
      call(async () => {
        const page = await http.get(`orders/${encodeURIComponent(orderId)}/payments`).json<Collection<unknown>>();
        return page.items.map((item) => GatewayPaymentSchema.parse(item));
      }),
    fetchPayment: (paymentId) =>
      call(async () => GatewayPaymentSchema.parse(await http.get(`payments/${encodeURIComponent(paymentId)}`).json())),
    refundPayment: (paymentId, input, idempotencyKey) =>
      call(async () => {
        const body = await http
          .post(`payments/${encodeURIComponent(paymentId)}/refund`, {
            json: { amount: input.amount, speed: 'normal', notes: input.notes ?? {} },
            headers: { 'x-refund-idempotency': idempotencyKey },
          })
          .json();
        return GatewayRefundSchema.parse(body);
      }),
    settlementRecon: ({ year, month, day }) =>
      call(async () => {
        const items: ReconItem[] = [];
        for (let skip = 0; ; skip += RECON_PAGE) {
          const page = await http
            .get('settlements/recon/combined', {
              searchParams: {
                year,
                month: String(month).padStart(2, '0'),
                day: String(day).padStart(2, '0'),
                count: RECON_PAGE,
                skip,
              },
            })
            .json<Collection<ReconItem>>();
          items.push(...page.items);
          if (page.items.length < RECON_PAGE) return items;
        }
      }),
  };
}

/** What the payer's browser posts to open the gateway's hosted checkout. */
export interface CheckoutForm {
  action: string;
  fields: Record<string, string>;
}

/**
 * Razorpay's hosted checkout is opened by a form POST of these fields to /v1/checkout/embedded
 * (a GET is not its documented way in); the site serves the form on a page of its own
 * (api/money/checkout-page.ts), which the stand-in answers alike.
 */
export function checkoutForm(
  config: Pick<GatewayConfig, 'apiUrl' | 'keyId'>,
  input: { orderId: string; callbackUrl: string; cancelUrl: string; name: string; description: string; email?: string },
): CheckoutForm {
  const fields: Record<string, string> = {
    key_id: config.keyId,
    order_id: input.orderId,
    name: input.name,
    description: input.description,
    callback_url: input.callbackUrl,
    cancel_url: input.cancelUrl,
  };
  if (input.email) fields['prefill[email]'] = input.email;
  return { action: new URL('/v1/checkout/embedded', config.apiUrl).toString(), fields };
}
