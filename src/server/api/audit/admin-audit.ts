import { describeAuditDetail } from '../../../lib/audit-change';
import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { AuditEntrySchema, AuditExportQuery, AuditQuery, type AuditEntry } from '../../../lib/schemas/admin';
import { pagedSchema } from '../../../lib/schemas/common';
import { allAudit, auditActions, listAudit } from '../../domains/audit/audit-log';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, createRouter, respond, rolesOnly } from '../openapi';

/**
 * The activity log (issue 11), read by the super admin. Only GET routes exist: no route changes
 * or deletes an entry.
 */
const tags = ['Activity log'];
const access = rolesOnly(ROLE.superAdmin);

const CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'At (UTC)', value: (e) => e.at },
  { header: 'User', value: (e) => e.actor?.email },
  { header: 'Action', value: (e) => e.action },
  { header: 'Record', value: (e) => e.entity },
  { header: 'Record id', value: (e) => e.entityId },
  { header: 'Address', value: (e) => e.ip },
  { header: 'Detail', value: (e) => describeAuditDetail(e.detail).join('; ') },
];

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Staff actions and sign-in events, newest first; filtered by user, action, record and Kolkata dates',
  tags,
  access,
  request: { query: AuditQuery },
  data: pagedSchema(AuditEntrySchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The entries the filters select, newest first, as CSV',
  tags,
  access,
  request: { query: AuditExportQuery },
});

const actionsRoute = apiRoute({
  method: 'get',
  path: '/actions',
  summary: 'The actions recorded so far (the filter’s choices)',
  tags,
  access,
  data: z.array(z.string()),
});

export const adminAuditRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listAudit(c.var.deps.db, c.req.valid('query'))))
  .openapi(exportRoute, async (c) =>
    csvResponse(c, 'activity-log', CSV_COLUMNS, allAudit(c.var.deps.db, c.req.valid('query'))),
  )
  .openapi(actionsRoute, async (c) => respond(c, await auditActions(c.var.deps.db)));
