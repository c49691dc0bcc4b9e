import { z } from '@hono/zod-openapi';
import { IdParam } from '../../../lib/schemas/common';
import {
  PublicationExportQuery,
  PublicationListQuery,
  type PublicationItem,
  PublicationFields,
  PublicationItemSchema,
  PublicationPatch,
  UPLOAD_LIMITS,
} from '../../../lib/schemas/content';
import { bearerToken, checkApiToken } from '../../domains/identity/authorize';
import {
  attachPdf,
  createPublication,
  deletePublication,
  exportPublications,
  getPublication,
  listPublications,
  publicationPdf,
  updatePublication,
} from '../../domains/content/publications';
import { storedFileResponse } from '../../platform/storage';
import { bytesOf, CONTENT_STAFF, UploadForm, uploadLimit } from './files';
import type { AppContext } from '../context';
import { contentCrudRouter } from './crud';
import type { CsvColumn } from '../csv';
import { ANYONE, apiRoute, caller, respond } from '../openapi';

/** Issues of the newsletter, Personnel Today and the research compendium (roles 2 to 5). */
const tags = ['Content: publications'];

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
  scope: (c, { id }) => getPublication(c.var.deps.db, id),
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

export const contentPublicationsRouter = contentCrudRouter({
  tags,
  exportName: 'issues',
  exportColumns: EXPORT_COLUMNS,
  list: {
    summary: 'Issues, latest first, of one series or all',
    query: PublicationListQuery,
    item: PublicationItemSchema,
  },
  export: { summary: 'The issues of the filters as CSV, every page', query: PublicationExportQuery },
  create: {
    summary: 'Creates an issue (its PDF is uploaded to /{id}/file)',
    body: PublicationFields,
    data: PublicationItemSchema,
  },
  get: { summary: 'One issue', data: PublicationItemSchema },
  patch: { summary: 'Changes an issue', body: PublicationPatch, data: PublicationItemSchema },
  delete: { summary: 'Deletes an issue and its PDF' },
  service: {
    list: (deps, _user, query) => listPublications(deps.db, query),
    export: (deps, _user, query) => exportPublications(deps.db, query),
    create: (deps, user, fields, now) => createPublication(deps.db, user, fields, now),
    get: (deps, _user, id) => getPublication(deps.db, id),
    update: (deps, _user, id, patch, now) => updatePublication(deps.db, deps.storage, id, patch, now),
    delete: (deps, _user, id) => deletePublication(deps.db, deps.storage, id),
  },
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
