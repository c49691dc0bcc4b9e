import type { DB } from '../../platform/db';
import type { LateCreditNote } from '../../../lib/schemas/gst';

/**
 * Credit notes issued after 30 November following the end of their invoice's financial year
 * (CGST Act section 34(2): the tax they reverse can no longer reduce that year's liability). The
 * settings screen lists them so the accountant treats them by hand; newest first.
 */
export async function lateCreditNotes(db: DB, limit = 100): Promise<LateCreditNote[]> {
  const rows = await db
    .selectFrom('gst_credit_notes as n')
    .innerJoin('gst_invoices as i', 'i.id', 'n.invoice_id')
    .select([
      'n.id',
      'n.number',
      'n.issued_on',
      'n.reason',
      'n.total',
      'i.number as invoice_number',
      'i.issued_on as invoice_date',
      'i.buyer_name',
    ])
    .where('n.late', '=', 1)
    .orderBy('n.issued_on', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    issuedOn: row.issued_on,
    reason: row.reason,
    total: row.total,
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    buyerName: row.buyer_name,
  }));
}
