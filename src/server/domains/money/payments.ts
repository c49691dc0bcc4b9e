import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { PaymentMode, PaymentRow } from '../../platform/db/schema';
import { conflict, forbidden, notFound, invalid } from '../errors';
import type { FieldErrors } from '../../../lib/envelope';
import { financialYearLabel, financialYearStart, isCalendarDay, kolkataDate } from '../../../lib/financial-year';
import { ROLE } from '../../../lib/roles';
import {
  PAYMENT_AMOUNT_MAX,
  PAYMENT_MODES,
  normalizePaymentReference,
  paymentReferenceKey,
  paymentReferenceError,
} from '../../../lib/schemas/money';
import { writeAudit } from '../audit/audit';
import { requirePaymentPurposeHandler, type PaymentPurposeHandler, type PaymentRecord } from './purposes';
import { issueInvoice } from '../gst/invoices';
import { buildReceiptContent } from './receipt-content';
import { isUniqueViolation } from '../../platform/db/errors';
import { isOwnPayment } from './member-portal';

/**
 * Payments reported by payers (UPI, bank transfer, demand draft, cheque; cash at the office) and
 * decided by staff. A decision is one conditional UPDATE (`state = 'reported'`), so a payment
 * decided twice at once is decided once; a verified payment gets the next receipt number of the
 * financial year from an atomic counter in the same transaction, so numbers never skip or repeat.
 */

export interface ReportPaymentInput {
  purpose: string;
  subjectId: number;
  /** The chapter whose admins may see it (the application's chapter); null or absent: national staff only. */
  chapterId?: number | null;
  payerName: string;
  payerEmail: string;
  mode: PaymentMode;
  /** UTR / UPI transaction id / DD or cheque number; optional for cash only. */
  reference?: string | null;
  /** Paise. */
  amount: number;
  /** `YYYY-MM-DD`, not after today in Kolkata. */
  paidOn: string;
}

/** Who decides payments: the super admin and the admins (roles 2 and 5), nationally. */
export function mayDecidePayments(caller: AuthUser): boolean {
  return caller.roleId === ROLE.superAdmin || caller.roleId === ROLE.admin;
}

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    purpose: row.purpose,
    subjectId: row.subject_id,
    chapterId: row.chapter_id,
    payerName: row.payer_name,
    payerEmail: row.payer_email,
    mode: row.mode,
    reference: row.reference,
    amount: row.amount,
    paidOn: row.paid_on,
    state: row.state,
    note: row.note,
    reportedAt: row.reported_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    receiptNumber: row.receipt_number,
    receiptFinancialYear: row.receipt_financial_year,
  };
}

function checkReport(input: ReportPaymentInput, now: Date): FieldErrors {
  const fields: FieldErrors = {};
  if (!(PAYMENT_MODES as readonly string[]).includes(input.mode)) fields.mode = 'Choose how you paid.';
  else if (input.mode === 'online') {
    // Recorded by the online start (its reference comes from the gateway when paid), never reported.
    if (input.reference) fields.reference = 'An online payment has no reference until the gateway confirms it.';
  } else {
    const referenceError = paymentReferenceError(input.mode, input.reference);
    if (referenceError) fields.reference = referenceError;
  }
  if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > PAYMENT_AMOUNT_MAX) {
    fields.amount = 'Enter an amount above zero in paise.';
  }
  if (!isCalendarDay(input.paidOn)) {
    fields.paidOn = 'Use a date written YYYY-MM-DD.';
  } else if (input.paidOn > kolkataDate(now)) fields.paidOn = 'The payment date cannot be in the future.';
  if (!input.payerName.trim()) fields.payerName = 'Enter the payer’s name.';
  if (!input.payerEmail.trim()) fields.payerEmail = 'Enter the payer’s e-mail.';
  return fields;
}

const DUPLICATE_REFERENCE = 'This reference has already been reported for another payment.';

/**
 * Records a payment as reported (call it inside the purpose's own transaction when the subject
 * changes state too). 400 with `fields` for a reference that does not fit its mode, a date in the
 * future or a bad amount; 409 with `fields.reference` when the reference was already reported and
 * not rejected.
 */
export async function reportPayment(db: DB, input: ReportPaymentInput, now: Date = new Date()): Promise<PaymentRecord> {
  const fields = checkReport(input, now);
  if (Object.keys(fields).length) throw invalid(fields);
  const reference = normalizePaymentReference(input.mode, input.reference);
  const referenceKey = paymentReferenceKey(input.mode, reference);
  if (reference && input.mode !== 'cash') {
    // A friendlier early answer only: the unique indexes decide when two reports race.
    const taken = await db
      .selectFrom('payments')
      .select('id')
      .where((eb) =>
        referenceKey
          ? eb('reference_key', '=', referenceKey)
          : eb.and([eb('mode', '=', input.mode), eb('reference', '=', reference)]),
      )
      .where('state', '<>', 'rejected')
      .executeTakeFirst();
    if (taken) throw conflict(DUPLICATE_REFERENCE, { reference: DUPLICATE_REFERENCE });
  }
  try {
    const row = await db
      .insertInto('payments')
      .values({
        purpose: input.purpose,
        subject_id: input.subjectId,
        chapter_id: input.chapterId ?? null,
        payer_name: input.payerName.trim(),
        payer_email: input.payerEmail.trim(),
        mode: input.mode,
        reference,
        reference_key: referenceKey,
        amount: input.amount,
        paid_on: input.paidOn,
        state: 'reported',
        note: null,
        reported_at: nowIso(now),
        decided_by: null,
        decided_at: null,
        receipt_number: null,
        receipt_financial_year: null,
        receipt: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPaymentRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_REFERENCE, { reference: DUPLICATE_REFERENCE });
    throw error;
  }
}

/** `NIPM/RCPT/2026-27/000001`. */
export function formatReceiptNumber(financialYear: string, sequence: number): string {
  return `NIPM/RCPT/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/**
 * The next receipt number of a financial year, in ONE statement: the row is created at 1 or
 * incremented, and on PostgreSQL stays locked until the transaction ends, so a verification that
 * rolls back gives its number back and the numbers run without gaps.
 */
export async function nextReceiptNumber(trx: DB, financialYear: string): Promise<string> {
  const row = await trx
    .insertInto('receipt_sequences')
    .values({ financial_year: financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc.column('financial_year').doUpdateSet((eb) => ({ last_number: eb('receipt_sequences.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return formatReceiptNumber(financialYear, row.last_number);
}

/** The GST tax invoice of a payment being verified, when its purpose names a taxable supply and a GSTIN is set. */
async function issueInvoiceOf(trx: DB, payment: PaymentRecord, handler: PaymentPurposeHandler, now: Date) {
  const supply = await handler.taxableSupply?.(trx, payment);
  if (!supply) return null;
  return issueInvoice(
    trx,
    {
      paymentId: payment.id,
      receiptNumber: payment.receiptNumber,
      paidOn: payment.paidOn,
      amount: payment.amount,
      supply,
    },
    now,
  );
}

type Decision = 'verified' | 'rejected';

async function decidePayment(
  db: DB,
  caller: AuthUser,
  paymentId: number,
  decision: Decision,
  note: string | null | undefined,
  now: Date,
): Promise<PaymentRecord> {
  // decidePaymentWithin asks whether the caller may decide, before it reads anything.
  return db.transaction().execute((trx) => decidePaymentWithin(trx, caller, paymentId, decision, note, now));
}

/**
 * The decision inside the caller's transaction, for a purpose that records and verifies in one step
 * (a renewal paid in cash at the office): the same conditional update, receipt number, stored
 * receipt, purpose hook and audit entry as a decision made in the payments list.
 */
export async function decidePaymentWithin(
  trx: DB,
  caller: AuthUser,
  paymentId: number,
  decision: Decision,
  note: string | null | undefined,
  now: Date,
): Promise<PaymentRecord> {
  if (!mayDecidePayments(caller)) throw forbidden();
  // The gateway decides online payments; staff only those it flagged (an amount that differs…).
  const online = await trx
    .selectFrom('gateway_orders')
    .select('status')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (online && online.status !== 'flagged') {
    throw conflict('This payment is made online: the gateway confirms it, or it is closed when left unpaid.');
  }
  return decide(trx, caller, paymentId, decision, note, now);
}

/**
 * The same decision taken on the gateway's word (an online payment captured, or closed unpaid):
 * no person decides, so nobody is recorded as the decider.
 */
export function decideByGatewayWithin(
  trx: DB,
  paymentId: number,
  decision: Decision,
  note: string,
  now: Date,
): Promise<PaymentRecord> {
  return decide(trx, null, paymentId, decision, note, now);
}

async function decide(
  trx: DB,
  caller: AuthUser | null,
  paymentId: number,
  decision: Decision,
  note: string | null | undefined,
  now: Date,
): Promise<PaymentRecord> {
  const at = nowIso(now);
  const decided = await trx
    .updateTable('payments')
    .set({ state: decision, note: note?.trim() || null, decided_by: caller?.id ?? null, decided_at: at })
    .where('id', '=', paymentId)
    .where('state', '=', 'reported')
    .returningAll()
    .executeTakeFirst();
  if (!decided) {
    const existing = await trx.selectFrom('payments').select('state').where('id', '=', paymentId).executeTakeFirst();
    if (!existing) throw notFound('No such payment.');
    throw conflict(`This payment was already ${existing.state}.`);
  }
  let payment = toPaymentRecord(decided);
  const handler = requirePaymentPurposeHandler(payment.purpose);
  if (decision === 'verified') {
    const financialYear = financialYearLabel(financialYearStart(kolkataDate(now)));
    const receiptNumber = await nextReceiptNumber(trx, financialYear);
    payment = { ...payment, receiptNumber, receiptFinancialYear: financialYear };
    const invoice = await issueInvoiceOf(trx, payment, handler, now);
    const content = {
      ...(await buildReceiptContent(trx, payment, handler, now)),
      invoiceNumber: invoice?.number ?? null,
    };
    await trx
      .updateTable('payments')
      .set({ receipt_number: receiptNumber, receipt_financial_year: financialYear, receipt: JSON.stringify(content) })
      .where('id', '=', paymentId)
      .execute();
    await handler.onVerified(trx, payment, caller);
  } else {
    await handler.onRejected(trx, payment, caller);
  }
  await writeAudit(trx, {
    action: decision === 'verified' ? 'payment.verified' : 'payment.rejected',
    at: now,
    actorUserId: caller?.id ?? null,
    entity: 'payment',
    entityId: paymentId,
    detail: {
      before: { state: 'reported' },
      after: { state: decision, receiptNumber: payment.receiptNumber, note: payment.note },
    },
  });
  return payment;
}

/** Verifies a reported payment: receipt number, stored receipt, then the purpose's `onVerified`. 409 once decided. */
export function verifyPayment(
  db: DB,
  caller: AuthUser,
  paymentId: number,
  note?: string | null,
  now: Date = new Date(),
): Promise<PaymentRecord> {
  return decidePayment(db, caller, paymentId, 'verified', note, now);
}

/** Rejects a reported payment (the note says why), then the purpose's `onRejected`. 409 once decided. */
export function rejectPayment(
  db: DB,
  caller: AuthUser,
  paymentId: number,
  note?: string | null,
  now: Date = new Date(),
): Promise<PaymentRecord> {
  return decidePayment(db, caller, paymentId, 'rejected', note, now);
}

/**
 * A payment the caller may see, or a 404 that does not tell whether it exists: roles 2 and 5 see
 * every payment; others as the purpose's handler says (a chapter admin its chapter's, a member their own).
 */
export async function paymentForViewer(db: DB, caller: AuthUser, paymentId: number): Promise<PaymentRecord> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!row) throw notFound('No such payment.');
  const payment = toPaymentRecord(row);
  if (mayDecidePayments(caller)) return payment;
  if (caller.roleId === ROLE.contentAdmin) throw notFound('No such payment.');
  if (caller.roleId === ROLE.chapterAdmin && payment.chapterId !== null && payment.chapterId === caller.chapterId) {
    return payment;
  }
  // The payer's own payment, whatever it paid for (the member portal's receipts and invoices).
  if (await isOwnPayment(db, caller, paymentId)) return payment;
  const allowed = await requirePaymentPurposeHandler(payment.purpose).canView(db, caller, payment);
  if (!allowed) throw notFound('No such payment.');
  return payment;
}
