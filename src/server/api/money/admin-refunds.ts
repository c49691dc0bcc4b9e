import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import { kolkataDate } from '../../../lib/financial-year';
import { PAYMENT_PURPOSE_LABELS, type PaymentPurpose } from '../../../lib/schemas/money';
import { RefundSchema } from '../../../lib/schemas/online';
import {
  MakeRefundBody,
  REFUND_STATE_LABELS,
  RefundQueueExportQuery,
  RefundQueueItemSchema,
  RefundQueueQuery,
  type RefundQueueItem,
} from '../../../lib/schemas/refunds';
import { makeDueRefund } from '../../domains/money/refunds/due';
import { exportRefunds, listRefunds } from '../../domains/money/refunds/queue';
import { clientAddress } from '../context';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/**
 * The refunds queue (roles 2 and 5): refunds owed without a decision (a withdrawn application's
 * money) wait here until staff make them; the refunds already made are listed after them.
 */
const tags = ['Refunds (staff)'];
const deciders = rolesOnly(ROLE.superAdmin, ROLE.admin);

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Refunds: the ones still to make first (oldest first), then the rest newest first',
  tags,
  access: deciders,
  request: { query: RefundQueueQuery },
  data: pagedSchema(RefundQueueItemSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'Refunds as CSV: the list’s filters and order, every row',
  tags,
  access: deciders,
  request: { query: RefundQueueExportQuery },
});

const makeRoute = apiRoute({
  method: 'post',
  path: '/{id}/make',
  summary:
    'Makes a refund that is due, for what is owed (never more than was paid less earlier refunds): offline with mode, reference and date; online through the gateway. The payer is e-mailed.',
  tags,
  access: deciders,
  request: { params: IdParam, body: jsonBody(MakeRefundBody) },
  data: RefundSchema,
  errors: [404, 409],
});

const EXPORT_COLUMNS: CsvColumn<RefundQueueItem>[] = [
  { header: 'Id', value: (r) => r.id },
  { header: 'Payment', value: (r) => r.paymentId },
  { header: 'Purpose', value: (r) => PAYMENT_PURPOSE_LABELS[r.purpose as PaymentPurpose] ?? r.purpose },
  { header: 'For', value: (r) => r.subjectLabel ?? r.subjectId },
  { header: 'Payer', value: (r) => r.payerName },
  { header: 'E-mail', value: (r) => r.payerEmail },
  { header: 'Receipt number', value: (r) => r.receiptNumber },
  { header: 'Amount (Rs)', value: (r) => (r.amount / 100).toFixed(2) },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'State', value: (r) => REFUND_STATE_LABELS[r.state] },
  { header: 'Mode', value: (r) => (r.state === 'due' ? '' : r.mode) },
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Refunded on', value: (r) => r.refundedOn },
  { header: 'Recorded at', value: (r) => r.createdAt },
];

export const adminRefundsRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listRefunds(c.var.deps.db, caller(c), c.req.valid('query'))))
  .openapi(exportRoute, async (c) => {
    const deps = c.var.deps;
    const rows = exportRefunds(deps.db, caller(c), c.req.valid('query'));
    return csvResponse(c, `refunds-${kolkataDate(deps.now())}`, EXPORT_COLUMNS, rows);
  })
  .openapi(makeRoute, async (c) => {
    const { db, now, mailer, gateway } = c.var.deps;
    const refund = await makeDueRefund(db, caller(c), c.req.valid('param').id, c.req.valid('json'), {
      now: now(),
      ip: clientAddress(c),
      mailer,
      gateway: gateway?.client ?? null,
    });
    return respond(c, refund);
  });
