import { z } from '@hono/zod-openapi';
import { bearerToken } from '../../domains/identity/authorize';
import { requireUser } from '../context';
import { notFound, unauthenticated } from '../../domains/errors';
import { paymentForRequest } from '../money/payments';
import { readInvoice } from '../../domains/gst/invoices';
import { renderTaxDocumentPdf } from '../../domains/gst/invoice-pdf';
import { apiRoute, createRouter } from '../openapi';

/**
 * A GST tax invoice's PDF, for whoever may see the payment it was issued with: staff who may see
 * the payment, the member it belongs to, or (`?token=`) the holder of the order's or application's
 * status token, exactly as for the payment's receipt.
 */
const tags = ['GST invoices'];

const invoicePdfRoute = apiRoute({
  method: 'get',
  path: '/{file}',
  summary: 'The PDF of a GST tax invoice: `/api/invoices/{id}.pdf`',
  description:
    '`file` is the invoice id followed by `.pdf`. With a bearer token: staff who may see the payment, or the ' +
    'member it belongs to. Without one: `?token=` the status token of the order or application paid for.',
  tags,
  access: { kind: 'signed-in-by-handler' },
  request: {
    // Checked in the handler, after the caller: a stranger learns nothing from a malformed name.
    params: z.object({ file: z.string().max(20) }),
    query: z.object({ token: z.string().min(1).max(200).optional() }).strict(),
  },
  data: z.string(),
  produces: 'application/pdf',
  errors: [404],
});

export const invoicesRouter = createRouter().openapi(invoicePdfRoute, async (c) => {
  const db = c.var.deps.db;
  const token = c.req.valid('query').token;
  if (bearerToken(c.req.header('authorization'))) await requireUser(c);
  else if (!token) throw unauthenticated('Sign in, or open the link with your status token.');
  const id = /^([1-9]\d{0,9})\.pdf$/.exec(c.req.valid('param').file)?.[1];
  const invoice = id ? await readInvoice(db, Number(id)) : null;
  if (!invoice) throw notFound('No such invoice.');
  // The same answer for an invoice that does not exist and one the caller may not see.
  await paymentForRequest(c, invoice.paymentId, token).catch(() => {
    throw notFound('No such invoice.');
  });
  const pdf = await renderTaxDocumentPdf(invoice.content);
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="invoice-${invoice.content.number.replace(/\//g, '-')}.pdf"`);
  c.header('X-Content-Type-Options', 'nosniff');
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
});
