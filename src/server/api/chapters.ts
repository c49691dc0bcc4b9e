import { z } from '@hono/zod-openapi';
import { ChapterListItemSchema, ChapterRecordSchema } from '../../lib/schemas/accounts';
import { IdParam } from '../../lib/schemas/common';
import { chapterDetailFor, listChapters } from '../services/chapters';
import { notFound } from './errors';
import { apiRoute, caller, createRouter, respond, SIGNED_IN } from './openapi';

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

export const chaptersRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listChapters(c.var.deps.db)))
  .openapi(byIdRoute, async (c) => {
    const chapter = await chapterDetailFor(c.var.deps.db, caller(c), c.req.valid('param').id);
    if (!chapter) throw notFound('No such chapter.');
    return respond(c, chapter);
  });
