import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { api, apiErrorOf } from '../../stores/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { stateWithCode } from '../../lib/gst-states';
import type { MonthReturnSchema } from '../../lib/schemas/gst';
import { FormAlert } from '../../components/forms/FormFields';
import { CsvDownloadButton } from '../staff';

type MonthReturn = z.infer<typeof MonthReturnSchema>;
type Figures = { taxableValue: number; cgst: number; sgst: number; igst: number };

const TAX_HEADERS = ['Taxable value', 'CGST', 'SGST/UTGST', 'IGST'];
const taxCells = (row: Figures) => [row.taxableValue, row.cgst, row.sgst, row.igst].map(formatMoney);

function FiguresTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  empty: string;
}) {
  if (!rows.length) return <p className="mt-1 text-sm text-slate-700">{empty}</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            {headers.map((header) => (
              <th key={header} scope="col" className="px-2 py-1 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index} className="border-b border-slate-200">
              {cells.map((cell, column) => (
                <td key={column} className="px-2 py-1 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A month's figures for the GST return (roles 2 and 5): B2B invoices, B2C totals by place of supply
 * and rate, credit notes, the SAC summary and the month's totals, each with the CSV the accountant
 * files from (docs/gst.md says which table of GSTR-1 each goes to).
 */
export function GstReturnFigures({ month }: { month: string }) {
  const [figures, setFigures] = useState<MonthReturn | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setFigures(null);
    setProblem(null);
    api
      .get<MonthReturn>(`/admin/gst/returns/${month}`)
      .then((answer) => current && setFigures(answer))
      .catch(async (error) => current && setProblem((await apiErrorOf(error)).message));
    return () => {
      current = false;
    };
  }, [month]);

  const csv = (file: string, label: string) => (
    <CsvDownloadButton
      path={`/admin/gst/returns/${month}/${file}.csv`}
      params={{}}
      filename={`gst-${month}-${file}.csv`}
      label={label}
    />
  );

  if (problem) return <FormAlert>{problem}</FormAlert>;
  if (!figures) return <p className="text-slate-600">Loading the figures…</p>;
  const { totals, creditNoteTotals } = figures;
  return (
    <div className="space-y-6" data-testid="gst-return">
      <div className="flex flex-wrap gap-2">
        {csv('b2b', 'B2B CSV')}
        {csv('b2c', 'B2C CSV')}
        {csv('credit-notes', 'Credit notes CSV')}
        {csv('sac-summary', 'SAC summary CSV')}
      </div>
      <dl
        className="grid max-w-3xl grid-cols-2 gap-2 text-sm sm:grid-cols-5"
        aria-label="Totals of the month’s invoices"
      >
        {(
          [
            ['Taxable value', totals.taxableValue],
            ['CGST', totals.cgst],
            ['SGST/UTGST', totals.sgst],
            ['IGST', totals.igst],
            ['Invoice value', totals.total],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded border border-slate-300 p-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums">{formatMoney(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        Credit notes of the month: {formatMoney(creditNoteTotals.total)} (taxable{' '}
        {formatMoney(creditNoteTotals.taxableValue)}, tax{' '}
        {formatMoney(creditNoteTotals.cgst + creditNoteTotals.sgst + creditNoteTotals.igst)}).
      </p>
      <section>
        <h3 className="font-semibold">B2B invoices (registered buyers)</h3>
        <FiguresTable
          caption="B2B invoices"
          headers={['GSTIN', 'Buyer', 'Invoice', 'Date', 'Value', 'Place of supply', 'Rate', ...TAX_HEADERS]}
          rows={figures.b2b.map((r) => [
            r.buyerGstin,
            r.buyerName,
            r.number,
            formatDate(r.issuedOn),
            formatMoney(r.invoiceValue),
            stateWithCode(r.placeOfSupply),
            `${r.ratePercent}%`,
            ...taxCells(r),
          ])}
          empty="No invoice to a registered buyer this month."
        />
      </section>
      <section>
        <h3 className="font-semibold">B2C (unregistered buyers), by place of supply and rate</h3>
        <FiguresTable
          caption="B2C totals"
          headers={['Place of supply', 'Rate', ...TAX_HEADERS, 'Total']}
          rows={figures.b2c.map((r) => [
            stateWithCode(r.placeOfSupply),
            `${r.ratePercent}%`,
            ...taxCells(r),
            formatMoney(r.total),
          ])}
          empty="No invoice to an unregistered buyer this month."
        />
      </section>
      <section>
        <h3 className="font-semibold">Credit notes</h3>
        <FiguresTable
          caption="Credit notes"
          headers={['Credit note', 'Date', 'Invoice', 'Buyer', ...TAX_HEADERS, 'Total', 'Reason']}
          rows={figures.creditNotes.map((r) => [
            r.number,
            formatDate(r.issuedOn),
            r.invoiceNumber,
            r.buyerName,
            ...taxCells(r),
            formatMoney(r.total),
            `${r.reason}${r.late ? ' (after 30 November of the following year)' : ''}`,
          ])}
          empty="No credit note this month."
        />
      </section>
      <section>
        <h3 className="font-semibold">Summary by SAC</h3>
        <FiguresTable
          caption="Summary by SAC"
          headers={['SAC', 'Rate', ...TAX_HEADERS, 'Total']}
          rows={figures.sacSummary.map((r) => [r.sac, `${r.ratePercent}%`, ...taxCells(r), formatMoney(r.total)])}
          empty="No invoice this month."
        />
      </section>
    </div>
  );
}
