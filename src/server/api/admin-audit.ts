import { z } from '@hono/zod-openapi';
import { ROLE } from '../../lib/roles';
import { AuditEntrySchema, AuditQuery } from '../../lib/schemas/admin';
import { pagedSchema } from '../../lib/schemas/common';
import { allAudit, auditActions, listAudit } from '../services/audit-log';
import { csvDownload } from './admin-csv';
import { apiRoute, createRouter, respond, rolesOnly } from './openapi';

/**
 * The activity log (issue 11), read by the super admin. Only GET routes exist: no route changes
 * or deletes an entry.
 */
const tags = ['Activity log'];
const access = rolesOnly(ROLE.superAdmin);
const Query = AuditQuery.omit({ format: true });

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Staff actions and sign-in events, newest first; filtered by user, action, record and Kolkata dates',
  tags,
  access,
  request: { query: Query },
  data: pagedSchema(AuditEntrySchema),
});

const exportRoute = apiRoute({
  method: 'get',
  path: '/export',
  summary: 'The entries the filters select, as CSV (streamed)',
  tags,
  access,
  request: { query: Query.omit({ page: true, pageSize: true }) },
  data: z.string(),
  produces: 'text/csv',
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
  .openapi(exportRoute, async (c) => {
    const db = c.var.deps.db;
    const filter = c.req.valid('query');
    async function* rows() {
      for await (const e of allAudit(db, filter)) {
        yield [e.at, e.actor?.email ?? '', e.action, e.entity ?? '', e.entityId ?? '', e.ip ?? '', e.detail];
      }
    }
    return csvDownload(
      c,
      'activity-log.csv',
      ['At (UTC)', 'User', 'Action', 'Record', 'Record id', 'Address', 'Detail'],
      rows(),
    );
  })
  .openapi(actionsRoute, async (c) => respond(c, await auditActions(c.var.deps.db)));
