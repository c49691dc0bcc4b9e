import type { ColumnType, Generated } from 'kysely';

/** The tables of GST invoicing (issue 25): see migration 018. Amounts in paise. */
interface TaxFigures {
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface GstDocumentSequencesTable {
  /** `invoice` or `credit_note`. */
  series: string;
  /** The financial year's start year (2026 for 2026-27). */
  financial_year: number;
  last_number: number;
}

export interface GstInvoicesTable extends TaxFigures {
  id: Generated<number>;
  payment_id: number;
  number: string;
  financial_year: number;
  serial: number;
  issued_at: string;
  issued_on: string;
  buyer_name: string;
  buyer_gstin: string | null;
  place_of_supply: string;
  split: 'intra' | 'inter';
  /** JSON: everything the invoice prints, fixed when issued. */
  content: string;
}

export interface GstInvoiceLinesTable extends TaxFigures {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  description: string;
  sac: string;
  rate_basis_points: number;
}

export interface GstCreditNotesTable extends TaxFigures {
  id: Generated<number>;
  invoice_id: number;
  number: string;
  financial_year: number;
  serial: number;
  issued_at: string;
  issued_on: string;
  reason: string;
  late: ColumnType<number, number | undefined, number>;
  content: string;
}

export interface GstCreditNoteLinesTable extends TaxFigures {
  id: Generated<number>;
  credit_note_id: number;
  position: number;
  sac: string;
  rate_basis_points: number;
}
