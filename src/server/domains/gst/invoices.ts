import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { financialYearLabel, kolkataDate } from '../../../lib/financial-year';
import { amountInIndianWords } from '../../../lib/indian-words';
import { rateBasisPoints } from '../../../lib/gst-amount';
import { documentFinancialYear, documentNumber, type DocumentSeries } from './invoice-number';
import { placeOfSupply } from './place-of-supply';
import { readGstSettings } from './settings';
import { gstState, stateWithCode } from './states';
import type { TaxableSupply } from './supply';
import { invoiceTax, type TaxedLine, type TaxSplit, type TaxTotals } from './tax';

/**
 * Tax invoices, issued inside the transaction that verifies a payment (every way a payment becomes
 * verified goes through money's decision, which calls `issueInvoice`). What the invoice prints is
 * fixed then and stored with it (CGST Rule 46's particulars): later changes to the settings, the
 * order or the buyer never change an invoice already issued.
 */
export interface InvoiceParty {
  name: string;
  address: string | null;
  gstin: string | null;
  stateCode: string | null;
  /** `West Bengal (19)`. */
  state: string | null;
}

export interface InvoiceContent {
  number: string;
  /** Kolkata date of issue, `YYYY-MM-DD`. */
  date: string;
  financialYear: string;
  supplier: InvoiceParty & { gstin: string; stateCode: string };
  buyer: InvoiceParty;
  placeOfSupply: { stateCode: string; state: string; basis: string };
  split: TaxSplit;
  /** What the second half of an intra-State tax is called where the supply is: SGST or UTGST. */
  localTax: 'SGST' | 'UTGST';
  lines: TaxedLine[];
  totals: TaxTotals;
  totalInWords: string;
  reverseCharge: false;
  payment: { id: number; receiptNumber: string | null; paidOn: string };
}

/**
 * The next serial of a series in a financial year, in ONE statement: created at 1 or raised by 1
 * and, on PostgreSQL, the row stays locked until the transaction ends, so a verification that rolls
 * back gives its number back and numbers run without gaps (as receipt numbers do).
 */
export async function nextDocumentSerial(trx: DB, series: DocumentSeries, financialYear: number): Promise<number> {
  const row = await trx
    .insertInto('gst_document_sequences')
    .values({ series, financial_year: financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'financial_year'])
        .doUpdateSet((eb) => ({ last_number: eb('gst_document_sequences.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export interface IssuedInvoice {
  id: number;
  number: string;
  content: InvoiceContent;
}

/**
 * Issues the tax invoice of a payment being verified, or returns null when the institute has no
 * GSTIN set (receipt only). Call inside the verifying transaction.
 */
export async function issueInvoice(
  trx: DB,
  input: { paymentId: number; receiptNumber: string | null; paidOn: string; amount: number; supply: TaxableSupply },
  now: Date,
): Promise<IssuedInvoice | null> {
  const settings = await readGstSettings(trx);
  if (!settings.gstin) return null;
  const { supply } = input;
  const place = placeOfSupply(supply.kind, {
    buyer: { gstin: supply.buyer.gstin, stateCode: supply.buyer.stateCode },
    instituteStateCode: settings.stateCode,
    eventStateCode: supply.eventStateCode,
  });
  const tax = invoiceTax({
    supplier: { gstin: settings.gstin, stateCode: settings.stateCode },
    placeOfSupplyCode: place.stateCode,
    lines: supply.lines.map((line) => ({
      description: line.description,
      sac: settings.purposes[line.kind].sac,
      quantity: line.quantity,
      amount: line.amount,
      discount: line.discount,
      ratePercent: line.ratePercent ?? 0,
    })),
  });
  if (!tax) return null;
  if (tax.totals.total !== input.amount) {
    // A price worked out before the shared rounding (gst-amount.ts) can differ by a paisa: the
    // invoice states the supply as priced, the receipt the money received.
    console.warn('[gst] invoice total differs from the payment', input.paymentId, tax.totals.total, input.amount);
  }
  const financialYear = documentFinancialYear(now);
  const serial = await nextDocumentSerial(trx, 'invoice', financialYear);
  const number = documentNumber('invoice', financialYear, serial);
  const date = kolkataDate(now);
  const buyerState = supply.buyer.gstin ? supply.buyer.gstin.slice(0, 2) : supply.buyer.stateCode;
  const content: InvoiceContent = {
    number,
    date,
    financialYear: financialYearLabel(financialYear),
    supplier: {
      name: settings.legalName,
      address: settings.address,
      gstin: settings.gstin,
      stateCode: settings.stateCode,
      state: stateWithCode(settings.stateCode),
    },
    buyer: {
      name: supply.buyer.name,
      address: supply.buyer.address,
      gstin: supply.buyer.gstin,
      stateCode: buyerState,
      state: buyerState ? stateWithCode(buyerState) : null,
    },
    placeOfSupply: { stateCode: place.stateCode, state: stateWithCode(place.stateCode), basis: place.basis },
    split: tax.split,
    localTax: gstState(place.stateCode)?.localTax ?? 'SGST',
    lines: tax.lines,
    totals: tax.totals,
    totalInWords: amountInIndianWords(tax.totals.total),
    reverseCharge: false,
    payment: { id: input.paymentId, receiptNumber: input.receiptNumber, paidOn: input.paidOn },
  };
  const row = await trx
    .insertInto('gst_invoices')
    .values({
      payment_id: input.paymentId,
      number,
      financial_year: financialYear,
      serial,
      issued_at: nowIso(now),
      issued_on: date,
      buyer_name: supply.buyer.name,
      buyer_gstin: supply.buyer.gstin,
      place_of_supply: place.stateCode,
      split: tax.split,
      taxable_value: tax.totals.taxableValue,
      cgst: tax.totals.cgst,
      sgst: tax.totals.sgst,
      igst: tax.totals.igst,
      total: tax.totals.total,
      content: JSON.stringify(content),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('gst_invoice_lines')
    .values(
      tax.lines.map((line, position) => ({
        invoice_id: row.id,
        position,
        description: line.description.slice(0, 300),
        sac: line.sac,
        rate_basis_points: rateBasisPoints(line.ratePercent),
        taxable_value: line.taxableValue,
        cgst: line.cgst,
        sgst: line.sgst,
        igst: line.igst,
        total: line.total,
      })),
    )
    .execute();
  return { id: row.id, number, content };
}

export interface InvoiceSummary {
  id: number;
  paymentId: number;
  number: string;
  issuedOn: string;
  placeOfSupply: string;
  buyerName: string;
  buyerGstin: string | null;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export async function invoiceOfPayment(db: DB, paymentId: number): Promise<InvoiceSummary | null> {
  const row = await db.selectFrom('gst_invoices').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  return row ? toSummary(row) : null;
}

export function toSummary(row: {
  id: number;
  payment_id: number;
  number: string;
  issued_on: string;
  place_of_supply: string;
  buyer_name: string;
  buyer_gstin: string | null;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}): InvoiceSummary {
  return {
    id: row.id,
    paymentId: row.payment_id,
    number: row.number,
    issuedOn: row.issued_on,
    placeOfSupply: row.place_of_supply,
    buyerName: row.buyer_name,
    buyerGstin: row.buyer_gstin,
    taxableValue: row.taxable_value,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    total: row.total,
  };
}

/** The stored invoice: its payment (for the access check) and what it prints. */
export async function readInvoice(
  db: DB,
  invoiceId: number,
): Promise<{ paymentId: number; content: InvoiceContent } | null> {
  const row = await db
    .selectFrom('gst_invoices')
    .select(['payment_id', 'content'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return row ? { paymentId: row.payment_id, content: JSON.parse(row.content) as InvoiceContent } : null;
}
