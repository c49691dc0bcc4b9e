import { z } from '@hono/zod-openapi';
import { ONLINE_PURPOSES, OnlinePaymentBody, OnlinePaymentSchema } from '../../../lib/schemas/online';
import { conflict } from '../../domains/errors';
import { handleCallback } from '../../domains/money/gateway/callback';
import { checkoutFormFor, startOnlinePayment } from '../../domains/money/gateway/online';
import { handleWebhook } from '../../domains/money/gateway/webhook';
import { payerTeller } from '../../domains/money/decision-mail';
import { clientAddress, requireUser, type AppContext } from '../context';
import { ANYONE, apiRoute, createRouter, jsonBody, respond } from '../openapi';
import { checkoutPage, checkoutPagePolicy } from './checkout-page';

/**
 * Online payment through the gateway: start one (the server computes the amount), the payer's
 * return from the hosted page, and the gateway's webhook. Without gateway keys in the
 * environment the mode is not offered: `available` says so and starting answers 409.
 */
const tags = ['Payments (online)'];

const NOT_OFFERED = 'Online payment is not available; pay by UPI or bank transfer and report it.';

const availabilityRoute = apiRoute({
  method: 'get',
  path: '/online',
  summary: 'Whether online payment (Razorpay) is offered on this site',
  tags,
  access: ANYONE,
  data: z.object({ available: z.boolean(), purposes: z.array(z.enum(ONLINE_PURPOSES)) }),
});

const startRoute = apiRoute({
  method: 'post',
  path: '/online',
  summary:
    'Starts an online payment for an application (status token), a renewal (the member) or a NATCON order (order token)',
  description:
    'The amount is computed by the server. Answers the gateway order and the hosted checkout page to send the payer to.',
  tags,
  access: ANYONE,
  request: { body: jsonBody(OnlinePaymentBody) },
  data: OnlinePaymentSchema,
  status: 201,
  errors: [404, 409],
});

const checkoutRoute = apiRoute({
  method: 'get',
  path: '/online/checkout/{orderId}',
  summary: 'The page that opens the gateway’s hosted checkout for an open order (a form POST to the gateway)',
  description:
    'Answers HTML with its own Content-Security-Policy (a hashed one-line script submits the form; a button does without script). 404 once the order is paid or closed.',
  tags,
  access: ANYONE,
  request: { params: z.object({ orderId: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/) }) },
  data: z.string(),
  produces: 'text/html',
  errors: [404, 409],
});

/** The callback's documented parameters; the gateway may send more, which are ignored. */
const CallbackQuery = z.object({
  razorpay_payment_id: z.string().max(60).optional(),
  razorpay_order_id: z.string().max(60).optional(),
  razorpay_signature: z.string().max(200).optional(),
  cancelled: z.string().max(5).optional(),
});

function redirectRoute(method: 'get' | 'post') {
  const route = apiRoute({
    method,
    path: '/online/callback',
    summary:
      method === 'get'
        ? 'The payer’s return from the hosted checkout (signature checked); redirects to the status page'
        : 'The same return posted as a form, as Razorpay’s hosted checkout sends it',
    tags,
    access: ANYONE,
    request: method === 'get' ? { query: CallbackQuery } : undefined,
    data: z.null(),
  });
  return {
    ...route,
    responses: { 303: { description: 'To the purpose’s status page, with `payment=paid|pending|not_paid`' } },
  };
}

const webhookRoute = apiRoute({
  method: 'post',
  path: '/gateway/webhook',
  summary: 'The gateway’s webhook: payment.captured, order.paid, payment.failed, refund.processed',
  description:
    'Signed with X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret): 400 on a bad signature, nothing changed. Each X-Razorpay-Event-Id is processed once; a duplicate or an unknown order answers 200, nothing changed.',
  tags,
  access: ANYONE,
  data: z.object({ status: z.enum(['processed', 'duplicate']), outcome: z.string().optional() }),
});

function gatewayOf(c: AppContext) {
  const gateway = c.var.deps.gateway;
  if (!gateway) throw conflict(NOT_OFFERED);
  return gateway;
}

async function callback(c: AppContext, query: Record<string, string | undefined>) {
  const { db, mailer, siteUrl, now } = c.var.deps;
  const location = await handleCallback(db, gatewayOf(c), query, now(), payerTeller(db, mailer, siteUrl));
  return c.redirect(location, 303);
}

export const onlinePaymentsRouter = createRouter()
  .openapi(availabilityRoute, (c) =>
    respond(c, { available: Boolean(c.var.deps.gateway), purposes: c.var.deps.gateway ? [...ONLINE_PURPOSES] : [] }),
  )
  .openapi(startRoute, async (c) => {
    const { db, now, siteUrl } = c.var.deps;
    const gateway = gatewayOf(c);
    const body = c.req.valid('json');
    // A member pays their renewal signed in; the others by their status or order token.
    const user = c.req.header('authorization') ? await requireUser(c) : null;
    const started = await startOnlinePayment(
      db,
      gateway,
      body.purpose,
      {
        subjectId: body.subjectId,
        statusToken: body.statusToken ?? null,
        caller: user,
        now: now(),
        ip: clientAddress(c),
      },
      siteUrl,
    );
    return respond(c, started, 201);
  })
  .openapi(checkoutRoute, async (c) => {
    const { db, siteUrl } = c.var.deps;
    const form = await checkoutFormFor(db, gatewayOf(c), c.req.valid('param').orderId, siteUrl);
    c.header('Content-Security-Policy', checkoutPagePolicy(form.action));
    c.header('Cache-Control', 'no-store');
    return c.html(checkoutPage(form));
  })
  .openapi(redirectRoute('get'), (c) => callback(c, c.req.query()))
  .openapi(redirectRoute('post'), async (c) => {
    const form = await c.req.parseBody();
    return callback(
      c,
      Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : undefined])),
    );
  })
  .openapi(webhookRoute, async (c) => {
    const { db, now, mailer, siteUrl } = c.var.deps;
    const rawBody = await c.req.text();
    const result = await handleWebhook(
      db,
      gatewayOf(c),
      { rawBody, signature: c.req.header('x-razorpay-signature'), eventId: c.req.header('x-razorpay-event-id') },
      now(),
      mailer,
      payerTeller(db, mailer, siteUrl),
    );
    return respond(c, result);
  });
