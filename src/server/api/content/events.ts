import { z } from '@hono/zod-openapi';
import { IdParam } from '../../../lib/schemas/common';
import {
  EventBody,
  EventExportQuery,
  EventListQuery,
  type EventItem,
  EventItemSchema,
  EventPatch,
  UPLOAD_LIMITS,
} from '../../../lib/schemas/content';
import {
  addAttachment,
  createEvent,
  deleteEvent,
  exportEvents,
  getEvent,
  listEvents,
  removeAttachment,
  updateEvent,
} from '../../domains/content/events';
import { bytesOf, CONTENT_STAFF, UploadForm, uploadLimit } from './files';
import { contentCrudRouter } from './crud';
import type { CsvColumn } from '../csv';
import { apiRoute, caller, respond } from '../openapi';

/** Events for the content screens: roles 2, 3, 5 all; a chapter admin (4) only their chapter's. */
const tags = ['Content: events'];

const KeyParam = IdParam.extend({ key: z.string().regex(/^[0-9a-f]{32}$/, 'Not a file key.') });

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
  scope: (c, { id }) => getEvent(c.var.deps.db, caller(c), id),
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

export const contentEventsRouter = contentCrudRouter({
  tags,
  exportName: 'events',
  exportColumns: EXPORT_COLUMNS,
  list: {
    summary: 'Events, newest start first (a chapter admin: their chapter’s)',
    query: EventListQuery,
    item: EventItemSchema,
  },
  export: { summary: 'The events of the filters as CSV, every page', query: EventExportQuery },
  create: { summary: 'Creates an event (draft or published)', body: EventBody, data: EventItemSchema, errors: [404] },
  get: {
    summary: 'One event, with its description rendered as on the public page (the preview)',
    data: EventItemSchema,
  },
  patch: { summary: 'Changes an event', body: EventPatch, data: EventItemSchema },
  delete: { summary: 'Deletes an event' },
  service: {
    list: (deps, user, query) => listEvents(deps.db, user, query),
    export: (deps, user, query) => exportEvents(deps.db, user, query),
    create: (deps, user, fields, now) => createEvent(deps.db, user, fields, now),
    get: (deps, user, id) => getEvent(deps.db, user, id),
    update: (deps, user, id, patch, now) => updateEvent(deps.db, deps.storage, user, id, patch, now),
    delete: (deps, user, id) => deleteEvent(deps.db, deps.storage, user, id),
  },
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
