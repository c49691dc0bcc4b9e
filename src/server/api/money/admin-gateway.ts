import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { IdParam } from '../../../lib/schemas/common';
import {
  ConfirmMatchesBody,
  ConfirmMatchesSchema,
  MonthlyFeesSchema,
  PaymentDetailSchema,
  RefundBody,
  RefundSchema,
  StatementColumnsSchema,
  StatementPreviewSchema,
  StatementSchema,
  StatementSummarySchema,
} from '../../../lib/schemas/online';
import { invalid } from '../../domains/errors';
import { previewStatement } from '../../domains/money/statements/parse';
import { payerTeller } from '../../domains/money/decision-mail';
import { monthlyGatewayFees } from '../../domains/money/gateway/reconcile';
import { paymentDetail } from '../../domains/money/refunds/detail';
import { refundPayment } from '../../domains/money/refunds/refunds';
import { statementRows } from '../../domains/money/statements/read';
import { confirmMatches, statementView, uploadStatement } from '../../domains/money/statements/statements';
import { clientAddress } from '../context';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly, UploadedFile } from '../openapi';

/**
 * Staff money beyond the list: one payment's detail (gateway ids, settlement, refunds), refunds,
 * bank-statement matching and the gateway's monthly fees. Mounted at /api/admin/payments after
 * the list's router, so its fixed paths (`/export.csv`) are matched first.
 */
const tags = ['Payments (staff)'];
const viewers = rolesOnly(ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin);
const deciders = rolesOnly(ROLE.superAdmin, ROLE.admin);
const STATEMENT_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

const detailRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One payment: mode, state, receipt, gateway ids and settlement, refunds and what is refundable',
  tags,
  access: viewers,
  request: { params: IdParam },
  data: PaymentDetailSchema,
  errors: [404],
});

const refundRoute = apiRoute({
  method: 'post',
  path: '/{id}/refunds',
  summary: 'Refunds all or part of a verified payment (online: through the gateway; offline: records how it was sent)',
  tags,
  access: deciders,
  request: { params: IdParam, body: jsonBody(RefundBody) },
  data: RefundSchema,
  status: 201,
  errors: [404, 409],
});

const uploadRoute = apiRoute({
  method: 'post',
  path: '/statements',
  summary: 'Uploads a bank statement (CSV or .xlsx) and matches its credits to reported payments',
  description:
    'Optional `columns` (JSON: date, narration, reference, debit, credit, balance as the preview names the headers, and `headerRow`) when the bank words its headers differently.',
  tags,
  access: deciders,
  request: {
    body: {
      content: {
        'multipart/form-data': { schema: z.object({ file: UploadedFile, columns: z.string().max(1000).optional() }) },
      },
    },
  },
  bodyLimit: STATEMENT_BODY_LIMIT,
  data: StatementSummarySchema,
  status: 201,
});

const previewRoute = apiRoute({
  method: 'post',
  path: '/statements/preview',
  summary:
    'Reads a statement’s header and first lines, and guesses its columns, for the mapping screen (nothing saved)',
  tags,
  access: deciders,
  request: {
    body: { content: { 'multipart/form-data': { schema: z.object({ file: UploadedFile }) } } },
  },
  bodyLimit: STATEMENT_BODY_LIMIT,
  data: StatementPreviewSchema,
});

const statementRoute = apiRoute({
  method: 'get',
  path: '/statements/{id}',
  summary: 'A statement’s lines: proposed, ambiguous, unmatched, confirmed, or seen in an earlier upload',
  tags,
  access: deciders,
  request: { params: IdParam },
  data: StatementSchema,
  errors: [404],
});

const confirmRoute = apiRoute({
  method: 'post',
  path: '/statements/{id}/confirm',
  summary: 'Verifies the proposed matches (all, or the lines named), each as a manual verification',
  tags,
  access: deciders,
  request: { params: IdParam, body: jsonBody(ConfirmMatchesBody) },
  data: ConfirmMatchesSchema,
});

const feesRoute = apiRoute({
  method: 'get',
  path: '/gateway-fees',
  summary: 'The gateway’s fees by month of settlement, for the accountant',
  tags,
  access: deciders,
  request: { query: z.object({ year: z.coerce.number().int().min(2020).max(2100) }) },
  data: MonthlyFeesSchema,
});

/** The staff's column mapping sent with an upload (JSON text in the form); 400 when it is not one. */
function columnsOf(text: string | undefined) {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid({ columns: 'Send the column mapping as JSON.' });
  }
  const mapping = StatementColumnsSchema.safeParse(parsed);
  if (!mapping.success)
    throw invalid({ columns: 'Name each column by a header of the file, and the header row 1-30.' });
  return mapping.data;
}

export const adminGatewayRouter = createRouter()
  .openapi(feesRoute, async (c) => respond(c, await monthlyGatewayFees(c.var.deps.db, c.req.valid('query').year)))
  .openapi(previewRoute, async (c) => {
    const rows = await statementRows(new Uint8Array(await c.req.valid('form').file.arrayBuffer()));
    return respond(c, previewStatement(rows));
  })
  .openapi(uploadRoute, async (c) => {
    const { db, now } = c.var.deps;
    const form = c.req.valid('form');
    const rows = await statementRows(new Uint8Array(await form.file.arrayBuffer()));
    const summary = await uploadStatement(
      db,
      caller(c),
      { fileName: form.file.name || 'statement', rows, columns: columnsOf(form.columns) },
      { now: now(), ip: clientAddress(c) },
    );
    return respond(c, summary, 201);
  })
  .openapi(statementRoute, async (c) =>
    respond(c, await statementView(c.var.deps.db, caller(c), c.req.valid('param').id)),
  )
  .openapi(confirmRoute, async (c) => {
    const { db, now, mailer, siteUrl, defer } = c.var.deps;
    const result = await confirmMatches(db, caller(c), c.req.valid('param').id, c.req.valid('json').lineIds, now());
    // Each payer whose payment a match verified gets the receipt, as after a manual verification.
    const tell = payerTeller(db, mailer, siteUrl);
    defer(async () => {
      for (const confirmed of result.confirmed) await tell(confirmed.paymentId);
    });
    return respond(c, result);
  })
  .openapi(detailRoute, async (c) => respond(c, await paymentDetail(c.var.deps.db, caller(c), c.req.valid('param').id)))
  .openapi(refundRoute, async (c) => {
    const { db, now, mailer, gateway } = c.var.deps;
    const refund = await refundPayment(db, caller(c), c.req.valid('param').id, c.req.valid('json'), {
      now: now(),
      ip: clientAddress(c),
      mailer,
      gateway: gateway?.client ?? null,
    });
    return respond(c, refund, 201);
  });
