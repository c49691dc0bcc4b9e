import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ChapterListItem } from '../../lib/api-types';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../lib/financial-year';
import { formatCount, formatMoney } from '../../lib/format';
import { REGIONS } from '../../lib/schemas/members';
import type { MembershipReport as Report, ReportTable } from '../../lib/schemas/membership-reports';
import { api, apiErrorOf } from '../../stores/api-client';
import { CsvDownloadButton } from '../staff';
import { ReportChart, type ChartSeries } from './ReportChart';

type Filters = { financialYear: string; region: string; chapterId: string };

function Block({
  title,
  table,
  params,
  chart,
  children,
}: {
  title: string;
  table: ReportTable;
  params: Record<string, string>;
  chart: ReactNode;
  children: ReactNode;
}) {
  const id = `report-${table}`;
  return (
    <section aria-labelledby={id} className="break-inside-avoid rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <span className="print:hidden">
          <CsvDownloadButton
            path="/admin/reports/membership/export.csv"
            params={{ ...params, table }}
            filename={`membership-${table}.csv`}
          />
        </span>
      </div>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="print:hidden">{chart}</div>
        <div className="overflow-x-auto">{children}</div>
      </div>
    </section>
  );
}

function CountTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {head.map((h, i) => (
            <th key={h} scope="col" className={`py-1 ${i ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])} className="border-b border-slate-100">
            {row.map((cell, i) => (
              <td key={i} className={`py-1 ${i ? 'text-right tabular-nums' : ''}`}>
                {typeof cell === 'number' ? formatCount(cell) : cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One figure of the report: its chart, and the table (and CSV) of the same numbers. */
interface ReportSection {
  table: ReportTable;
  title: string;
  chartTitle: string;
  kind: 'bar' | 'doughnut' | 'line';
  labels: string[];
  series: ChartSeries[];
  caption: string;
  head: string[];
  rows: (string | number)[][];
}

/**
 * A figure per label: members counted (class, status, region, chapter) or money collected (month, mode),
 * which is charted in rupees and tabled with its number of payments.
 */
function labelledSection(
  table: ReportTable,
  title: string,
  kind: ReportSection['kind'],
  caption: string,
  head: string,
  rows: { label: string; count: number; amount?: number }[],
): ReportSection {
  const money = rows.some((r) => r.amount !== undefined);
  return {
    table,
    title,
    chartTitle: title,
    kind,
    labels: rows.map((r) => r.label),
    series: money
      ? [{ label: 'Rupees', values: rows.map((r) => (r.amount ?? 0) / 100) }]
      : [{ label: 'Members', values: rows.map((r) => r.count) }],
    caption,
    head: money ? [head, 'Payments', 'Amount'] : [head, 'Members'],
    rows: rows.map((r) => (money ? [r.label, r.count, formatMoney(r.amount ?? 0)] : [r.label, r.count])),
  };
}

function reportSections(report: Report): ReportSection[] {
  return [
    labelledSection('class', 'Members by class', 'doughnut', 'Members by class', 'Class', report.byClass),
    labelledSection(
      'status',
      'Members by status',
      'doughnut',
      'Members by status (defaulters and lapses)',
      'Status',
      report.byStatus,
    ),
    labelledSection('region', 'Members by region', 'bar', 'Members by region', 'Region', report.byRegion),
    labelledSection('chapter', 'Members by chapter', 'bar', 'Members by chapter', 'Chapter', report.byChapter),
    {
      table: 'years',
      title: 'Admissions and renewals',
      chartTitle: 'Admissions and renewals per year',
      kind: 'bar',
      labels: report.years.map((y) => y.financialYear),
      series: [
        { label: 'Admissions', values: report.years.map((y) => y.admissions) },
        { label: 'Renewals', values: report.years.map((y) => y.renewals) },
      ],
      caption: 'Admissions and renewals per financial year',
      head: ['Financial year', 'Admissions', 'Renewals'],
      rows: report.years.map((y) => [y.financialYear, y.admissions, y.renewals]),
    },
    labelledSection(
      'months',
      'Fees collected per month',
      'line',
      'Fees collected per month',
      'Month',
      report.months.map((m) => ({ ...m, label: m.month })),
    ),
    labelledSection(
      'modes',
      'Fees collected by mode',
      'doughnut',
      'Fees collected by payment mode',
      'Mode',
      report.modes,
    ),
  ];
}

/** The super admin's membership report: filters, a chart and its table per figure, CSV per table, print. */
export default function MembershipReport() {
  const current = financialYearStart(kolkataDate(new Date()));
  const [filters, setFilters] = useState<Filters>({ financialYear: String(current), region: '', chapterId: '' });
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);
  const params = useMemo(
    () => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Record<string, string>,
    [filters],
  );

  useEffect(() => {
    void api
      .get<ChapterListItem[]>('chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, []);
  useEffect(() => {
    setError(null);
    api
      .get<Report>('admin/reports/membership', params)
      .then(setReport)
      .catch(async (failure) => setError((await apiErrorOf(failure)).message));
  }, [params]);

  const sections = useMemo(() => (report ? reportSections(report) : null), [report]);

  const select = 'mt-1 block rounded-md border border-slate-300 px-3 py-2';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4 print:hidden">
        <label>
          Financial year
          <select
            className={select}
            value={filters.financialYear}
            onChange={(e) => setFilters({ ...filters, financialYear: e.target.value })}
          >
            {Array.from({ length: 6 }, (_, i) => current - i).map((y) => (
              <option key={y} value={y}>
                {financialYearLabel(y)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Region
          <select
            className={select}
            value={filters.region}
            onChange={(e) => setFilters({ ...filters, region: e.target.value })}
          >
            <option value="">All regions</option>
            {REGIONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          Chapter
          <select
            className={select}
            value={filters.chapterId}
            onChange={(e) => setFilters({ ...filters, chapterId: e.target.value })}
          >
            <option value="">All chapters</option>
            {chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => window.print()} className="rounded-md border border-slate-300 px-3 py-2">
          Print
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
      {!report || !sections ? (
        !error && <p className="text-slate-600">Loading the report…</p>
      ) : (
        <>
          <p>
            {formatCount(report.total)} members on {report.asOf}; collection for {report.financialYear}.
          </p>
          {sections.map((section) => (
            <Block
              key={section.table}
              title={section.title}
              table={section.table}
              params={params}
              chart={
                <ReportChart
                  title={section.chartTitle}
                  kind={section.kind}
                  labels={section.labels}
                  series={section.series}
                />
              }
            >
              <CountTable caption={section.caption} head={section.head} rows={section.rows} />
            </Block>
          ))}
        </>
      )}
    </div>
  );
}
