import { z } from '@hono/zod-openapi';
import { IdParam, pagedSchema } from '../../lib/schemas/common';
import {
  EventBody,
  EventExportQuery,
  EventListQuery,
  type EventItem,
  EventItemSchema,
  EventPatch,
  UPLOAD_LIMITS,
} from '../../lib/schemas/content';
import {
  addAttachment,
  createEvent,
  deleteEvent,
  exportEvents,
  getEvent,
  listEvents,
  removeAttachment,
  updateEvent,
} from '../services/content/events';
import { bytesOf, CONTENT_STAFF, UploadForm, uploadLimit } from './content-files';
import { csvResponse, csvRoute, type CsvColumn } from './csv';
import { apiRoute, caller, createRouter, respond } from './openapi';
import { kolkataDate } from '../../lib/financial-year';

/** Events for the content screens: roles 2, 3, 5 all; a chapter admin (4) only their chapter's. */
const tags = ['Content: events'];

const KeyParam = IdParam.extend({ key: z.string().regex(/^[0-9a-f]{32}$/, 'Not a file key.') });

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Events, newest start first (a chapter admin: their chapter’s)',
  tags,
  access: CONTENT_STAFF,
  request: { query: EventListQuery },
  data: pagedSchema(EventItemSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The events of the filters as CSV, every page',
  tags,
  access: CONTENT_STAFF,
  request: { query: EventExportQuery },
});

const EXPORT_COLUMNS: CsvColumn<EventItem>[] = [
  { header: 'Id', value: (e) => e.id },
  { header: 'Title', value: (e) => e.title },
  { header: 'Type', value: (e) => e.type },
  { header: 'Region', value: (e) => e.region },
  { header: 'Chapter', value: (e) => e.chapterName },
  { header: 'Starts', value: (e) => e.startsAt },
  { header: 'Ends', value: (e) => e.endsAt },
  { header: 'Venue', value: (e) => e.venue },
  { header: 'Online', value: (e) => e.onlineUrl },
  { header: 'Status', value: (e) => e.status },
  { header: 'Updated', value: (e) => e.updatedAt },
];

const createRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Creates an event (draft or published)',
  tags,
  access: CONTENT_STAFF,
  request: { body: { content: { 'application/json': { schema: EventBody } } } },
  data: EventItemSchema,
  status: 201,
  errors: [404],
});

const getRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One event, with its description rendered as on the public page (the preview)',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam },
  data: EventItemSchema,
  errors: [404],
});

const patchRoute = apiRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Changes an event',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam, body: { content: { 'application/json': { schema: EventPatch } } } },
  data: EventItemSchema,
  errors: [404],
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Deletes an event',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam },
  data: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  errors: [404],
});

const attachRoute = apiRoute({
  method: 'post',
  path: '/{id}/attachments',
  summary: 'Attaches a PDF or picture to an event (at most 20 MB, checked by content)',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam, body: { content: { 'multipart/form-data': { schema: UploadForm } } } },
  data: EventItemSchema,
  status: 201,
  errors: [404],
  bodyLimit: uploadLimit(UPLOAD_LIMITS.attachment.maxBytes),
});

const detachRoute = apiRoute({
  method: 'delete',
  path: '/{id}/attachments/{key}',
  summary: 'Removes an attachment from an event',
  tags,
  access: CONTENT_STAFF,
  request: { params: KeyParam },
  data: EventItemSchema,
  errors: [404],
});

export const contentEventsRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listEvents(c.var.deps.db, caller(c), c.req.valid('query'))))
  .openapi(createRoute, async (c) => {
    const { db, now } = c.var.deps;
    return respond(c, await createEvent(db, caller(c), c.req.valid('json'), now()), 201);
  })
  .openapi(exportRoute, async (c) => {
    const { db, now } = c.var.deps;
    const rows = exportEvents(db, caller(c), c.req.valid('query'));
    return csvResponse(c, `events-${kolkataDate(now())}`, EXPORT_COLUMNS, rows);
  })
  .openapi(getRoute, async (c) => respond(c, await getEvent(c.var.deps.db, caller(c), c.req.valid('param').id)))
  .openapi(patchRoute, async (c) => {
    const { db, storage, now } = c.var.deps;
    return respond(c, await updateEvent(db, storage, caller(c), c.req.valid('param').id, c.req.valid('json'), now()));
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param');
    await deleteEvent(c.var.deps.db, c.var.deps.storage, caller(c), id);
    return respond(c, { id, deleted: true as const });
  })
  .openapi(attachRoute, async (c) => {
    const { db, storage, now } = c.var.deps;
    const { file } = c.req.valid('form');
    const event = await addAttachment(
      db,
      storage,
      caller(c),
      c.req.valid('param').id,
      { bytes: await bytesOf(file), name: file.name },
      now(),
    );
    return respond(c, event, 201);
  })
  .openapi(detachRoute, async (c) => {
    const { id, key } = c.req.valid('param');
    return respond(c, await removeAttachment(c.var.deps.db, c.var.deps.storage, caller(c), id, key, c.var.deps.now()));
  });
