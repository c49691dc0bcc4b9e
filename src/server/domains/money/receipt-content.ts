import type { DB } from '../../platform/db';
import type { PaymentMode } from '../../platform/db/schema';
import { amountInIndianWords } from '../../../lib/indian-words';
import { kolkataDate } from '../../../lib/financial-year';
import { PAYMENT_MODE_LABELS, PAYMENT_PURPOSE_LABELS, type PaymentPurpose } from '../../../lib/schemas/money';
import type { PaymentPurposeHandler, PaymentRecord, ReceiptLine } from './purposes';
import { readPaymentSettings } from './settings';

/**
 * What a receipt prints, fixed when the payment is verified and stored with it: a later change of
 * the institute's address or GSTIN, or of a fee, never changes a receipt already given.
 */
export interface ReceiptContent {
  number: string;
  financialYear: string;
  /** Day of verification in Kolkata, `YYYY-MM-DD`. */
  date: string;
  institute: { name: string; address: string; gstin: string | null };
  payer: { name: string; email: string };
  purpose: string;
  purposeLabel: string;
  subjectLabel: string | null;
  lines: ReceiptLine[];
  /** What was received, paise: the payment's amount. */
  total: number;
  totalInWords: string;
  mode: PaymentMode;
  modeLabel: string;
  reference: string | null;
  paidOn: string;
  /** The GST tax invoice issued with this payment; absent on receipts from before invoices, or with no GSTIN set. */
  invoiceNumber?: string | null;
}

export async function buildReceiptContent(
  trx: DB,
  payment: PaymentRecord,
  handler: PaymentPurposeHandler,
  now: Date,
): Promise<ReceiptContent> {
  if (!payment.receiptNumber || !payment.receiptFinancialYear) throw new Error('A receipt needs its number first.');
  const [settings, lines, labels] = await Promise.all([
    readPaymentSettings(trx),
    handler.receiptLines(trx, payment),
    handler.subjectLabels?.(trx, [payment.subjectId]),
  ]);
  const withTotal = lines.some((line) => line.kind === 'total')
    ? lines
    : [...lines, { kind: 'total' as const, label: 'Total', amount: payment.amount }];
  return {
    number: payment.receiptNumber,
    financialYear: payment.receiptFinancialYear,
    date: kolkataDate(now),
    institute: { ...settings.institute },
    payer: { name: payment.payerName, email: payment.payerEmail },
    purpose: payment.purpose,
    purposeLabel: PAYMENT_PURPOSE_LABELS[payment.purpose as PaymentPurpose] ?? payment.purpose,
    subjectLabel: labels?.get(payment.subjectId) ?? null,
    lines: withTotal,
    total: payment.amount,
    totalInWords: amountInIndianWords(payment.amount),
    mode: payment.mode,
    modeLabel: PAYMENT_MODE_LABELS[payment.mode],
    reference: payment.reference,
    paidOn: payment.paidOn,
  };
}
