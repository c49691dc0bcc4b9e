import { financialYearStart, kolkataDate } from '../../../lib/financial-year';

/**
 * Invoice and credit note numbers. CGST Rule 46(b) (and Rule 53 for credit notes): a consecutive
 * serial number of at most 16 characters (letters, digits, `-` and `/`), unique for a financial
 * year, in one or more series. Ours:
 *
 *   tax invoices   NIPM/2627/000123   (16 characters; up to 999,999 a year)
 *   credit notes   NIPM/2627/CN0001   (16 characters; up to 9,999 a year; its own series)
 *
 * `2627` is the financial year 2026-27, taken in Asia/Kolkata: an invoice issued at 00:10 on
 * 1 April in India (18:40 on 31 March UTC) starts the new year's series at 1. The serial itself
 * comes from a counter per series and year (numbered in the issuing transaction).
 */
export const INVOICE_PREFIX = 'NIPM';
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

export type DocumentSeries = 'invoice' | 'credit_note';

const SERIAL_DIGITS: Record<DocumentSeries, number> = { invoice: 6, credit_note: 4 };
const SERIAL_MARK: Record<DocumentSeries, string> = { invoice: '', credit_note: 'CN' };

/** The financial year (its start year) a document issued at this instant belongs to, in Kolkata. */
export function documentFinancialYear(at: Date): number {
  return financialYearStart(kolkataDate(at));
}

/** `2026` → `2627`. */
export function shortFinancialYear(startYear: number): string {
  return `${String(startYear % 100).padStart(2, '0')}${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export function documentNumber(series: DocumentSeries, financialYearStartYear: number, serial: number): string {
  const digits = SERIAL_DIGITS[series];
  if (!Number.isSafeInteger(serial) || serial < 1 || serial >= 10 ** digits) {
    throw new RangeError(`A ${series} serial runs from 1 to ${10 ** digits - 1}: ${serial}`);
  }
  const number = `${INVOICE_PREFIX}/${shortFinancialYear(financialYearStartYear)}/${SERIAL_MARK[series]}${String(serial).padStart(digits, '0')}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH) throw new RangeError(`Longer than 16 characters: ${number}`);
  return number;
}

export function invoiceNumber(financialYearStartYear: number, serial: number): string {
  return documentNumber('invoice', financialYearStartYear, serial);
}

export function creditNoteNumber(financialYearStartYear: number, serial: number): string {
  return documentNumber('credit_note', financialYearStartYear, serial);
}
