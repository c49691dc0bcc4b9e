import { z } from 'zod';
import { isCalendarDay } from '../financial-year';
import { MAX_RECORD_ID } from './common';
import { PAYMENT_MODES, PAYMENT_STATES } from './money';
import { PaymentCreditNoteSchema, PaymentInvoiceSchema } from './gst';

/**
 * Online payments, refunds and bank-statement matching as forms and the API share them
 * (client-safe). Amounts are integer paise.
 */

export const ONLINE_PURPOSES = ['membership_application', 'membership_renewal', 'natcon_order'] as const;

export const OnlinePaymentBody = z.object({
  purpose: z.enum(ONLINE_PURPOSES, { errorMap: () => ({ message: 'Choose what is paid for.' }) }),
  subjectId: z.number().int().positive().max(MAX_RECORD_ID),
  /** The applicant's status token or the NATCON buyer's order token; a member pays signed in. */
  statusToken: z.string().min(10).max(200).optional(),
});

export const OnlinePaymentSchema = z.object({
  paymentId: z.number().int(),
  gatewayOrderId: z.string(),
  amount: z.number().int(),
  checkoutUrl: z.string().url(),
});

export const REFUND_MODES = PAYMENT_MODES.filter((m) => m !== 'online');

export const RefundBody = z.object({
  amount: z.number().int().positive({ message: 'Enter an amount above zero in paise.' }),
  reason: z.string().trim().min(1, 'Say why the money is refunded.').max(500),
  /** Offline payments: how the money was sent back, its reference and date. */
  mode: z.enum(REFUND_MODES as [string, ...string[]]).optional(),
  reference: z.string().trim().max(60).optional(),
  refundedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written YYYY-MM-DD.')
    .refine(isCalendarDay, 'Use a date written YYYY-MM-DD.')
    .optional(),
});

export const RefundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  mode: z.string(),
  reference: z.string().nullable(),
  refundedOn: z.string().nullable(),
  state: z.enum(['due', 'pending', 'processed', 'failed']),
  gatewayRefundId: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const PaymentDetailSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  subjectId: z.number().int(),
  subjectLabel: z.string().nullable(),
  payerName: z.string(),
  payerEmail: z.string(),
  mode: z.string(),
  reference: z.string().nullable(),
  amount: z.number().int(),
  paidOn: z.string(),
  state: z.enum(PAYMENT_STATES),
  note: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  gateway: z
    .object({
      orderId: z.string(),
      paymentId: z.string().nullable(),
      status: z.enum(['open', 'paid', 'closed', 'flagged']),
      flag: z.string().nullable(),
      method: z.string().nullable(),
      settlement: z
        .object({
          id: z.string(),
          utr: z.string().nullable(),
          fee: z.number().int().nullable(),
          tax: z.number().int().nullable(),
          settledOn: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  refunds: z.array(RefundSchema),
  refunded: z.number().int(),
  /** Paise that may still be refunded. */
  refundable: z.number().int(),
  invoice: PaymentInvoiceSchema.nullable(),
  creditNotes: z.array(PaymentCreditNoteSchema),
});
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

export const StatementSummarySchema = z.object({
  id: z.number().int(),
  lines: z.number().int(),
  matched: z.number().int(),
  ambiguous: z.number().int(),
  unmatched: z.number().int(),
  seen: z.number().int(),
});

/** The columns a statement is read by, in the order the mapping screen shows them. */
export const STATEMENT_COLUMNS = ['date', 'narration', 'reference', 'debit', 'credit', 'balance'] as const;
export type StatementColumnRole = (typeof STATEMENT_COLUMNS)[number];

export const StatementPreviewSchema = z.object({
  headerRow: z.number().int().nullable(),
  columns: z.array(z.string()),
  guess: z.record(z.enum(STATEMENT_COLUMNS), z.string().nullable()),
  sample: z.array(z.array(z.string())),
});
export type StatementPreview = z.infer<typeof StatementPreviewSchema>;

/** The `columns` field of an upload: each role's column by name, and the header row. */
export const StatementColumnsSchema = z
  .object({
    date: z.string().max(200),
    narration: z.string().max(200),
    reference: z.string().max(200),
    debit: z.string().max(200),
    credit: z.string().max(200),
    balance: z.string().max(200),
    headerRow: z.number().int().min(1).max(30),
  })
  .partial()
  .strict();

export const STATEMENT_LINE_STATUSES = ['proposed', 'ambiguous', 'unmatched', 'confirmed', 'seen'] as const;

export const StatementSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  uploadedAt: z.string(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      lineNumber: z.number().int(),
      valueDate: z.string().nullable(),
      narration: z.string(),
      bankReference: z.string().nullable(),
      credit: z.number().int(),
      status: z.enum(STATEMENT_LINE_STATUSES),
      paymentId: z.number().int().nullable(),
      candidates: z.array(
        z.object({
          id: z.number().int(),
          reference: z.string().nullable(),
          payerName: z.string(),
          amount: z.number().int(),
        }),
      ),
    }),
  ),
});
export type Statement = z.infer<typeof StatementSchema>;

export const ConfirmMatchesBody = z.object({
  lineIds: z.array(z.number().int().positive().max(MAX_RECORD_ID)).max(1000).optional(),
});

export const ConfirmMatchesSchema = z.object({
  confirmed: z.array(
    z.object({ lineId: z.number().int(), paymentId: z.number().int(), receiptNumber: z.string().nullable() }),
  ),
  skipped: z.array(z.object({ lineId: z.number().int(), reason: z.string() })),
});

export const MonthlyFeesSchema = z.array(
  z.object({
    month: z.string(),
    payments: z.number().int(),
    amount: z.number().int(),
    fee: z.number().int(),
    tax: z.number().int(),
  }),
);
