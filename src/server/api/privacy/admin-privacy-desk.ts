import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import { REQUEST_KIND_LABELS } from '../../../lib/schemas/privacy';
import {
  BreachBody,
  BreachInvestigationBody,
  BreachListQuery,
  BreachSchema,
  DeskQueueQuery,
  ExportRegisterQuery,
  PersonalDataExportSchema,
  type DeskRequest,
  type PersonalDataExport,
} from '../../../lib/schemas/privacy-desk';
import { INSTITUTE } from '../../../lib/site';
import { renderBreachReportPdf } from '../../domains/privacy/breach-report';
import {
  listBreaches,
  markBoardReported,
  notifyBreach,
  readBreach,
  recordBreach,
  updateBreachInvestigation,
} from '../../domains/privacy/breaches';
import { allDeskRequests } from '../../domains/privacy/desk';
import { allExports, listExports } from '../../domains/privacy/export-register';
import { readPrivacySettings } from '../../domains/privacy/settings';
import { clientAddress } from '../context';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';
import { DESK } from './admin-privacy';

/**
 * The rest of the staff privacy desk (issue 26): the queue as CSV, breaches (super admin: record,
 * tell the people affected, the report to the Board as PDF) and the register of staff exports.
 */
const tags = ['Privacy'];
const BREACHES = rolesOnly(ROLE.superAdmin);

const QUEUE_COLUMNS: CsvColumn<DeskRequest>[] = [
  { header: 'Request', value: (r) => r.id },
  { header: 'Kind', value: (r) => REQUEST_KIND_LABELS[r.kind] },
  { header: 'State', value: (r) => r.state },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Received (UTC)', value: (r) => r.receivedAt },
  { header: 'Due (UTC)', value: (r) => r.deadline.dueAt },
  { header: 'Days left', value: (r) => r.deadline.daysLeft },
  { header: 'Reminders', value: (r) => r.reminders.map((m) => `${m.day} days ${m.at.slice(0, 10)}`).join('; ') },
  { header: 'Details', value: (r) => r.details },
  { header: 'Closed (UTC)', value: (r) => r.closedAt },
  { header: 'Answer', value: (r) => r.answer },
];

const REGISTER_COLUMNS: CsvColumn<PersonalDataExport>[] = [
  { header: 'At (UTC)', value: (e) => e.at },
  { header: 'By', value: (e) => e.userEmail },
  { header: 'List', value: (e) => e.list },
  {
    header: 'Filters',
    value: (e) =>
      Object.entries(e.filters)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
  },
  { header: 'Rows', value: (e) => e.rows },
];

const queueCsvRoute = csvRoute({
  path: '/privacy/requests/export.csv',
  summary: 'The queue as the filters select it, nearest deadline first, as CSV',
  tags,
  access: DESK,
  request: { query: DeskQueueQuery.omit({ page: true, pageSize: true }) },
});

const breachCreateRoute = apiRoute({
  method: 'post',
  path: '/privacy/breaches',
  status: 201,
  summary: 'Records a personal data breach and e-mails each person affected (DPDP Rules, rule 7(1))',
  tags,
  access: BREACHES,
  request: { body: jsonBody(BreachBody) },
  data: BreachSchema,
});

const breachListRoute = apiRoute({
  method: 'get',
  path: '/privacy/breaches',
  summary: 'Breaches, latest found first, each with the 72-hour deadline of the report to the Board',
  tags,
  access: BREACHES,
  request: { query: BreachListQuery },
  data: pagedSchema(BreachSchema),
});

const breachRoute = apiRoute({
  method: 'get',
  path: '/privacy/breaches/{id}',
  summary: 'One breach as recorded, with how many people were told',
  tags,
  access: BREACHES,
  request: { params: IdParam },
  data: BreachSchema,
  errors: [404],
});

const breachInvestigationRoute = apiRoute({
  method: 'put',
  path: '/privacy/breaches/{id}/investigation',
  summary:
    'Records what the investigation found (when, where, measures, causes, who caused it, prevention); what people were told stays',
  tags,
  access: BREACHES,
  request: { params: IdParam, body: jsonBody(BreachInvestigationBody) },
  data: BreachSchema,
  errors: [404],
});

const breachReportRoute = apiRoute({
  method: 'get',
  path: '/privacy/breaches/{id}/report.pdf',
  summary: 'The report to the Data Protection Board with the contents of rule 7(2), as PDF',
  tags,
  access: BREACHES,
  request: { params: IdParam },
  data: z.string(),
  produces: 'application/pdf',
  errors: [404],
});

const breachReportedRoute = apiRoute({
  method: 'post',
  path: '/privacy/breaches/{id}/reported',
  summary: 'Records that the report went to the Board (once)',
  tags,
  access: BREACHES,
  request: { params: IdParam },
  data: BreachSchema,
  errors: [404, 409],
});

const registerRoute = apiRoute({
  method: 'get',
  path: '/privacy/exports',
  summary: 'The register of lists of people staff downloaded as CSV: who, which list, filters, rows; newest first',
  tags,
  access: DESK,
  request: { query: ExportRegisterQuery },
  data: pagedSchema(PersonalDataExportSchema),
});

const registerCsvRoute = csvRoute({
  path: '/privacy/exports/export.csv',
  summary: 'The register as the filters select it, as CSV (this download is registered too)',
  tags,
  access: DESK,
  request: { query: ExportRegisterQuery.omit({ page: true, pageSize: true }) },
});

export const adminPrivacyDeskRouter = createRouter()
  .openapi(queueCsvRoute, async (c) => {
    const { db, now } = c.var.deps;
    return csvResponse(c, 'privacy-requests', QUEUE_COLUMNS, allDeskRequests(db, c.req.valid('query'), now()));
  })
  .openapi(breachCreateRoute, async (c) => {
    const { db, mailer, now, defer } = c.var.deps;
    const breach = await recordBreach(db, c.req.valid('json'), {
      now: now(),
      actorUserId: caller(c).id,
      ip: clientAddress(c),
    });
    defer(() => notifyBreach(db, mailer, breach.id, now()));
    return respond(c, breach, 201);
  })
  .openapi(breachListRoute, async (c) => {
    const query = c.req.valid('query');
    const { items, total } = await listBreaches(c.var.deps.db, query, c.var.deps.now());
    return respond(c, { items, total, page: query.page, pageSize: query.pageSize });
  })
  .openapi(breachRoute, async (c) =>
    respond(c, await readBreach(c.var.deps.db, c.req.valid('param').id, c.var.deps.now())),
  )
  .openapi(breachInvestigationRoute, async (c) =>
    respond(
      c,
      await updateBreachInvestigation(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'), {
        now: c.var.deps.now(),
        actorUserId: caller(c).id,
        ip: clientAddress(c),
      }),
    ),
  )
  .openapi(breachReportRoute, async (c) => {
    const { db, now } = c.var.deps;
    const breach = await readBreach(db, c.req.valid('param').id, now());
    const { officer } = await readPrivacySettings(db);
    const pdf = await renderBreachReportPdf(breach, { name: INSTITUTE.name, officer }, now());
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="breach-${breach.id}-report-to-board.pdf"`);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
  })
  .openapi(breachReportedRoute, async (c) =>
    respond(
      c,
      await markBoardReported(c.var.deps.db, c.req.valid('param').id, {
        now: c.var.deps.now(),
        actorUserId: caller(c).id,
        ip: clientAddress(c),
      }),
    ),
  )
  .openapi(registerRoute, async (c) => {
    const query = c.req.valid('query');
    const { items, total } = await listExports(c.var.deps.db, query);
    return respond(c, { items, total, page: query.page, pageSize: query.pageSize });
  })
  .openapi(registerCsvRoute, async (c) =>
    csvResponse(c, 'staff-exports-register', REGISTER_COLUMNS, allExports(c.var.deps.db, c.req.valid('query'))),
  );
