import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from './text';
import { pagedSchema, pagingQuery } from './common';

/**
 * GST invoicing settings (`GET|PATCH /api/admin/settings/gst`, super admin). The GSTIN's full check
 * (State code, PAN, check character) runs on the server and answers 400 `fields.gstin`.
 */
export const GST_SUPPLY_KINDS = ['membership', 'natcon_delegate', 'natcon_award'] as const;
export type GstSupplyKind = (typeof GST_SUPPLY_KINDS)[number];
export const GST_SUPPLY_LABELS: Record<GstSupplyKind, string> = {
  membership: 'Membership subscription and entrance fee',
  natcon_delegate: 'NATCON delegate fee',
  natcon_award: 'NATCON award nomination fee',
};

const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value, { multiLine: true }), CONTROL_CHARACTER_MESSAGE);

export const GstPurposeSchema = z
  .object({
    sac: z
      .string()
      .trim()
      .regex(/^99\d{4}$/, 'Enter a six-digit SAC starting 99, such as 999512.'),
    ratePercent: z
      .number({ invalid_type_error: 'Enter the rate in per cent.' })
      .min(0, 'Use 0 to 40.')
      .max(40, 'Use 0 to 40.')
      .refine((rate) => Math.abs(Math.round(rate * 100) - rate * 100) < 1e-6, 'Use at most two decimals.'),
  })
  .strict();

export const GstSettingsBody = z
  .object({
    legalName: text(200, 'Enter the legal name as registered for GST.'),
    address: text(500, 'Enter the registered address.'),
    gstin: z.string().trim().toUpperCase().max(15, 'A GSTIN has 15 characters.').nullable(),
    stateCode: z.string().regex(/^\d{2}$/, 'Choose the State.'),
    purposes: z
      .object({
        membership: GstPurposeSchema,
        natcon_delegate: GstPurposeSchema,
        natcon_award: GstPurposeSchema,
      })
      .strict(),
  })
  .strict();
export type GstSettings = z.infer<typeof GstSettingsBody>;

/** `GET /api/admin/gst/returns/{month}`: a month's figures for the return, in paise. */
const figures = {
  taxableValue: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
};
const TaxTotalsSchema = z.object({ ...figures, total: z.number().int() });
/** A payment's tax invoice in `GET /api/admin/payments/{id}`, in paise; null where none was issued. */
export const PaymentInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedOn: z.string(),
  placeOfSupply: z.string(),
  buyerGstin: z.string().nullable(),
  ...figures,
  total: z.number().int(),
});
/** A payment's tax invoice where payers and members see the payment: its PDF is `/api/invoices/{id}.pdf`. */
export const InvoiceRefSchema = z.object({ id: z.number().int(), number: z.string() });
/** The credit notes that reduce that invoice (refunds, cancellations), oldest first. */
export const PaymentCreditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedOn: z.string(),
  reason: z.string(),
  ...figures,
  total: z.number().int(),
});
export const GstMonthParam = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Name a month as YYYY-MM, such as 2026-11.'),
});
export const MonthReturnSchema = z.object({
  month: z.string(),
  b2b: z.array(
    z.object({
      ...figures,
      buyerGstin: z.string(),
      buyerName: z.string(),
      number: z.string(),
      issuedOn: z.string(),
      invoiceValue: z.number().int(),
      placeOfSupply: z.string(),
      ratePercent: z.number(),
    }),
  ),
  b2c: z.array(z.object({ ...figures, placeOfSupply: z.string(), ratePercent: z.number(), total: z.number().int() })),
  creditNotes: z.array(
    z.object({
      ...figures,
      number: z.string(),
      issuedOn: z.string(),
      invoiceNumber: z.string(),
      invoiceDate: z.string(),
      buyerGstin: z.string().nullable(),
      buyerName: z.string(),
      placeOfSupply: z.string(),
      total: z.number().int(),
      reason: z.string(),
      late: z.boolean(),
    }),
  ),
  creditNoteTotals: TaxTotalsSchema,
  sacSummary: z.array(z.object({ ...figures, sac: z.string(), ratePercent: z.number(), total: z.number().int() })),
  totals: TaxTotalsSchema,
});

/** `GET /api/admin/invoices?month=&kind=&q=&page=&pageSize=` (+ `/export.csv` without paging): the register. */
export const GST_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
const registerFilters = z
  .object({
    month: GstMonthParam.shape.month.optional(),
    kind: z.enum(GST_DOCUMENT_KINDS, { errorMap: () => ({ message: 'Choose invoice or credit_note.' }) }).optional(),
    /** Number, buyer name or GSTIN. */
    q: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
  })
  .strict();
export const GstRegisterExportQuery = registerFilters;
export const GstRegisterQuery = registerFilters.merge(pagingQuery()).strict();
export type GstRegisterFilters = z.infer<typeof registerFilters>;
export const GstDocumentSchema = z.object({
  kind: z.enum(GST_DOCUMENT_KINDS),
  id: z.number().int(),
  number: z.string(),
  issuedOn: z.string(),
  /** For a credit note: the invoice it reduces. */
  invoiceNumber: z.string().nullable(),
  placeOfSupply: z.string(),
  buyerName: z.string(),
  buyerGstin: z.string().nullable(),
  ...figures,
  total: z.number().int(),
});
export type GstDocument = z.infer<typeof GstDocumentSchema>;
export const GstRegisterAnswer = pagedSchema(GstDocumentSchema);

/** `GET /api/admin/settings/gst/late-credit-notes`: credit notes issued after 30 November of the year after their invoice's. */
export const LateCreditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedOn: z.string(),
  reason: z.string(),
  total: z.number().int(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  buyerName: z.string(),
});
export type LateCreditNote = z.infer<typeof LateCreditNoteSchema>;
