import { z } from '@hono/zod-openapi';
import { kolkataDate } from '../../../lib/financial-year';
import { ROLE } from '../../../lib/roles';
import {
  MembershipReportSchema,
  REPORT_TABLES,
  ReportQuery,
  type MembershipReport,
} from '../../../lib/schemas/membership-reports';
import { membershipReport } from '../../domains/members/reports';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, createRouter, respond, rolesOnly } from '../openapi';

/** Membership reports (issue 10): the super admin only (docs/architecture.md, "Roles"). */
const tags = ['Reports'];
const SUPER_ADMIN = rolesOnly(ROLE.superAdmin);

const reportRoute = apiRoute({
  method: 'get',
  path: '/',
  summary:
    'Totals by class, region, chapter and status; admissions and renewals per year; collection per month and mode',
  tags,
  access: SUPER_ADMIN,
  request: { query: ReportQuery },
  data: MembershipReportSchema,
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'One table of the membership report as CSV (`table=class|region|chapter|status|years|months|modes`)',
  tags,
  access: SUPER_ADMIN,
  request: {
    query: ReportQuery.extend({
      table: z.enum(REPORT_TABLES, { message: `Choose a table: ${REPORT_TABLES.join(', ')}.` }),
    }),
  },
});

type Row = Record<string, string | number>;

function tableOf(report: MembershipReport, table: (typeof REPORT_TABLES)[number]): Row[] {
  return table === 'years'
    ? report.years
    : table === 'months'
      ? report.months.map((m) => ({ month: m.month, count: m.count, rupees: (m.amount / 100).toFixed(2) }))
      : table === 'modes'
        ? report.modes.map((m) => ({ mode: m.label, count: m.count, rupees: (m.amount / 100).toFixed(2) }))
        : {
            class: report.byClass,
            region: report.byRegion,
            chapter: report.byChapter,
            status: report.byStatus,
          }[table].map((c) => ({ [table]: c.label, members: c.count }));
}

export const adminReportsRouter = createRouter()
  .openapi(reportRoute, async (c) =>
    respond(c, await membershipReport(c.var.deps.db, c.req.valid('query'), kolkataDate(c.var.deps.now()))),
  )
  .openapi(exportRoute, async (c) => {
    const { table, ...filter } = c.req.valid('query');
    const today = kolkataDate(c.var.deps.now());
    const rows = tableOf(await membershipReport(c.var.deps.db, filter, today), table);
    const columns: CsvColumn<Row>[] = Object.keys(rows[0] ?? { [table]: '' }).map((key) => ({
      header: key,
      value: (row) => row[key],
    }));
    return csvResponse(c, `membership-${table}-${today}.csv`, columns, rows);
  });
