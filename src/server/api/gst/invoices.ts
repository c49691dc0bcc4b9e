import { z } from '@hono/zod-openapi';
import { bearerToken } from '../../domains/identity/authorize';
import { requireUser } from '../context';
import { notFound, unauthenticated } from '../../domains/errors';
import { paymentForRequest } from '../money/payments';
import { readInvoice } from '../../domains/gst/invoices';
import { renderTaxDocumentPdf, type TaxDocument } from '../../domains/gst/invoice-pdf';
import { readCreditNote } from '../../domains/gst/credit-notes';
import type { DB } from '../../platform/db';
import { apiRoute, createRouter } from '../openapi';

/**
 * The PDFs of GST tax documents (a tax invoice, a credit note against one), for whoever may see the
 * payment they were issued with: staff who may see the payment, the member it belongs to, or
 * (`?token=`) the holder of the order's or application's status token, exactly as for the payment's
 * receipt.
 */
const tags = ['GST invoices'];

interface StoredTaxDocument {
  paymentId: number;
  content: TaxDocument;
}

function documentPdfRoute(kind: 'invoice' | 'credit note') {
  return apiRoute({
    method: 'get',
    path: '/{file}',
    summary:
      kind === 'invoice'
        ? 'The PDF of a GST tax invoice: `/api/invoices/{id}.pdf`'
        : 'The PDF of a GST credit note: `/api/credit-notes/{id}.pdf`',
    description:
      `\`file\` is the ${kind} id followed by \`.pdf\`. With a bearer token: staff who may see the payment, or the ` +
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
}

function documentPdfRouter(
  kind: 'invoice' | 'credit note',
  read: (db: DB, id: number) => Promise<StoredTaxDocument | null>,
) {
  const missing = `No such ${kind}.`;
  return createRouter().openapi(documentPdfRoute(kind), async (c) => {
    const token = c.req.valid('query').token;
    if (bearerToken(c.req.header('authorization'))) await requireUser(c);
    else if (!token) throw unauthenticated('Sign in, or open the link with your status token.');
    const id = /^([1-9]\d{0,9})\.pdf$/.exec(c.req.valid('param').file)?.[1];
    const stored = id ? await read(c.var.deps.db, Number(id)) : null;
    if (!stored) throw notFound(missing);
    // The same answer for a document that does not exist and one the caller may not see.
    await paymentForRequest(c, stored.paymentId, token).catch(() => {
      throw notFound(missing);
    });
    const pdf = await renderTaxDocumentPdf(stored.content);
    const filename = `${kind === 'invoice' ? 'invoice' : 'credit-note'}-${stored.content.number.replace(/\//g, '-')}.pdf`;
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${filename}"`);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
  });
}

export const invoicesRouter = documentPdfRouter('invoice', readInvoice);
export const creditNotesRouter = documentPdfRouter('credit note', readCreditNote);
