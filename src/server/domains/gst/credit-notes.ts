import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import { conflict, invalid, notFound } from '../errors';
import { financialYearLabel, kolkataDate } from '../../../lib/financial-year';
import { amountInIndianWords } from '../../../lib/indian-words';
import { rateBasisPoints } from '../../../lib/gst-amount';
import {
  creditNoteTax,
  CreditExceedsInvoice,
  isCreditNoteLate,
  remainingLines,
  type CreditedLine,
} from './credit-note';
import { documentFinancialYear, documentNumber } from './invoice-number';
import { nextDocumentSerial, type InvoiceContent } from './invoices';
import type { TaxDocument } from './invoice-pdf';

/**
 * Credit notes (CGST Act section 34, Rule 53): issued against one invoice, in their own series, for
 * a refund (whole or part) or a cancellation after invoicing, reversing tax in the invoice's split.
 * The invoice's row is locked first (PostgreSQL; SQLite runs one writer at a time), so two credits
 * at once can never together pass the invoice's value.
 */
export interface IssuedCreditNote {
  id: number;
  number: string;
  issuedOn: string;
  total: number;
  /** Issued after 30 November following the invoice's financial year: it no longer reduces that year's tax. */
  late: boolean;
}

async function creditedLinesOf(trx: DB, invoiceId: number, lineCount: number): Promise<CreditedLine[][]> {
  const rows = await trx
    .selectFrom('gst_credit_note_lines as l')
    .innerJoin('gst_credit_notes as n', 'n.id', 'l.credit_note_id')
    .select([
      'l.credit_note_id',
      'l.position',
      'l.sac',
      'l.rate_basis_points',
      'l.taxable_value',
      'l.cgst',
      'l.sgst',
      'l.igst',
      'l.total',
    ])
    .where('n.invoice_id', '=', invoiceId)
    .execute();
  const byNote = new Map<number, CreditedLine[]>();
  for (const row of rows) {
    const note = byNote.get(row.credit_note_id) ?? Array.from({ length: lineCount }, () => undefined as never);
    note[row.position] = {
      description: '',
      sac: row.sac,
      ratePercent: row.rate_basis_points / 100,
      cgstPercent: 0,
      sgstPercent: 0,
      igstPercent: 0,
      taxableValue: row.taxable_value,
      cgst: row.cgst,
      sgst: row.sgst,
      igst: row.igst,
      total: row.total,
    };
    byNote.set(row.credit_note_id, note);
  }
  return [...byNote.values()];
}

/**
 * Issues a credit note of `amountPaise` (tax included) against an invoice, inside the caller's
 * transaction (a refund's or a cancellation's). 400 `fields.amount` when it is more than what the
 * invoice has left; 404 for no such invoice.
 */
export async function issueCreditNote(
  trx: DB,
  invoiceId: number,
  amountPaise: number,
  reason: string,
  now: Date = new Date(),
): Promise<IssuedCreditNote> {
  const invoiceRow = await trx
    .selectFrom('gst_invoices')
    .select(['id', 'number', 'issued_on', 'content'])
    .where('id', '=', invoiceId)
    .$if(dialectOf(trx as never) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!invoiceRow) throw notFound('No such invoice.');
  const invoice = JSON.parse(invoiceRow.content) as InvoiceContent;
  const credited = await creditedLinesOf(trx, invoiceId, invoice.lines.length);
  let tax;
  try {
    tax = creditNoteTax(remainingLines(invoice, credited), invoice.split, amountPaise);
  } catch (error) {
    if (error instanceof CreditExceedsInvoice) {
      throw invalid({
        amount: `At most ${(error.remaining / 100).toFixed(2)} rupees are left to credit on invoice ${invoice.number}.`,
      });
    }
    if (error instanceof RangeError) throw invalid({ amount: 'Enter an amount above zero in paise.' });
    throw error;
  }
  const trimmed = reason.trim().slice(0, 300);
  if (!trimmed) throw invalid({ reason: 'Say why the credit note is issued.' });
  const financialYear = documentFinancialYear(now);
  const serial = await nextDocumentSerial(trx, 'credit_note', financialYear);
  const number = documentNumber('credit_note', financialYear, serial);
  const date = kolkataDate(now);
  const late = isCreditNoteLate(invoiceRow.issued_on, date);
  const lines = tax.lines.map((line, index) => ({
    ...line,
    description: invoice.lines[index].description,
    quantity: invoice.lines[index].quantity,
    amount: line.taxableValue,
    discount: 0,
  }));
  const content: TaxDocument = {
    ...invoice,
    number,
    date,
    financialYear: financialYearLabel(financialYear),
    lines,
    totals: tax.totals,
    totalInWords: amountInIndianWords(tax.totals.total),
    creditNote: { invoiceNumber: invoice.number, invoiceDate: invoiceRow.issued_on, reason: trimmed },
  };
  const row = await trx
    .insertInto('gst_credit_notes')
    .values({
      invoice_id: invoiceId,
      number,
      financial_year: financialYear,
      serial,
      issued_at: nowIso(now),
      issued_on: date,
      reason: trimmed,
      late: late ? 1 : 0,
      taxable_value: tax.totals.taxableValue,
      cgst: tax.totals.cgst,
      sgst: tax.totals.sgst,
      igst: tax.totals.igst,
      total: tax.totals.total,
      content: JSON.stringify(content),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nonZero = tax.lines.map((line, position) => ({ line, position })).filter(({ line }) => line.total > 0);
  if (nonZero.length) {
    await trx
      .insertInto('gst_credit_note_lines')
      .values(
        nonZero.map(({ line, position }) => ({
          credit_note_id: row.id,
          position,
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
  }
  return { id: row.id, number, issuedOn: date, total: tax.totals.total, late };
}

/** What an invoice has left to credit, in paise (its total less its credit notes). */
export async function creditableAmount(db: DB, invoiceId: number): Promise<number> {
  const invoice = await db.selectFrom('gst_invoices').select('total').where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice) throw conflict('No such invoice.');
  const credited = await db
    .selectFrom('gst_credit_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('sum'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return invoice.total - Number(credited.sum);
}

/** The stored credit note: the payment of its invoice (for the access check) and what it prints. */
export async function readCreditNote(
  db: DB,
  creditNoteId: number,
): Promise<{ paymentId: number; content: TaxDocument } | null> {
  const row = await db
    .selectFrom('gst_credit_notes as n')
    .innerJoin('gst_invoices as i', 'i.id', 'n.invoice_id')
    .select(['i.payment_id', 'n.content'])
    .where('n.id', '=', creditNoteId)
    .executeTakeFirst();
  return row ? { paymentId: row.payment_id, content: JSON.parse(row.content) as TaxDocument } : null;
}

/** The credit notes against each payment's invoice, oldest first, for the payer's and member's views. */
export async function creditNotesOfPayments(
  db: DB | Transaction<Database>,
  paymentIds: number[],
): Promise<Map<number, { id: number; number: string }[]>> {
  const byPayment = new Map<number, { id: number; number: string }[]>();
  if (!paymentIds.length) return byPayment;
  const rows = await db
    .selectFrom('gst_credit_notes as n')
    .innerJoin('gst_invoices as i', 'i.id', 'n.invoice_id')
    .select(['i.payment_id', 'n.id', 'n.number'])
    .where('i.payment_id', 'in', paymentIds)
    .orderBy('n.id')
    .execute();
  for (const row of rows) {
    const notes = byPayment.get(row.payment_id) ?? [];
    notes.push({ id: row.id, number: row.number });
    byPayment.set(row.payment_id, notes);
  }
  return byPayment;
}
