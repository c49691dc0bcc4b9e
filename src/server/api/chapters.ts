import { Hono } from 'hono';
import { requireUser } from '../auth/authorize';
import { chapterDetailFor, listChapters } from '../services/chapters';
import type { AppEnv } from './context';
import { notFound } from './errors';
import { idParam } from './validation';

export const chaptersRouter = new Hono<AppEnv>()
  .get('/', async (c) => {
    await requireUser(c);
    return c.json({ success: true as const, data: await listChapters(c.var.deps.db) });
  })
  .get('/:id', async (c) => {
    const user = await requireUser(c);
    const id = idParam(c.req.param('id'));
    const chapter = id === undefined ? undefined : await chapterDetailFor(c.var.deps.db, user, id);
    if (!chapter) throw notFound('No such chapter.');
    return c.json({ success: true as const, data: chapter });
  });
