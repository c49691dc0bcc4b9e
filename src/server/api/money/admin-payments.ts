import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import { kolkataDate } from '../../../lib/financial-year';
import {
  DecisionBody,
  PAYMENT_MODE_LABELS,
  PAYMENT_STATE_LABELS,
  PaymentExportQuery,
  PaymentListQuery,
  PaymentSchema,
  type PaymentItem,
} from '../../../lib/schemas/money';
import type { DB } from '../../platform/db';
import { subjectLabelsOf } from '../../domains/money/coupon-admin';
import { exportPayments, listPayments } from '../../domains/money/payment-list';
import { paymentDecisionMail } from '../../domains/money/decision-mail';
import { rejectPayment, verifyPayment } from '../../domains/money/payments';
import type { PaymentRecord } from '../../domains/money/purposes';
import type { ApiDeps } from '../context';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/**
 * Reported payments for staff: roles 2 and 5 list and decide every payment; a chapter admin lists
 * its chapter's. Deciding is once only (409 after), and a verification gives the receipt number.
 */
const tags = ['Payments (staff)'];
const listers = rolesOnly(ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin);
const deciders = rolesOnly(ROLE.superAdmin, ROLE.admin);

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Payments, filtered by state, purpose, mode and a search, newest first by default',
  tags,
  access: listers,
  request: { query: PaymentListQuery },
  data: pagedSchema(PaymentSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'Payments as CSV: the list’s filters and order, every row',
  tags,
  access: listers,
  request: { query: PaymentExportQuery },
});

const decisionRoute = (action: 'verify' | 'reject') =>
  apiRoute({
    method: 'post',
    path: `/{id}/${action}`,
    summary:
      action === 'verify'
        ? 'Verifies a reported payment: receipt number and PDF receipt, e-mailed to the payer; the purpose moves on'
        : 'Rejects a reported payment with a note saying why; the payer is e-mailed the reason',
    tags,
    access: deciders,
    request: { params: IdParam, body: jsonBody(DecisionBody) },
    data: PaymentSchema,
    errors: [404, 409],
  });

const verifyRoute = decisionRoute('verify');
const rejectRoute = decisionRoute('reject');

/**
 * Tells the payer after the answer (the decision is committed by then); a failing mail server is
 * logged and never undoes the decision.
 */
function tellPayer(deps: ApiDeps, payment: PaymentRecord): void {
  deps.defer(async () => {
    try {
      await deps.mailer.send(await paymentDecisionMail(deps.db, payment, deps.siteUrl));
    } catch (error) {
      console.error('[payments] decision e-mail failed', payment.id, error);
    }
  });
}

async function withSubjectLabel(db: DB, payment: PaymentRecord): Promise<PaymentItem> {
  const label = await subjectLabelsOf(db, [payment]);
  return { ...payment, subjectLabel: label(payment.purpose, payment.subjectId) };
}

const EXPORT_COLUMNS: CsvColumn<PaymentItem>[] = [
  { header: 'Id', value: (p) => p.id },
  { header: 'Purpose', value: (p) => p.purpose },
  { header: 'For', value: (p) => p.subjectLabel ?? p.subjectId },
  { header: 'Payer', value: (p) => p.payerName },
  { header: 'E-mail', value: (p) => p.payerEmail },
  { header: 'Mode', value: (p) => PAYMENT_MODE_LABELS[p.mode] },
  { header: 'Reference', value: (p) => p.reference },
  { header: 'Amount (Rs)', value: (p) => (p.amount / 100).toFixed(2) },
  { header: 'Paid on', value: (p) => p.paidOn },
  { header: 'State', value: (p) => PAYMENT_STATE_LABELS[p.state] },
  { header: 'Reported at', value: (p) => p.reportedAt },
  { header: 'Decided at', value: (p) => p.decidedAt },
  { header: 'Note', value: (p) => p.note },
  { header: 'Receipt number', value: (p) => p.receiptNumber },
];

export const adminPaymentsRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listPayments(c.var.deps.db, caller(c), c.req.valid('query'))))
  .openapi(exportRoute, async (c) => {
    const deps = c.var.deps;
    const rows = exportPayments(deps.db, caller(c), c.req.valid('query'));
    return csvResponse(c, `payments-${kolkataDate(deps.now())}`, EXPORT_COLUMNS, rows);
  })
  .openapi(verifyRoute, async (c) => {
    const { db, now } = c.var.deps;
    const payment = await verifyPayment(db, caller(c), c.req.valid('param').id, c.req.valid('json').note, now());
    tellPayer(c.var.deps, payment);
    return respond(c, await withSubjectLabel(db, payment));
  })
  .openapi(rejectRoute, async (c) => {
    const { db, now } = c.var.deps;
    const payment = await rejectPayment(db, caller(c), c.req.valid('param').id, c.req.valid('json').note, now());
    tellPayer(c.var.deps, payment);
    return respond(c, await withSubjectLabel(db, payment));
  });
