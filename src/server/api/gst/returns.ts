import { ROLE } from '../../../lib/roles';
import { GstMonthParam, MonthReturnSchema } from '../../../lib/schemas/gst';
import { monthReturn, type B2bRow, type B2cRow, type CreditNoteRow, type SacRow } from '../../domains/gst/returns';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, createRouter, respond, rolesOnly } from '../openapi';

/** A month's figures for the GST return, on screen and as the four CSV files the accountant files from. */
const tags = ['GST returns (staff)'];
const accountants = rolesOnly(ROLE.superAdmin, ROLE.admin);

const returnRoute = apiRoute({
  method: 'get',
  path: '/{month}',
  summary: 'A month’s invoices and credit notes as the return needs them: B2B, B2C, credit notes, SAC summary',
  description:
    'Totals are of the month’s invoices (the sums of the rows); credit notes are totalled in their own part.',
  tags,
  access: accountants,
  request: { params: GstMonthParam },
  data: MonthReturnSchema,
});

const rupees = (paise: number) => (paise / 100).toFixed(2);
const taxColumns = <T extends { taxableValue: number; cgst: number; sgst: number; igst: number }>(): CsvColumn<T>[] => [
  { header: 'Taxable value (Rs)', value: (r) => rupees(r.taxableValue) },
  { header: 'CGST (Rs)', value: (r) => rupees(r.cgst) },
  { header: 'SGST/UTGST (Rs)', value: (r) => rupees(r.sgst) },
  { header: 'IGST (Rs)', value: (r) => rupees(r.igst) },
];

const B2B: CsvColumn<B2bRow>[] = [
  { header: 'GSTIN of recipient', value: (r) => r.buyerGstin },
  { header: 'Recipient', value: (r) => r.buyerName },
  { header: 'Invoice number', value: (r) => r.number },
  { header: 'Invoice date', value: (r) => r.issuedOn },
  { header: 'Invoice value (Rs)', value: (r) => rupees(r.invoiceValue) },
  { header: 'Place of supply', value: (r) => r.placeOfSupply },
  { header: 'Reverse charge', value: () => 'N' },
  { header: 'Rate (%)', value: (r) => r.ratePercent },
  ...taxColumns<B2bRow>(),
];
const B2C: CsvColumn<B2cRow>[] = [
  { header: 'Place of supply', value: (r) => r.placeOfSupply },
  { header: 'Rate (%)', value: (r) => r.ratePercent },
  ...taxColumns<B2cRow>(),
  { header: 'Total (Rs)', value: (r) => rupees(r.total) },
];
const CREDIT_NOTES: CsvColumn<CreditNoteRow>[] = [
  { header: 'Credit note number', value: (r) => r.number },
  { header: 'Credit note date', value: (r) => r.issuedOn },
  { header: 'Invoice number', value: (r) => r.invoiceNumber },
  { header: 'Invoice date', value: (r) => r.invoiceDate },
  { header: 'GSTIN of recipient', value: (r) => r.buyerGstin },
  { header: 'Recipient', value: (r) => r.buyerName },
  { header: 'Place of supply', value: (r) => r.placeOfSupply },
  ...taxColumns<CreditNoteRow>(),
  { header: 'Note value (Rs)', value: (r) => rupees(r.total) },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'After 30 November of the invoice year', value: (r) => r.late },
];
const SAC: CsvColumn<SacRow>[] = [
  { header: 'SAC', value: (r) => r.sac },
  { header: 'Rate (%)', value: (r) => r.ratePercent },
  ...taxColumns<SacRow>(),
  { header: 'Total value (Rs)', value: (r) => rupees(r.total) },
];

const csvOf = (file: string, summary: string) =>
  csvRoute({ path: `/{month}/${file}.csv`, summary, tags, access: accountants, request: { params: GstMonthParam } });
const b2bRoute = csvOf('b2b', 'B2B invoices of the month: one row per invoice and rate');
const b2cRoute = csvOf('b2c', 'B2C totals of the month by place of supply and rate');
const creditNotesRoute = csvOf('credit-notes', 'Credit notes issued in the month');
const sacRoute = csvOf('sac-summary', 'The month’s invoices summed by SAC and rate');

export const adminGstReturnsRouter = createRouter()
  .openapi(returnRoute, async (c) => respond(c, await monthReturn(c.var.deps.db, c.req.valid('param').month)))
  .openapi(b2bRoute, async (c) => {
    const { month } = c.req.valid('param');
    return csvResponse(c, `gst-${month}-b2b`, B2B, (await monthReturn(c.var.deps.db, month)).b2b);
  })
  .openapi(b2cRoute, async (c) => {
    const { month } = c.req.valid('param');
    return csvResponse(c, `gst-${month}-b2c`, B2C, (await monthReturn(c.var.deps.db, month)).b2c);
  })
  .openapi(creditNotesRoute, async (c) => {
    const { month } = c.req.valid('param');
    return csvResponse(
      c,
      `gst-${month}-credit-notes`,
      CREDIT_NOTES,
      (await monthReturn(c.var.deps.db, month)).creditNotes,
    );
  })
  .openapi(sacRoute, async (c) => {
    const { month } = c.req.valid('param');
    return csvResponse(c, `gst-${month}-sac-summary`, SAC, (await monthReturn(c.var.deps.db, month)).sacSummary);
  });
