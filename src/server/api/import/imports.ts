import { z } from '@hono/zod-openapi';
import { kolkataDate } from '../../../lib/financial-year';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import {
  IMPORT_KINDS,
  ImportCheckBody,
  ImportCheckSchema,
  ImportListQuery,
  ImportSchema,
  ImportTemplateQuery,
} from '../../../lib/schemas/import';
import { addExistingMember } from '../../domains/import/by-hand';
import { MEMBER_FIELDS } from '../../domains/import/column-specs';
import { runImportJobs, startCommit } from '../../domains/import/commit';
import { checkImport, errorRows, IMPORT_MAX_BYTES, loadImport, uploadImport } from '../../domains/import/imports';
import { requestInvitations } from '../../domains/import/invitations';
import { templateCsv, templateXlsx } from '../../domains/import/templates';
import { undoImport } from '../../domains/import/undo';
import { importDetails, importDetailsById, listImports } from '../../domains/import/views';
import { clientAddress, type AppContext } from '../context';
import { csvResponse, csvRoute } from '../csv';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly, UploadedFile } from '../openapi';

/** Bringing the existing register in (issue 23): national staff only. */
const tags = ['Import (staff)'];
const IMPORT_STAFF = rolesOnly(ROLE.superAdmin, ROLE.admin);
const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const templateCsvRoute = csvRoute({
  path: '/template.csv',
  summary: 'The members (or `?kind=payments`) template: every column and one example row',
  tags,
  access: IMPORT_STAFF,
  request: { query: ImportTemplateQuery },
});

const templateXlsxRoute = apiRoute({
  method: 'get',
  path: '/template.xlsx',
  summary: 'The template as a workbook, with a sheet explaining each column and its accepted forms',
  tags,
  access: IMPORT_STAFF,
  request: { query: ImportTemplateQuery },
  data: z.string(),
  produces: XLSX_MEDIA_TYPE,
});

const uploadRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Uploads a members or payments file (CSV or .xlsx, at most 20 MB and 50,000 rows) and maps its columns',
  description:
    'The type is judged from the bytes: another type is a 415, an unreadable encoding a 400, a larger file a 413. Nothing is stored unless the whole file reads.',
  tags,
  access: IMPORT_STAFF,
  request: {
    body: {
      content: { 'multipart/form-data': { schema: z.object({ file: UploadedFile, kind: z.enum(IMPORT_KINDS) }) } },
    },
  },
  data: ImportSchema,
  status: 201,
  bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
});

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The imports, newest first, paged',
  tags,
  access: IMPORT_STAFF,
  request: { query: ImportListQuery },
  data: pagedSchema(ImportSchema),
});

const getRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'An import: state, counts, commit progress (rows done, rows per second, time left), invitations',
  tags,
  access: IMPORT_STAFF,
  request: { params: IdParam },
  data: ImportSchema,
  errors: [404],
});

const checkRoute = apiRoute({
  method: 'post',
  path: '/{id}/check',
  summary: 'Dry run: judges every row as the commit would (with an edited mapping if sent), writing nothing',
  tags,
  access: IMPORT_STAFF,
  request: { params: IdParam, body: jsonBody(ImportCheckBody) },
  data: ImportCheckSchema,
  errors: [404, 409],
});

const errorsRoute = csvRoute({
  path: '/{id}/errors.csv',
  summary: 'Each row that would not be applied, as uploaded, with an `error` column naming each field and why',
  tags,
  access: IMPORT_STAFF,
  request: { params: IdParam },
  errors: [404, 409],
});

const commitRoute = apiRoute({
  method: 'post',
  path: '/{id}/commit',
  summary: 'Starts the commit: a job applied in batches, resumed after a restart; follow it with GET /{id}',
  tags,
  access: IMPORT_STAFF,
  request: { params: IdParam },
  data: ImportSchema,
  status: 202,
  errors: [404, 409],
});

const undoRoute = apiRoute({
  method: 'post',
  path: '/{id}/undo',
  summary: 'Undoes a members import within 7 days, when none of its members has changed since (409 names them)',
  tags,
  access: IMPORT_STAFF,
  request: { params: IdParam },
  data: ImportSchema,
  errors: [404, 409],
});

const invitationsRoute = apiRoute({
  method: 'post',
  path: '/{id}/invitations',
  summary: "Queues set-password invitations to the import's new accounts; sent at the hourly rate, each member once",
  tags,
  access: IMPORT_STAFF,
  request: { params: IdParam },
  data: ImportSchema,
  status: 202,
  errors: [404, 409],
});

/** One member as one row of a members file: each field as text, in the forms a file may use. */
const ExistingMemberBody = z
  .object(Object.fromEntries(MEMBER_FIELDS.map((field) => [field, z.string().max(1000).optional()])))
  .strict();

const addMemberRoute = apiRoute({
  method: 'post',
  path: '/member',
  summary: 'Adds one existing member (who joined on paper) by hand, with the same fields and checks as an imported row',
  tags,
  access: IMPORT_STAFF,
  request: { body: jsonBody(ExistingMemberBody) },
  data: z.object({ id: z.number().int(), memberNumber: z.string() }),
  status: 201,
  errors: [409],
});

const now = (c: AppContext) => c.var.deps.now();

export const adminImportsRouter = createRouter()
  .openapi(templateCsvRoute, async (c) => {
    const kind = c.req.valid('query').kind ?? 'members';
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="nipm-${kind}-template.csv"`);
    return c.body(templateCsv(kind), 200);
  })
  .openapi(templateXlsxRoute, async (c) => {
    const kind = c.req.valid('query').kind ?? 'members';
    c.header('Content-Type', XLSX_MEDIA_TYPE);
    c.header('Content-Disposition', `attachment; filename="nipm-${kind}-template.xlsx"`);
    const bytes = await templateXlsx(kind);
    return c.body(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, 200);
  })
  .openapi(uploadRoute, async (c) => {
    const { file, kind } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const view = await uploadImport(c.var.deps.db, c.var.deps.storage, {
      bytes,
      fileName: file.name || 'upload',
      kind,
      userId: caller(c).id,
      now: now(c),
    });
    return respond(c, await importDetailsById(c.var.deps.db, view.id, now(c)), 201);
  })
  .openapi(addMemberRoute, async (c) => {
    const added = await addExistingMember(c.var.deps.db, c.req.valid('json'), {
      userId: caller(c).id,
      now: now(c),
      ip: clientAddress(c),
    });
    return respond(c, added, 201);
  })
  .openapi(listRoute, async (c) => respond(c, await listImports(c.var.deps.db, c.req.valid('query'), now(c))))
  .openapi(getRoute, async (c) => respond(c, await importDetailsById(c.var.deps.db, c.req.valid('param').id, now(c))))
  .openapi(checkRoute, async (c) => {
    const { id } = c.req.valid('param');
    const result = await checkImport(c.var.deps.db, c.var.deps.storage, id, { ...c.req.valid('json'), now: now(c) });
    return respond(c, result);
  })
  .openapi(errorsRoute, async (c) => {
    const record = await loadImport(c.var.deps.db, c.req.valid('param').id);
    const columns = [...(JSON.parse(record.columns) as string[]), 'error'];
    const rows = errorRows(c.var.deps.db, c.var.deps.storage, record, now(c));
    return csvResponse(
      c,
      `import-${record.id}-errors-${kolkataDate(now(c))}.csv`,
      columns.map((header, index) => ({ header, value: (row: string[]) => row[index] })),
      rows,
    );
  })
  .openapi(commitRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, storage } = c.var.deps;
    await startCommit(db, id, now(c));
    // This server starts at once; every server's poller would pick it up too (and resumes it after a restart).
    c.var.deps.defer(() => runImportJobs(db, storage, { now: c.var.deps.now }));
    return respond(c, await importDetails(db, await loadImport(db, id), now(c)), 202);
  })
  .openapi(undoRoute, async (c) => {
    const { id } = c.req.valid('param');
    await undoImport(c.var.deps.db, id, { userId: caller(c).id, now: now(c), ip: clientAddress(c) });
    return respond(c, await importDetailsById(c.var.deps.db, id, now(c)));
  })
  .openapi(invitationsRoute, async (c) => {
    const { id } = c.req.valid('param');
    await requestInvitations(c.var.deps.db, id, { userId: caller(c).id, now: now(c) });
    return respond(c, await importDetailsById(c.var.deps.db, id, now(c)), 202);
  });
