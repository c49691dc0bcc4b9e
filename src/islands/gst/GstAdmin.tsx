import { useId } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { kolkataDate } from '../../lib/financial-year';
import { stateWithCode } from '../../lib/gst-states';
import { GST_DOCUMENT_KINDS, GstRegisterQuery, type GstDocument } from '../../lib/schemas/gst';
import { TextField } from '../../components/forms/FormFields';
import {
  ChoiceFilter,
  DataTable,
  ListToolbar,
  SearchFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';
import { GstReturnFigures } from './GstReturnFigures';
import { TaxDocumentPdfButton } from './PaymentTaxDocuments';

const KIND_LABELS: Record<GstDocument['kind'], string> = { invoice: 'Tax invoice', credit_note: 'Credit note' };

const columns: ColumnDef<GstDocument>[] = [
  { id: 'kind', header: 'Kind', cell: ({ row }) => KIND_LABELS[row.original.kind] },
  {
    id: 'number',
    header: 'Number',
    cell: ({ row }) => (
      <span className="font-mono">
        {row.original.number}
        {row.original.invoiceNumber && (
          <span className="block font-sans text-xs text-slate-600">against {row.original.invoiceNumber}</span>
        )}
      </span>
    ),
  },
  { id: 'issuedOn', header: 'Date', cell: ({ row }) => formatDate(row.original.issuedOn) },
  {
    id: 'buyer',
    header: 'Buyer',
    cell: ({ row }) => (
      <span>
        {row.original.buyerName}
        <span className="block font-mono text-xs">{row.original.buyerGstin ?? 'Unregistered'}</span>
      </span>
    ),
  },
  { id: 'placeOfSupply', header: 'Place of supply', cell: ({ row }) => stateWithCode(row.original.placeOfSupply) },
  {
    id: 'taxableValue',
    header: 'Taxable value',
    meta: { align: 'right' },
    cell: ({ row }) => formatMoney(row.original.taxableValue),
  },
  { id: 'cgst', header: 'CGST', meta: { align: 'right' }, cell: ({ row }) => formatMoney(row.original.cgst) },
  { id: 'sgst', header: 'SGST/UTGST', meta: { align: 'right' }, cell: ({ row }) => formatMoney(row.original.sgst) },
  { id: 'igst', header: 'IGST', meta: { align: 'right' }, cell: ({ row }) => formatMoney(row.original.igst) },
  { id: 'total', header: 'Total', meta: { align: 'right' }, cell: ({ row }) => formatMoney(row.original.total) },
  {
    id: 'pdf',
    header: 'PDF',
    cell: ({ row }) => (
      <TaxDocumentPdfButton
        kind={row.original.kind === 'invoice' ? 'invoice' : 'credit-note'}
        id={row.original.id}
        number={row.original.number}
      />
    ),
  },
];

/**
 * `/admin/gst` (issue 25, roles 2 and 5): the register of tax invoices and credit notes (month, kind
 * and search filters kept in the address, paged on the server, CSV, each invoice's PDF), and the
 * chosen month's figures for the return (this month when none is chosen).
 */
export default function GstAdmin() {
  const query = useListQuery(GstRegisterQuery);
  const list = useServerList<GstDocument>('/admin/invoices', query.params);
  const monthId = useId();
  const month = query.params.month ?? kolkataDate(new Date()).slice(0, 7);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">GST</h1>
      <p className="mt-1 text-slate-700">
        Tax invoices are issued when a payment is verified; refunds and cancellations issue credit notes. The register
        lists both; the month’s figures below are what the accountant files the return from.
      </p>
      <ListToolbar params={query.params} csv={{ path: '/admin/invoices/export.csv', filename: 'gst-register.csv' }}>
        <TextField
          id={monthId}
          label="Month of issue"
          type="month"
          value={query.params.month ?? ''}
          onChange={(event) => query.update({ month: event.target.value })}
        />
        <ChoiceFilter query={query} name="kind" label="Kind" values={GST_DOCUMENT_KINDS} labels={KIND_LABELS} />
        <SearchFilter query={query} name="q" label="Number, buyer or GSTIN" />
      </ListToolbar>
      <DataTable
        caption="GST documents"
        columns={columns}
        list={list}
        query={query}
        empty="No invoice or credit note matches these filters."
        noun="documents"
        getRowId={(row) => `${row.kind}-${row.id}`}
      />
      <section aria-labelledby="gst-return-heading" className="mt-10">
        <h2 id="gst-return-heading" className="text-xl font-semibold">
          Figures for the return: {month}
        </h2>
        <GstReturnFigures month={month} />
      </section>
    </div>
  );
}
