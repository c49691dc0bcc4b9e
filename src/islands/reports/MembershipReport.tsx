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

const one = (label: string, values: number[]): ChartSeries[] => [{ label, values }];

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

  const charts = useMemo(() => {
    if (!report) return null;
    return {
      classes: {
        labels: report.byClass.map((r) => r.label),
        series: one(
          'Members',
          report.byClass.map((r) => r.count),
        ),
      },
      status: {
        labels: report.byStatus.map((r) => r.label),
        series: one(
          'Members',
          report.byStatus.map((r) => r.count),
        ),
      },
      regions: {
        labels: report.byRegion.map((r) => r.label),
        series: one(
          'Members',
          report.byRegion.map((r) => r.count),
        ),
      },
      chapters: {
        labels: report.byChapter.map((r) => r.label),
        series: one(
          'Members',
          report.byChapter.map((r) => r.count),
        ),
      },
      years: {
        labels: report.years.map((y) => y.financialYear),
        series: [
          { label: 'Admissions', values: report.years.map((y) => y.admissions) },
          { label: 'Renewals', values: report.years.map((y) => y.renewals) },
        ],
      },
      months: {
        labels: report.months.map((m) => m.month),
        series: one(
          'Rupees',
          report.months.map((m) => m.amount / 100),
        ),
      },
      modes: {
        labels: report.modes.map((m) => m.label),
        series: one(
          'Rupees',
          report.modes.map((m) => m.amount / 100),
        ),
      },
    };
  }, [report]);

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
      {!report || !charts ? (
        !error && <p className="text-slate-600">Loading the report…</p>
      ) : (
        <>
          <p>
            {formatCount(report.total)} members on {report.asOf}; collection for {report.financialYear}.
          </p>
          <Block
            title="Members by class"
            table="class"
            params={params}
            chart={<ReportChart title="Members by class" kind="doughnut" {...charts.classes} />}
          >
            <CountTable
              caption="Members by class"
              head={['Class', 'Members']}
              rows={report.byClass.map((r) => [r.label, r.count])}
            />
          </Block>
          <Block
            title="Members by status"
            table="status"
            params={params}
            chart={<ReportChart title="Members by status" kind="doughnut" {...charts.status} />}
          >
            <CountTable
              caption="Members by status (defaulters and lapses)"
              head={['Status', 'Members']}
              rows={report.byStatus.map((r) => [r.label, r.count])}
            />
          </Block>
          <Block
            title="Members by region"
            table="region"
            params={params}
            chart={<ReportChart title="Members by region" kind="bar" {...charts.regions} />}
          >
            <CountTable
              caption="Members by region"
              head={['Region', 'Members']}
              rows={report.byRegion.map((r) => [r.label, r.count])}
            />
          </Block>
          <Block
            title="Members by chapter"
            table="chapter"
            params={params}
            chart={<ReportChart title="Members by chapter" kind="bar" {...charts.chapters} />}
          >
            <CountTable
              caption="Members by chapter"
              head={['Chapter', 'Members']}
              rows={report.byChapter.map((r) => [r.label, r.count])}
            />
          </Block>
          <Block
            title="Admissions and renewals"
            table="years"
            params={params}
            chart={<ReportChart title="Admissions and renewals per year" kind="bar" {...charts.years} />}
          >
            <CountTable
              caption="Admissions and renewals per financial year"
              head={['Financial year', 'Admissions', 'Renewals']}
              rows={report.years.map((y) => [y.financialYear, y.admissions, y.renewals])}
            />
          </Block>
          <Block
            title="Fees collected per month"
            table="months"
            params={params}
            chart={<ReportChart title="Fees collected per month" kind="line" {...charts.months} />}
          >
            <CountTable
              caption="Fees collected per month"
              head={['Month', 'Payments', 'Amount']}
              rows={report.months.map((m) => [m.month, m.count, formatMoney(m.amount)])}
            />
          </Block>
          <Block
            title="Fees collected by mode"
            table="modes"
            params={params}
            chart={<ReportChart title="Fees collected by mode" kind="doughnut" {...charts.modes} />}
          >
            <CountTable
              caption="Fees collected by payment mode"
              head={['Mode', 'Payments', 'Amount']}
              rows={report.modes.map((m) => [m.label, m.count, formatMoney(m.amount)])}
            />
          </Block>
        </>
      )}
    </div>
  );
}
