import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPage, messagePage, postBackPage } from './checkout-page';
import type { StandinGateway } from './gateway';
import { match, parseBody, redirect, sendError, sendHtml, sendJson } from './http-util';

/**
 * The subset of Razorpay's API the site uses, answered as the API reference documents:
 * POST /v1/orders, GET /v1/orders/:id, GET /v1/orders/:id/payments, GET /v1/payments/:id,
 * POST /v1/payments/:id/refund (X-Refund-Idempotency), GET /v1/settlements/recon/combined,
 * and the hosted checkout at /v1/checkout/embedded.
 */

const NO_SUCH_ID = 'The id provided does not exist';

function kolkataParts(unixSeconds: number): { year: number; month: number; day: number } {
  const [year, month, day] = new Date(unixSeconds * 1000 + 5.5 * 3600 * 1000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .map(Number);
  return { year, month, day };
}

function stringNotes(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

async function createOrder(gateway: StandinGateway, body: Record<string, unknown>, res: ServerResponse) {
  const amount = Number(body.amount);
  if (!Number.isInteger(amount) || amount < 100) {
    return sendError(res, 400, 'The amount must be atleast INR 1.00', 'amount');
  }
  const currency = typeof body.currency === 'string' ? body.currency : '';
  if (currency !== 'INR') return sendError(res, 400, 'The currency is not supported.', 'currency');
  const receipt = body.receipt === undefined || body.receipt === null ? null : String(body.receipt);
  if (receipt !== null && receipt.length > 40) {
    return sendError(res, 400, 'The receipt may not be greater than 40 characters.', 'receipt');
  }
  sendJson(res, 200, gateway.state.createOrder({ amount, currency, receipt, notes: stringNotes(body.notes) }));
}

function refund(
  gateway: StandinGateway,
  paymentId: string,
  req: IncomingMessage,
  raw: string,
  body: Record<string, unknown>,
  res: ServerResponse,
) {
  const payment = gateway.state.payments.get(paymentId);
  if (!payment) return sendError(res, 400, NO_SUCH_ID);
  const key = req.headers['x-refund-idempotency'];
  if (typeof key === 'string') {
    if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) return sendError(res, 400, 'The idempotency key is invalid.');
    const earlier = gateway.state.refundKeys.get(key);
    if (earlier) {
      if (earlier.body !== raw) {
        return sendError(res, 400, 'Different request with the same idempotency key has already been processed.');
      }
      return sendJson(res, 200, gateway.state.refunds.get(earlier.refundId));
    }
  }
  // Razorpay takes `normal` or `optimum` (instant where the bank allows it), and normal when none is named.
  if (body.speed !== undefined && body.speed !== 'normal' && body.speed !== 'optimum') {
    return sendError(res, 400, 'The selected speed is invalid.', 'speed');
  }
  if (!payment.captured) return sendError(res, 400, 'The payment has not been captured');
  const left = payment.amount - payment.amount_refunded;
  const amount = body.amount === undefined ? left : Number(body.amount);
  if (!Number.isInteger(amount) || amount < 100) {
    return sendError(res, 400, 'The amount must be atleast INR 1.00', 'amount');
  }
  if (amount > left) {
    return sendError(res, 400, 'The total refund amount is greater than the refund payment amount', 'amount');
  }
  const made = gateway.refund(payment, amount, stringNotes(body.notes));
  if (typeof key === 'string') gateway.state.refundKeys.set(key, { body: raw, refundId: made.id });
  sendJson(res, 200, made);
}

function recon(gateway: StandinGateway, query: URLSearchParams, res: ServerResponse) {
  const year = Number(query.get('year'));
  const month = Number(query.get('month'));
  const day = query.get('day') === null ? null : Number(query.get('day'));
  if (!/^\d{4}$/.test(query.get('year') ?? '')) return sendError(res, 400, 'The year must be 4 digits.', 'year');
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return sendError(res, 400, 'The month is not a valid month.', 'month');
  }
  const count = Math.min(1000, Math.max(1, Number(query.get('count') ?? 10)));
  const skip = Math.max(0, Number(query.get('skip') ?? 0));
  const all = gateway.state.recon.filter((item) => {
    const at = kolkataParts(item.settled_at);
    return at.year === year && at.month === month && (day === null || at.day === day);
  });
  const items = all.slice(skip, skip + count);
  sendJson(res, 200, { entity: 'collection', count: items.length, items });
}

function checkout(gateway: StandinGateway, params: Record<string, unknown>, res: ServerResponse) {
  if (params.key_id !== gateway.keys.keyId) return sendHtml(res, 400, messagePage('Checkout', 'Unknown key_id.'));
  const order = gateway.order(String(params.order_id ?? ''));
  if (!order) return sendHtml(res, 400, messagePage('Checkout', 'Unknown order.'));
  const callbackUrl = String(params.callback_url ?? '');
  if (!/^https?:\/\//.test(callbackUrl)) {
    return sendHtml(res, 400, messagePage('Checkout', 'A callback_url is required.'));
  }
  if (order.status === 'paid') return sendHtml(res, 409, messagePage('Checkout', 'This order is already paid.'));
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  sendHtml(
    res,
    200,
    checkoutPage({
      order,
      callbackUrl,
      cancelUrl: text(params.cancel_url),
      name: text(params.name),
      description: text(params.description),
    }),
  );
}

/** A button of the hosted page: pay, fail or cancel, then back to the merchant's callback. */
function checkoutAction(
  gateway: StandinGateway,
  orderId: string,
  action: string,
  form: Record<string, unknown>,
  res: ServerResponse,
) {
  const order = gateway.order(orderId);
  const callbackUrl = String(form.callback_url ?? '');
  if (!order || !/^https?:\/\//.test(callbackUrl)) return sendHtml(res, 400, messagePage('Checkout', 'Unknown order.'));
  if (order.status === 'paid') return sendHtml(res, 409, messagePage('Checkout', 'This order is already paid.'));
  if (action === 'pay') {
    const payment = gateway.pay(order);
    return sendHtml(
      res,
      200,
      postBackPage(callbackUrl, {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: gateway.paymentSignature(order.id, payment.id),
      }),
    );
  }
  if (action === 'fail') {
    const payment = gateway.fail(order);
    return sendHtml(
      res,
      200,
      postBackPage(callbackUrl, {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[source]': 'customer',
        'error[step]': 'payment_authorization',
        'error[reason]': 'payment_failed',
        'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: order.id }),
      }),
    );
  }
  // Razorpay sends a payer who cancels to cancel_url when one was given, by a plain redirect.
  const cancelUrl = typeof form.cancel_url === 'string' && form.cancel_url ? form.cancel_url : null;
  if (cancelUrl) return redirect(res, cancelUrl);
  sendHtml(
    res,
    200,
    postBackPage(callbackUrl, {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment processing cancelled by user',
      'error[reason]': 'payment_cancelled',
      'error[metadata]': JSON.stringify({ order_id: order.id }),
    }),
  );
}

type Handler = () => void | Promise<void>;

/** Which handler answers a request, or null when the path is not one of the API's. */
function route(
  gateway: StandinGateway,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: string,
): Handler | null {
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/\/$/, '');
  const body = parseBody(req, raw);
  if (path === '/v1/checkout/embedded') {
    // Razorpay's hosted checkout is opened by a form POST: a GET is refused, so the site's way in is the real one.
    if (method !== 'POST') {
      return () => sendHtml(res, 405, messagePage('Checkout', 'Open the checkout with a form POST.'));
    }
    return () => checkout(gateway, body, res);
  }
  const action = match('/v1/checkout/embedded/:orderId/:action', path);
  if (action && method === 'POST' && ['pay', 'fail', 'cancel'].includes(action.action)) {
    return () => checkoutAction(gateway, action.orderId, action.action, body, res);
  }
  if (!path.startsWith('/v1/')) return null;
  if (!gateway.authorized(req.headers.authorization)) return () => sendError(res, 401, 'Authentication failed');
  if (path === '/v1/orders' && method === 'POST') return () => createOrder(gateway, body, res);
  if (path === '/v1/settlements/recon/combined' && method === 'GET') return () => recon(gateway, url.searchParams, res);
  const order = match('/v1/orders/:id', path);
  if (order && method === 'GET') {
    const found = gateway.order(order.id);
    return () => (found ? sendJson(res, 200, found) : sendError(res, 400, NO_SUCH_ID));
  }
  const orderPayments = match('/v1/orders/:id/payments', path);
  if (orderPayments && method === 'GET') {
    if (!gateway.order(orderPayments.id)) return () => sendError(res, 400, NO_SUCH_ID);
    const items = [...gateway.state.payments.values()].filter((p) => p.order_id === orderPayments.id);
    return () => sendJson(res, 200, { entity: 'collection', count: items.length, items });
  }
  const payment = match('/v1/payments/:id', path);
  if (payment && method === 'GET') {
    const found = gateway.state.payments.get(payment.id);
    return () => (found ? sendJson(res, 200, found) : sendError(res, 400, NO_SUCH_ID));
  }
  const paymentRefund = match('/v1/payments/:id/refund', path);
  if (paymentRefund && method === 'POST') return () => refund(gateway, paymentRefund.id, req, raw, body, res);
  return () => sendError(res, 404, 'The requested URL was not found on the server.', null, 'NOT_FOUND');
}

/** Answers a /v1 request; false when the path is not one of the API's. */
export async function handleApi(
  gateway: StandinGateway,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: string,
): Promise<boolean> {
  const handler = route(gateway, req, res, url, raw);
  if (!handler) return false;
  await handler();
  return true;
}
