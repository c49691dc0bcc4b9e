import { z } from '@hono/zod-openapi';
import { IdParam } from '../../../lib/schemas/common';
import { PaymentOptionsSchema } from '../../../lib/schemas/money';
import { bearerToken } from '../../domains/identity/authorize';
import { requireUser, type AppContext } from '../context';
import { notFound, unauthenticated } from '../../domains/errors';
import { paymentForViewer, toPaymentRecord } from '../../domains/money/payments';
import { handlerFor } from '../../domains/money/purposes';
import { readReceipt, renderReceiptPdf } from '../../domains/money/receipts';
import { readPaymentSettings } from '../../domains/money/settings';
import { ANYONE, apiRoute, createRouter, respond } from '../openapi';

/**
 * What payers use: the pay screens' options (public) and a verified payment's PDF receipt, for staff
 * who may see the payment, the member it belongs to, or whoever holds the subject's status token.
 */
const tags = ['Payments'];

const receiptRoute = apiRoute({
  method: 'get',
  path: '/{id}/receipt.pdf',
  summary: 'The PDF receipt of a verified payment',
  description:
    'With a bearer token: staff who may see the payment, or the member it belongs to. Without one: ' +
    '`?token=` the status token of the application or order the payment is for.',
  tags,
  access: { kind: 'signed-in-by-handler' },
  request: {
    params: IdParam,
    query: z.object({ token: z.string().min(1).max(200).optional() }).strict(),
  },
  data: z.string(),
  produces: 'application/pdf',
  errors: [404],
});

/** The payment behind a receipt request, if this caller may have it; a 404 otherwise, alike for all. */
export async function paymentForRequest(c: AppContext, paymentId: number, token: string | undefined) {
  const db = c.var.deps.db;
  if (bearerToken(c.req.header('authorization'))) return paymentForViewer(db, await requireUser(c), paymentId);
  if (!token) throw unauthenticated('Sign in, or open the link with your status token.');
  const row = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  const payment = row && toPaymentRecord(row);
  const handler = payment && handlerFor(payment.purpose);
  if (!payment || !(await handler?.tokenGrantsAccess?.(db, payment, token))) throw notFound('No such payment.');
  return payment;
}

export const paymentsRouter = createRouter().openapi(receiptRoute, async (c) => {
  const payment = await paymentForRequest(c, c.req.valid('param').id, c.req.valid('query').token);
  const receipt = await readReceipt(c.var.deps.db, payment.id);
  const pdf = await renderReceiptPdf(receipt);
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="receipt-${receipt.number.replace(/\//g, '-')}.pdf"`);
  c.header('X-Content-Type-Options', 'nosniff');
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
});

const optionsRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'How to pay the institute: UPI address and payee, bank account (for the pay screens)',
  tags,
  access: ANYONE,
  data: PaymentOptionsSchema,
});

export const paymentOptionsRouter = createRouter().openapi(optionsRoute, async (c) => {
  const settings = await readPaymentSettings(c.var.deps.db);
  return respond(c, {
    institute: { name: settings.institute.name, address: settings.institute.address },
    upi: settings.upi,
    bank: settings.bank,
    sample: settings.samples.some((key) => key === 'upi' || key === 'bank'),
  });
});
