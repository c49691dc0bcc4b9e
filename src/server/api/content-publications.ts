import { z } from '@hono/zod-openapi';
import { IdParam, pagedSchema } from '../../lib/schemas/common';
import {
  PublicationExportQuery,
  PublicationListQuery,
  type PublicationItem,
  PublicationFields,
  PublicationItemSchema,
  PublicationPatch,
  UPLOAD_LIMITS,
} from '../../lib/schemas/content';
import { bearerToken, checkApiToken } from '../auth/authorize';
import {
  attachPdf,
  createPublication,
  deletePublication,
  exportPublications,
  getPublication,
  listPublications,
  publicationPdf,
  updatePublication,
} from '../services/content/publications';
import { storedFileResponse } from '../storage';
import { bytesOf, CONTENT_STAFF, UploadForm, uploadLimit } from './content-files';
import type { AppContext } from './context';
import { csvResponse, csvRoute, type CsvColumn } from './csv';
import { ANYONE, apiRoute, caller, createRouter, respond } from './openapi';
import { kolkataDate } from '../../lib/financial-year';

/** Issues of the newsletter, Personnel Today and the research compendium (roles 2 to 5). */
const tags = ['Content: publications'];

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Issues, latest first, of one series or all',
  tags,
  access: CONTENT_STAFF,
  request: { query: PublicationListQuery },
  data: pagedSchema(PublicationItemSchema),
});
const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The issues of the filters as CSV, every page',
  tags,
  access: CONTENT_STAFF,
  request: { query: PublicationExportQuery },
});
const EXPORT_COLUMNS: CsvColumn<PublicationItem>[] = [
  { header: 'Id', value: (p) => p.id },
  { header: 'Series', value: (p) => p.series },
  { header: 'Title', value: (p) => p.title },
  { header: 'Volume', value: (p) => p.volume },
  { header: 'Number', value: (p) => p.number },
  { header: 'Date', value: (p) => p.issueDate },
  { header: 'Members only', value: (p) => p.membersOnly },
  { header: 'PDF', value: (p) => Boolean(p.pdfUrl) },
  { header: 'Status', value: (p) => p.status },
];
const createRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Creates an issue (its PDF is uploaded to /{id}/file)',
  tags,
  access: CONTENT_STAFF,
  request: { body: { content: { 'application/json': { schema: PublicationFields } } } },
  data: PublicationItemSchema,
  status: 201,
});
const getRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One issue',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam },
  data: PublicationItemSchema,
  errors: [404],
});
const patchRoute = apiRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Changes an issue',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam, body: { content: { 'application/json': { schema: PublicationPatch } } } },
  data: PublicationItemSchema,
  errors: [404],
});
const deleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Deletes an issue and its PDF',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam },
  data: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  errors: [404],
});
const uploadRoute = apiRoute({
  method: 'put',
  path: '/{id}/file',
  summary: 'Attaches the issue’s PDF (at most 20 MB, checked by content), replacing an earlier one',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam, body: { content: { 'multipart/form-data': { schema: UploadForm } } } },
  data: PublicationItemSchema,
  errors: [404],
  bodyLimit: uploadLimit(UPLOAD_LIMITS.pdf.maxBytes),
});
const downloadRoute = apiRoute({
  method: 'get',
  path: '/{id}/file',
  summary: 'Downloads an issue’s PDF',
  description:
    'Anyone for a published issue; a members-only issue needs a signed-in member or staff ' +
    '(`Authorization: Bearer`), else 401. Staff also read drafts.',
  tags,
  access: ANYONE,
  request: { params: IdParam },
  data: z.never(),
  produces: 'application/pdf',
  errors: [401, 404],
});

/** The caller when a valid token is sent; anonymous otherwise (a public issue needs none). */
async function optionalCaller(c: AppContext) {
  const { db, secret, now } = c.var.deps;
  const check = await checkApiToken(db, secret, bearerToken(c.req.header('authorization')), now());
  return check.ok ? check.user : null;
}

export const contentPublicationsRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listPublications(c.var.deps.db, c.req.valid('query'))))
  .openapi(createRoute, async (c) => {
    const { db, now } = c.var.deps;
    return respond(c, await createPublication(db, caller(c), c.req.valid('json'), now()), 201);
  })
  .openapi(exportRoute, async (c) => {
    const { db, now } = c.var.deps;
    const rows = exportPublications(db, c.req.valid('query'));
    return csvResponse(c, `issues-${kolkataDate(now())}`, EXPORT_COLUMNS, rows);
  })
  .openapi(getRoute, async (c) => respond(c, await getPublication(c.var.deps.db, c.req.valid('param').id)))
  .openapi(patchRoute, async (c) => {
    const { db, storage, now } = c.var.deps;
    return respond(c, await updatePublication(db, storage, c.req.valid('param').id, c.req.valid('json'), now()));
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param');
    await deletePublication(c.var.deps.db, c.var.deps.storage, id);
    return respond(c, { id, deleted: true as const });
  })
  .openapi(uploadRoute, async (c) => {
    const { db, storage, now } = c.var.deps;
    const { file } = c.req.valid('form');
    const issue = await attachPdf(
      db,
      storage,
      caller(c),
      c.req.valid('param').id,
      { bytes: await bytesOf(file), name: file.name },
      now(),
    );
    return respond(c, issue);
  })
  .openapi(downloadRoute, async (c) => {
    const { db, storage } = c.var.deps;
    const file = await publicationPdf(db, storage, await optionalCaller(c), c.req.valid('param').id);
    return storedFileResponse(c, { bytes: file.bytes, contentType: file.contentType, filename: file.filename });
  });
