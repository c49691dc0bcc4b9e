import { Hono } from 'hono';
import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE_DEFAULT, NOTIFICATION_PAGE_SIZE_MAX } from '../../lib/constants';
import { requireUser, requireUserWith } from '../auth/authorize';
import { listForUser, markAllRead, markRead, unreadCount, unreadCountOf } from '../services/notifications';
import type { AppEnv } from './context';
import { notFound } from './errors';
import { parseQuery } from './validation';

/** The caller's own notices: every route acts only on the signed-in user's copies. */
const ListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(NOTIFICATION_PAGE_SIZE_DEFAULT),
    unread: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  })
  .strict();

const IdParam = z.coerce.number().int().positive();

export const notificationsRouter = new Hono<AppEnv>()
  .get('/unread-count', async (c) => {
    // The bell polls this: the token's user and the count in one query (one database round trip).
    const { value } = await requireUserWith(c, unreadCountOf);
    return c.json({ success: true as const, data: { count: Number(value ?? 0) } });
  })
  .get('/', async (c) => {
    const user = await requireUser(c);
    const query = parseQuery(c, ListQuery);
    const page = await listForUser(c.var.deps.db, user.id, {
      page: query.page,
      pageSize: query.pageSize,
      unreadOnly: query.unread,
    });
    return c.json({ success: true as const, data: page });
  })
  .post('/mark-all-read', async (c) => {
    const user = await requireUser(c);
    const { db, now } = c.var.deps;
    const marked = await markAllRead(db, user.id, now());
    return c.json({ success: true as const, data: { marked, count: 0 } });
  })
  .post('/:id/mark-read', async (c) => {
    const user = await requireUser(c);
    const id = IdParam.safeParse(c.req.param('id'));
    const { db, now } = c.var.deps;
    if (!id.success || !(await markRead(db, user.id, id.data, now()))) throw notFound('No such notification.');
    return c.json({ success: true as const, data: { id: id.data, read: true, count: await unreadCount(db, user.id) } });
  });
