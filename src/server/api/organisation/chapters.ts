import { z } from '@hono/zod-openapi';
import { ChapterListItemSchema, ChapterRecordSchema } from '../../../lib/schemas/accounts';
import { IdParam, recordId } from '../../../lib/schemas/common';
import { bearerPhoto } from '../../domains/organisation/office-bearers';
import { storedFileResponse } from '../../platform/storage';
import { chapterDetailFor, listChapters } from '../../domains/organisation/chapters';
import { notFound } from '../../domains/errors';
import { ANYONE, apiRoute, caller, createRouter, respond, SIGNED_IN } from '../openapi';

const tags = ['Chapters'];

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every chapter',
  tags,
  access: SIGNED_IN,
  data: z.array(ChapterListItemSchema),
});

const byIdRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'A chapter with its contacts: a member only their own',
  tags,
  access: SIGNED_IN,
  request: { params: IdParam },
  data: ChapterRecordSchema,
  errors: [404],
});

const photoRoute = apiRoute({
  method: 'get',
  path: '/{id}/office-bearers/{bearerId}/photo',
  summary: 'An office bearer’s photo (published on the chapter directory)',
  tags,
  access: ANYONE,
  request: {
    params: IdParam.extend({
      bearerId: recordId(),
    }),
    query: z.object({ v: z.string().max(40).optional() }).strict(),
  },
  data: z.string(),
  produces: 'image/webp',
  errors: [404],
});

export const chaptersRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listChapters(c.var.deps.db)))
  .openapi(byIdRoute, async (c) => {
    const chapter = await chapterDetailFor(c.var.deps.db, caller(c), c.req.valid('param').id);
    if (!chapter) throw notFound('No such chapter.');
    return respond(c, chapter);
  })
  .openapi(photoRoute, async (c) => {
    const { id, bearerId } = c.req.valid('param');
    const { db, storage } = c.var.deps;
    const photo = await bearerPhoto(db, id, bearerId);
    const bytes = photo?.photo_key ? await storage.get(photo.photo_key) : null;
    if (!photo || !bytes) throw notFound('No such photo.');
    return storedFileResponse(c, {
      bytes,
      contentType: photo.photo_type ?? 'image/webp',
      filename: 'office-bearer.webp',
      disposition: 'inline',
      cache: 'public',
    });
  });
