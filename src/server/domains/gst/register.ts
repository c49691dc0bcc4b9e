import type { DB } from '../../platform/db';
import type { GstDocument, GstRegisterFilters } from '../../../lib/schemas/gst';
import { monthRange } from './returns';

/**
 * The register of GST documents, invoices and credit notes together, newest first: one query of
 * both tables (union), filtered by the Kolkata month of issue, kind, and number, buyer or GSTIN.
 */
function documents(db: DB, filters: GstRegisterFilters) {
  const invoices = db
    .selectFrom('gst_invoices as i')
    .select((eb) => [
      eb.val('invoice').as('kind'),
      'i.id',
      'i.number',
      'i.issued_on as issuedOn',
      eb.val<string | null>(null).as('invoiceNumber'),
      'i.place_of_supply as placeOfSupply',
      'i.buyer_name as buyerName',
      'i.buyer_gstin as buyerGstin',
      'i.taxable_value as taxableValue',
      'i.cgst',
      'i.sgst',
      'i.igst',
      'i.total',
    ]);
  const notes = db
    .selectFrom('gst_credit_notes as n')
    .innerJoin('gst_invoices as i', 'i.id', 'n.invoice_id')
    .select((eb) => [
      eb.val('credit_note').as('kind'),
      'n.id',
      'n.number',
      'n.issued_on as issuedOn',
      eb.ref('i.number').as('invoiceNumber'),
      'i.place_of_supply as placeOfSupply',
      'i.buyer_name as buyerName',
      'i.buyer_gstin as buyerGstin',
      'n.taxable_value as taxableValue',
      'n.cgst',
      'n.sgst',
      'n.igst',
      'n.total',
    ]);
  const both =
    filters.kind === 'invoice' ? invoices : filters.kind === 'credit_note' ? notes : invoices.unionAll(notes);
  let query = db.selectFrom(both.as('d')).selectAll('d');
  if (filters.month) {
    const { from, to } = monthRange(filters.month);
    query = query.where('d.issuedOn', '>=', from).where('d.issuedOn', '<=', to);
  }
  if (filters.q) {
    // Wildcards typed into the box are dropped rather than escaped (LIKE's escape differs by database).
    const like = `%${filters.q.toLowerCase().replace(/[%_\\]/g, '')}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['d.number']), 'like', like),
        eb(eb.fn('lower', ['d.buyerName']), 'like', like),
        eb(eb.fn('lower', ['d.buyerGstin']), 'like', like),
      ]),
    );
  }
  return query;
}

function toDocument(row: Record<string, unknown>): GstDocument {
  return {
    kind: row.kind as GstDocument['kind'],
    id: Number(row.id),
    number: String(row.number),
    issuedOn: String(row.issuedOn),
    invoiceNumber: (row.invoiceNumber as string | null) ?? null,
    placeOfSupply: String(row.placeOfSupply),
    buyerName: String(row.buyerName),
    buyerGstin: (row.buyerGstin as string | null) ?? null,
    taxableValue: Number(row.taxableValue),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
    total: Number(row.total),
  };
}

export async function listGstDocuments(db: DB, options: GstRegisterFilters & { page: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    documents(db, options)
      .orderBy('d.issuedOn', 'desc')
      .orderBy('d.number', 'desc')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db
      .selectFrom(documents(db, options).as('c'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toDocument), total: Number(count.count), page: options.page, pageSize: options.pageSize };
}

/** Every document the filters match, for the CSV (oldest first, as a register reads). */
export async function exportGstDocuments(db: DB, filters: GstRegisterFilters): Promise<GstDocument[]> {
  const rows = await documents(db, filters).orderBy('d.issuedOn').orderBy('d.number').execute();
  return rows.map(toDocument);
}
