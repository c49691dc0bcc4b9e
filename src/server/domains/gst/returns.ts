import type { DB } from '../../platform/db';
import { invalid } from '../errors';
import { stateWithCode } from './states';
import { sumTaxes, type TaxTotals } from './tax';

/**
 * A month's figures for the GST return, from the stored documents only: B2B invoices (one row per
 * invoice and rate, as GSTR-1 table 4 asks), B2C totals by place of supply and rate (table 7),
 * credit notes (table 9B), and a summary by SAC and rate (table 12). `totals` are of the month's
 * invoices and are the sums of the rows, so they always equal the documents; credit notes are
 * totalled in their own part. Amounts in paise; months are Kolkata months of the date of issue.
 */
interface Figures {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface B2bRow extends Figures {
  buyerGstin: string;
  buyerName: string;
  number: string;
  issuedOn: string;
  invoiceValue: number;
  placeOfSupply: string;
  ratePercent: number;
}

export interface B2cRow extends Figures {
  placeOfSupply: string;
  ratePercent: number;
  total: number;
}

export interface CreditNoteRow extends Figures {
  number: string;
  issuedOn: string;
  invoiceNumber: string;
  invoiceDate: string;
  buyerGstin: string | null;
  buyerName: string;
  placeOfSupply: string;
  total: number;
  reason: string;
  late: boolean;
}

export interface SacRow extends Figures {
  sac: string;
  ratePercent: number;
  total: number;
}

export interface MonthReturn {
  month: string;
  b2b: B2bRow[];
  b2c: B2cRow[];
  creditNotes: CreditNoteRow[];
  creditNoteTotals: TaxTotals;
  sacSummary: SacRow[];
  totals: TaxTotals;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function monthRange(month: string): { from: string; to: string } {
  if (!MONTH.test(month)) throw invalid({ month: 'Name a month as YYYY-MM, such as 2026-11.' });
  return { from: `${month}-01`, to: `${month}-31` };
}

function add(into: Figures & { total?: number }, from: Figures & { total: number }) {
  into.taxableValue += from.taxableValue;
  into.cgst += from.cgst;
  into.sgst += from.sgst;
  into.igst += from.igst;
  if (into.total !== undefined) into.total += from.total;
}

const zero = () => ({ taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });

export async function monthReturn(db: DB, month: string): Promise<MonthReturn> {
  const { from, to } = monthRange(month);
  const lines = await db
    .selectFrom('gst_invoice_lines as l')
    .innerJoin('gst_invoices as i', 'i.id', 'l.invoice_id')
    .select([
      'i.id as invoiceId',
      'i.number',
      'i.issued_on as issuedOn',
      'i.buyer_gstin as buyerGstin',
      'i.buyer_name as buyerName',
      'i.place_of_supply as placeOfSupply',
      'i.total as invoiceValue',
      'l.sac',
      'l.rate_basis_points as rateBasisPoints',
      'l.taxable_value as taxableValue',
      'l.cgst',
      'l.sgst',
      'l.igst',
      'l.total',
    ])
    .where('i.issued_on', '>=', from)
    .where('i.issued_on', '<=', to)
    .orderBy('i.issued_on')
    .orderBy('i.id')
    .orderBy('l.position')
    .execute();

  const b2b = new Map<string, B2bRow>();
  const b2c = new Map<string, B2cRow>();
  const sac = new Map<string, SacRow>();
  for (const line of lines) {
    const ratePercent = line.rateBasisPoints / 100;
    if (line.buyerGstin) {
      const key = `${line.invoiceId}/${line.rateBasisPoints}`;
      const row = b2b.get(key) ?? {
        buyerGstin: line.buyerGstin,
        buyerName: line.buyerName,
        number: line.number,
        issuedOn: line.issuedOn,
        invoiceValue: line.invoiceValue,
        placeOfSupply: stateWithCode(line.placeOfSupply),
        ratePercent,
        ...zero(),
      };
      add(row, line);
      b2b.set(key, row);
    } else {
      const key = `${line.placeOfSupply}/${line.rateBasisPoints}`;
      const row = b2c.get(key) ?? { placeOfSupply: stateWithCode(line.placeOfSupply), ratePercent, ...zero() };
      add(row, line);
      b2c.set(key, row);
    }
    const sacKey = `${line.sac}/${line.rateBasisPoints}`;
    const sacRow = sac.get(sacKey) ?? { sac: line.sac, ratePercent, ...zero() };
    add(sacRow, line);
    sac.set(sacKey, sacRow);
  }

  const notes = await db
    .selectFrom('gst_credit_notes as n')
    .innerJoin('gst_invoices as i', 'i.id', 'n.invoice_id')
    .select([
      'n.number',
      'n.issued_on as issuedOn',
      'i.number as invoiceNumber',
      'i.issued_on as invoiceDate',
      'i.buyer_gstin as buyerGstin',
      'i.buyer_name as buyerName',
      'i.place_of_supply as placeOfSupply',
      'n.taxable_value as taxableValue',
      'n.cgst',
      'n.sgst',
      'n.igst',
      'n.total',
      'n.reason',
      'n.late',
    ])
    .where('n.issued_on', '>=', from)
    .where('n.issued_on', '<=', to)
    .orderBy('n.issued_on')
    .orderBy('n.id')
    .execute();
  const creditNotes = notes.map((n) => ({ ...n, placeOfSupply: stateWithCode(n.placeOfSupply), late: n.late === 1 }));

  return {
    month,
    b2b: [...b2b.values()],
    b2c: [...b2c.values()],
    creditNotes,
    creditNoteTotals: sumTaxes(creditNotes),
    sacSummary: [...sac.values()],
    totals: sumTaxes(lines),
  };
}
