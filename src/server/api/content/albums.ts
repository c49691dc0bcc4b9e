import { z } from '@hono/zod-openapi';
import { IdParam } from '../../../lib/schemas/common';
import {
  AlbumDetailSchema,
  AlbumFields,
  AlbumItemSchema,
  AlbumPatch,
  AlbumExportQuery,
  AlbumListQuery,
  CAPTION_MAX,
  type AlbumItem,
  PhotoOrder,
  PhotoPatch,
  PhotoSchema,
  UPLOAD_LIMITS,
} from '../../../lib/schemas/content';
import { singleLineText } from '../../../lib/schemas/text';
import {
  addPhoto,
  createAlbum,
  deleteAlbum,
  exportAlbums,
  getAlbum,
  listAlbums,
  removePhoto,
  reorderPhotos,
  updateAlbum,
  updatePhoto,
} from '../../domains/content/albums';
import { bytesOf, CONTENT_STAFF, uploadLimit } from './files';
import { notFound } from '../../domains/errors';
import { contentCrudRouter } from './crud';
import type { CsvColumn } from '../csv';
import { apiRoute, caller, jsonBody, respond, UploadedFile } from '../openapi';

/** Gallery albums and their photos, for the content screens (roles 2 to 5). */
const tags = ['Content: gallery'];

const PhotoParams = IdParam.extend({ photoId: IdParam.shape.id });
const PhotoForm = z
  .object({
    file: UploadedFile,
    caption: singleLineText(z.string().trim().max(CAPTION_MAX, `At most ${CAPTION_MAX} characters.`)).optional(),
  })
  .strict();

const EXPORT_COLUMNS: CsvColumn<AlbumItem>[] = [
  { header: 'Id', value: (a) => a.id },
  { header: 'Title', value: (a) => a.title },
  { header: 'Date', value: (a) => a.albumDate },
  { header: 'Event', value: (a) => a.eventTitle },
  { header: 'Photos', value: (a) => a.photoCount },
  { header: 'Status', value: (a) => a.status },
  { header: 'Updated', value: (a) => a.updatedAt },
];
const uploadRoute = apiRoute({
  method: 'post',
  path: '/{id}/photos',
  summary: 'Adds one photo (send several at once for many): checked by content, metadata stripped, resized',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam, body: { content: { 'multipart/form-data': { schema: PhotoForm } } } },
  data: PhotoSchema,
  status: 201,
  errors: [404],
  scope: (c, { id }) => getAlbum(c.var.deps.db, id),
  bodyLimit: uploadLimit(UPLOAD_LIMITS.image.maxBytes),
});
const orderRoute = apiRoute({
  method: 'put',
  path: '/{id}/photos/order',
  summary: 'Puts the photos in a new order (every photo of the album once)',
  tags,
  access: CONTENT_STAFF,
  request: { params: IdParam, body: jsonBody(PhotoOrder) },
  data: z.array(PhotoSchema),
  errors: [404],
  scope: (c, { id }) => getAlbum(c.var.deps.db, id),
});
const photoPatchRoute = apiRoute({
  method: 'patch',
  path: '/{id}/photos/{photoId}',
  summary: 'Changes a photo’s caption',
  tags,
  access: CONTENT_STAFF,
  request: { params: PhotoParams, body: jsonBody(PhotoPatch) },
  data: PhotoSchema,
  errors: [404],
  scope: async (c, { id, photoId }) => {
    const album = await getAlbum(c.var.deps.db, id);
    if (!album.photos.some((photo) => photo.id === photoId)) throw notFound('No such photo.');
  },
});
const photoDeleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}/photos/{photoId}',
  summary: 'Removes a photo from the album',
  tags,
  access: CONTENT_STAFF,
  request: { params: PhotoParams },
  data: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  errors: [404],
});

export const contentAlbumsRouter = contentCrudRouter({
  tags,
  exportName: 'albums',
  exportColumns: EXPORT_COLUMNS,
  list: { summary: 'Albums, latest first', query: AlbumListQuery, item: AlbumItemSchema },
  export: { summary: 'The albums of the filters as CSV, every page', query: AlbumExportQuery },
  create: { summary: 'Creates an album', body: AlbumFields, data: AlbumDetailSchema },
  get: { summary: 'One album with its photos in order', data: AlbumDetailSchema },
  patch: { summary: 'Changes an album (title, date, event, cover, status)', body: AlbumPatch, data: AlbumDetailSchema },
  delete: { summary: 'Deletes an album and its photos' },
  service: {
    list: (deps, _user, query) => listAlbums(deps.db, query),
    export: (deps, _user, query) => exportAlbums(deps.db, query),
    create: (deps, user, fields, now) => createAlbum(deps.db, user, fields, now),
    get: (deps, _user, id) => getAlbum(deps.db, id),
    update: (deps, _user, id, patch, now) => updateAlbum(deps.db, deps.storage, id, patch, now),
    delete: (deps, _user, id) => deleteAlbum(deps.db, deps.storage, id),
  },
})
  .openapi(uploadRoute, async (c) => {
    const { db, storage, now } = c.var.deps;
    const { file, caption } = c.req.valid('form');
    const photo = await addPhoto(
      db,
      storage,
      caller(c),
      c.req.valid('param').id,
      { bytes: await bytesOf(file), caption: caption ?? '' },
      now(),
    );
    return respond(c, photo, 201);
  })
  .openapi(orderRoute, async (c) => {
    const { db, now } = c.var.deps;
    return respond(c, await reorderPhotos(db, c.req.valid('param').id, c.req.valid('json').photoIds, now()));
  })
  .openapi(photoPatchRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    return respond(c, await updatePhoto(c.var.deps.db, id, photoId, c.req.valid('json').caption));
  })
  .openapi(photoDeleteRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    await removePhoto(c.var.deps.db, c.var.deps.storage, id, photoId, c.var.deps.now());
    return respond(c, { id: photoId, deleted: true as const });
  });
