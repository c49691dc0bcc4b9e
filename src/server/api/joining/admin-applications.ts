import { z } from '@hono/zod-openapi';
import { membershipClassLabel } from '../../../lib/membership-classes';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import {
  APPLICATION_STATE_LABELS,
  APPLICATION_STATES,
  ApplicationDetailSchema,
  ApplicationExportQuery,
  ApplicationQueueQuery,
  type ApplicationListItem,
  ApplicationListItemSchema,
  DOCUMENT_KINDS,
  TransitionInput,
} from '../../../lib/schemas/membership';
import { storedFileResponse } from '../../platform/storage';
import { readDocument } from '../../domains/joining/documents';
import { applicationDetail, applicationRowsForExport, listApplications } from '../../domains/joining/queue';
import { applicationInScope, transitionApplication } from '../../domains/joining/transitions';
import { clientAddress } from '../context';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';

/** The staff's side of joining: the queue, one application, its documents and its decisions. */
const tags = ['Membership applications (staff)'];
const STAFF = [ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin] as const;

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The applications queue: filters, sorting and paging (a chapter admin sees its chapter’s)',
  tags,
  access: rolesOnly(...STAFF),
  request: { query: ApplicationQueueQuery },
  data: pagedSchema(ApplicationListItemSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The filtered queue as CSV, streamed',
  tags,
  access: rolesOnly(...STAFF),
  request: { query: ApplicationExportQuery },
});

const CSV_COLUMNS: CsvColumn<ApplicationListItem>[] = [
  { header: 'Application', value: (r) => r.reference },
  { header: 'State', value: (r) => APPLICATION_STATE_LABELS[r.state] },
  { header: 'Class', value: (r) => membershipClassLabel(r.classCode) },
  { header: 'Name', value: (r) => r.name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Chapter', value: (r) => r.chapter },
  { header: 'Financial year', value: (r) => r.financialYear },
  { header: 'Applied on', value: (r) => r.appliedOn },
  { header: 'Amount due (Rs)', value: (r) => (r.amountDue / 100).toFixed(2) },
];

const detailRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One application with its documents, payments, history and the moves the caller may make',
  tags,
  access: rolesOnly(...STAFF),
  request: { params: IdParam },
  data: ApplicationDetailSchema,
  errors: [404],
});

const transitionRoute = apiRoute({
  method: 'post',
  path: '/{id}/transitions',
  summary:
    'Moves an application: scrutiny and recommendation (roles 2, 4, 5), approval, rejection, withdrawal (roles 2, 5)',
  tags,
  access: rolesOnly(...STAFF),
  request: { params: IdParam, body: jsonBody(TransitionInput) },
  data: z.object({ state: z.enum(APPLICATION_STATES), memberNumber: z.string().nullable() }),
  errors: [404, 409],
  scope: (c, { id }) => applicationInScope(c.var.deps.db, caller(c), id),
});

const documentRoute = apiRoute({
  method: 'get',
  path: '/{id}/documents/{kind}',
  summary: 'A document of an application, as an attachment',
  tags,
  access: rolesOnly(...STAFF),
  request: { params: IdParam.extend({ kind: z.enum(DOCUMENT_KINDS) }) },
  data: z.string(),
  produces: 'application/octet-stream',
  errors: [404],
});

export const adminApplicationsRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listApplications(c.var.deps.db, caller(c), c.req.valid('query'))))
  .openapi(exportRoute, async (c) =>
    csvResponse(
      c,
      'applications.csv',
      CSV_COLUMNS,
      applicationRowsForExport(c.var.deps.db, caller(c), c.req.valid('query')),
    ),
  )
  .openapi(detailRoute, async (c) =>
    respond(c, await applicationDetail(c.var.deps.db, caller(c), c.req.valid('param').id)),
  )
  .openapi(transitionRoute, async (c) => {
    const deps = c.var.deps;
    const outcome = await transitionApplication(deps.db, caller(c), c.req.valid('param').id, c.req.valid('json'), {
      now: deps.now(),
      ip: clientAddress(c),
      siteUrl: deps.siteUrl,
    });
    if (outcome.mail.length) {
      deps.defer(async () => {
        for (const mail of outcome.mail) {
          try {
            await deps.mailer.send(mail);
          } catch (error) {
            console.error('[applications] e-mail failed', mail.subject, error);
          }
        }
      });
    }
    return respond(c, { state: outcome.state, memberNumber: outcome.memberNumber });
  })
  .openapi(documentRoute, async (c) => {
    const deps = c.var.deps;
    const { id, kind } = c.req.valid('param');
    const application = await applicationInScope(deps.db, caller(c), id);
    return storedFileResponse(c, await readDocument(deps.db, deps.storage, application.id, kind));
  });
