import { ROLE } from '../../../lib/roles';
import {
  GstRegisterAnswer,
  GstRegisterExportQuery,
  GstRegisterQuery,
  type GstDocument,
} from '../../../lib/schemas/gst';
import { exportGstDocuments, listGstDocuments } from '../../domains/gst/register';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, createRouter, respond, rolesOnly } from '../openapi';

/** The register of tax invoices and credit notes (roles 2 and 5): paged on the server, filtered, and as CSV. */
const tags = ['GST returns (staff)'];
const accountants = rolesOnly(ROLE.superAdmin, ROLE.admin);

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Tax invoices and credit notes, newest first: by month of issue, kind, and number, buyer or GSTIN',
  tags,
  access: accountants,
  request: { query: GstRegisterQuery },
  data: GstRegisterAnswer,
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The register as CSV: the same filters, every row, oldest first',
  tags,
  access: accountants,
  request: { query: GstRegisterExportQuery },
});

const rupees = (paise: number) => (paise / 100).toFixed(2);
const COLUMNS: CsvColumn<GstDocument>[] = [
  { header: 'Kind', value: (d) => (d.kind === 'invoice' ? 'Tax invoice' : 'Credit note') },
  { header: 'Number', value: (d) => d.number },
  { header: 'Date', value: (d) => d.issuedOn },
  { header: 'Against invoice', value: (d) => d.invoiceNumber },
  { header: 'Buyer', value: (d) => d.buyerName },
  { header: 'Buyer GSTIN', value: (d) => d.buyerGstin },
  { header: 'Place of supply', value: (d) => d.placeOfSupply },
  { header: 'Taxable value (Rs)', value: (d) => rupees(d.taxableValue) },
  { header: 'CGST (Rs)', value: (d) => rupees(d.cgst) },
  { header: 'SGST/UTGST (Rs)', value: (d) => rupees(d.sgst) },
  { header: 'IGST (Rs)', value: (d) => rupees(d.igst) },
  { header: 'Total (Rs)', value: (d) => rupees(d.total) },
];

export const adminInvoicesRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listGstDocuments(c.var.deps.db, c.req.valid('query'))))
  .openapi(exportRoute, async (c) => {
    const filters = c.req.valid('query');
    const rows = await exportGstDocuments(c.var.deps.db, filters);
    return csvResponse(c, `gst-register${filters.month ? `-${filters.month}` : ''}`, COLUMNS, rows);
  });
