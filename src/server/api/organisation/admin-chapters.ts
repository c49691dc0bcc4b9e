import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import {
  type AdminChapter,
  AdminChapterDetailSchema,
  AdminChapterSchema,
  CHAPTER_CONTACT_FIELDS,
  ChapterCreateInput,
  ChapterExportQuery,
  ChapterListQuery,
  ChapterUpdateInput,
  OfficeBearerInput,
  OfficeBearerSchema,
  OfficeBearerUpdateInput,
} from '../../../lib/schemas/admin';
import { IdParam, pagedSchema, recordId } from '../../../lib/schemas/common';
import { kolkataDate } from '../../../lib/financial-year';
import {
  adminChapterDetail,
  canManageChapter,
  createChapter,
  listAdminChapters,
  updateChapter,
  type ChapterListOptions,
} from '../../domains/organisation/chapter-admin';
import { addBearer, deleteBearer, toOfficeBearer, updateBearer } from '../../domains/organisation/office-bearers';
import { IMAGE_TYPES, inspectUpload, MB, reencodeImage } from '../../platform/storage';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { clientAddress, type AppContext } from '../context';
import { conflict, forbidden, notFound, invalid } from '../../domains/errors';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly, UploadedFile } from '../openapi';

/** Chapters as staff manage them (issue 11): see `domains/organisation/chapter-admin.ts` for the rules. */
const tags = ['Chapters (staff)'];
const READERS = rolesOnly(ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin);
const EDITORS = rolesOnly(ROLE.superAdmin, ROLE.chapterAdmin);
const PHOTO_LIMIT = 5 * MB;

const BearerParams = IdParam.extend({
  bearerId: recordId(),
});

type ChapterFilters = { q?: string; region?: ChapterListOptions['region']; active?: 'true' | 'false' };
const filtersOf = (query: ChapterFilters) => ({
  q: query.q,
  region: query.region,
  active: query.active === undefined ? undefined : query.active === 'true',
});

const CSV_COLUMNS: CsvColumn<AdminChapter>[] = [
  { header: 'Code', value: (c) => c.code },
  { header: 'Name', value: (c) => c.name },
  { header: 'Region', value: (c) => c.region },
  { header: 'City', value: (c) => c.city },
  { header: 'State', value: (c) => c.state },
  { header: 'Address', value: (c) => c.address },
  { header: 'Contact', value: (c) => c.contactName },
  { header: 'E-mail', value: (c) => c.contactEmail },
  { header: 'Phone', value: (c) => c.contactPhone },
  { header: 'Active', value: (c) => c.active },
  { header: 'Members', value: (c) => c.memberCount },
];

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Chapters with member counts: a chapter admin sees only its own',
  tags,
  access: READERS,
  request: { query: ChapterListQuery },
  data: pagedSchema(AdminChapterSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The chapters the list shows, as CSV',
  tags,
  access: READERS,
  request: { query: ChapterExportQuery },
});

const createRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Creates a chapter (codes are unique and never reused)',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { body: jsonBody(ChapterCreateInput) },
  data: AdminChapterSchema,
  status: 201,
  errors: [409],
});

const detailRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'A chapter with its office bearers, current and past',
  tags,
  access: READERS,
  request: { params: IdParam },
  data: AdminChapterDetailSchema,
  errors: [404],
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Edits a chapter: the super admin any field but the code; a chapter admin its own contacts',
  tags,
  access: EDITORS,
  request: { params: IdParam, body: jsonBody(ChapterUpdateInput) },
  data: AdminChapterSchema,
  errors: [404],
  scope: (c, { id }) => requireManaged(c, id),
});

const addBearerRoute = apiRoute({
  method: 'post',
  path: '/{id}/office-bearers',
  summary: 'Adds an office bearer for a term',
  tags,
  access: EDITORS,
  request: { params: IdParam, body: jsonBody(OfficeBearerInput) },
  data: OfficeBearerSchema,
  status: 201,
  errors: [404],
  scope: (c, { id }) => requireManaged(c, id),
});

const updateBearerRoute = apiRoute({
  method: 'patch',
  path: '/{id}/office-bearers/{bearerId}',
  summary: 'Changes an office bearer or ends their term',
  tags,
  access: EDITORS,
  request: { params: BearerParams, body: jsonBody(OfficeBearerUpdateInput) },
  data: OfficeBearerSchema,
  errors: [404],
  scope: (c, { id }) => requireManaged(c, id),
});

const deleteBearerRoute = apiRoute({
  method: 'delete',
  path: '/{id}/office-bearers/{bearerId}',
  summary: 'Removes an office bearer entered by mistake',
  tags,
  access: EDITORS,
  request: { params: BearerParams },
  data: z.object({ deleted: z.literal(true) }),
  errors: [404],
});

const photoRoute = apiRoute({
  method: 'put',
  path: '/{id}/office-bearers/{bearerId}/photo',
  summary: 'Sets an office bearer’s photo (JPEG, PNG or WebP up to 5 MB; stored re-encoded without metadata)',
  tags,
  access: EDITORS,
  request: {
    params: BearerParams,
    body: { content: { 'multipart/form-data': { schema: z.object({ photo: UploadedFile }) } } },
  },
  data: OfficeBearerSchema,
  errors: [404],
  bodyLimit: PHOTO_LIMIT + 64 * 1024,
  scope: (c, { id }) => requireManaged(c, id),
});

async function requireManaged(c: AppContext, chapterId: number) {
  if (!(await canManageChapter(c.var.deps.db, caller(c), chapterId))) throw notFound('No such chapter.');
}

export const adminChaptersRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const options = { ...filtersOf(query), sort: query.sort, page: query.page, pageSize: query.pageSize };
    return respond(c, await listAdminChapters(c.var.deps.db, caller(c), options));
  })
  .openapi(exportRoute, async (c) => {
    const query = c.req.valid('query');
    const db = c.var.deps.db;
    const viewer = caller(c);
    async function* rows() {
      for (let page = 1; ; page++) {
        const batch = await listAdminChapters(db, viewer, {
          ...filtersOf(query),
          sort: query.sort,
          page,
          pageSize: 200,
        });
        yield* batch.items;
        if (batch.items.length < 200) return;
      }
    }
    return csvResponse(c, 'chapters', CSV_COLUMNS, rows());
  })
  .openapi(createRoute, async (c) => {
    const result = await createChapter(
      c.var.deps.db,
      c.req.valid('json'),
      { id: caller(c).id, ip: clientAddress(c) },
      c.var.deps.now(),
    );
    if (!result.ok)
      throw conflict('A chapter has (or had) this code: codes are never reused.', { code: 'This code is taken.' });
    return respond(c, result.chapter, 201);
  })
  .openapi(detailRoute, async (c) => {
    const chapter = await adminChapterDetail(c.var.deps.db, caller(c), c.req.valid('param').id, c.var.deps.now());
    if (!chapter) throw notFound('No such chapter.');
    return respond(c, chapter);
  })
  .openapi(updateRoute, async (c) => {
    const input = c.req.valid('json');
    const editor = caller(c);
    if (editor.roleId === ROLE.chapterAdmin) {
      const other = Object.keys(input).filter((k) => !(CHAPTER_CONTACT_FIELDS as readonly string[]).includes(k));
      if (other.length) {
        throw forbidden(`A chapter admin edits the chapter’s contacts only, not: ${other.join(', ')}.`);
      }
    }
    const chapter = await updateChapter(c.var.deps.db, editor, c.req.valid('param').id, input, {
      ip: clientAddress(c),
      now: c.var.deps.now(),
    });
    if (!chapter) throw notFound('No such chapter.');
    return respond(c, chapter);
  })
  .openapi(addBearerRoute, async (c) => {
    const { id } = c.req.valid('param');
    await requireManaged(c, id);
    const now = c.var.deps.now();
    const row = await addBearer(
      c.var.deps.db,
      id,
      c.req.valid('json'),
      { id: caller(c).id, ip: clientAddress(c) },
      now,
    );
    return respond(c, toOfficeBearer(row, kolkataDate(now)), 201);
  })
  .openapi(updateBearerRoute, async (c) => {
    const { id, bearerId } = c.req.valid('param');
    await requireManaged(c, id);
    const now = c.var.deps.now();
    const result = await updateBearer(
      c.var.deps.db,
      id,
      bearerId,
      c.req.valid('json'),
      { id: caller(c).id, ip: clientAddress(c) },
      now,
    );
    if (!result.ok && result.reason === 'dates') throw invalid({ termTo: 'The term cannot end before it starts.' });
    if (!result.ok) throw notFound('No such office bearer.');
    return respond(c, toOfficeBearer(result.row, kolkataDate(now)));
  })
  .openapi(deleteBearerRoute, async (c) => {
    const { id, bearerId } = c.req.valid('param');
    await requireManaged(c, id);
    const deleted = await deleteBearer(
      c.var.deps.db,
      id,
      bearerId,
      { id: caller(c).id, ip: clientAddress(c) },
      c.var.deps.now(),
    );
    if (!deleted) throw notFound('No such office bearer.');
    return respond(c, { deleted: true as const });
  })
  .openapi(photoRoute, async (c) => {
    const { id, bearerId } = c.req.valid('param');
    await requireManaged(c, id);
    const { photo } = c.req.valid('form');
    const bytes = new Uint8Array(await photo.arrayBuffer());
    await inspectUpload(bytes, { label: 'photo', types: IMAGE_TYPES, maxBytes: PHOTO_LIMIT, field: 'photo' });
    const image = await reencodeImage(bytes, { maxWidth: 480, format: 'webp', label: 'photo' });
    const deps = c.var.deps;
    const key = await deps.storage.put(image.bytes);
    const now = deps.now();
    const result = await updateBearer(
      deps.db,
      id,
      bearerId,
      { photo: { key, type: image.mime } },
      { id: caller(c).id, ip: clientAddress(c) },
      now,
    );
    if (!result.ok) {
      await deps.storage.remove(key);
      throw notFound('No such office bearer.');
    }
    return respond(c, toOfficeBearer(result.row, kolkataDate(now)));
  });
