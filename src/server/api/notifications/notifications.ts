import { z } from '@hono/zod-openapi';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import { MyNotificationsQuery, NotificationItemSchema } from '../../../lib/schemas/notifications';
import { requireUserWith, type AppContext } from '../context';
import {
  listForUser,
  markAllRead,
  markRead,
  unreadCount,
  unreadCountOf,
} from '../../domains/notifications/notifications';
import { notFound } from '../../domains/errors';
import { apiRoute, caller, createRouter, respond, SIGNED_IN } from '../openapi';

/** The caller's own notices: every route acts only on the signed-in user's copies. */
const tags = ['Notifications'];

const unreadCountRoute = apiRoute({
  method: 'get',
  path: '/unread-count',
  summary: "The caller's unread notices (polled by the bell every 30 s)",
  tags,
  // The token's user and the count are read in one query (one database round trip per poll).
  access: { kind: 'signed-in-by-handler' },
  data: z.object({ count: z.number().int().min(0) }),
});

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: "The caller's notices, newest first",
  tags,
  access: SIGNED_IN,
  request: { query: MyNotificationsQuery },
  data: pagedSchema(NotificationItemSchema),
});

const markAllRoute = apiRoute({
  method: 'post',
  path: '/mark-all-read',
  summary: "Marks all the caller's notices read",
  tags,
  access: SIGNED_IN,
  data: z.object({ marked: z.number().int(), count: z.literal(0) }),
});

const markOneRoute = apiRoute({
  method: 'post',
  path: '/{id}/mark-read',
  summary: "Marks one of the caller's notices read",
  tags,
  access: SIGNED_IN,
  request: { params: IdParam },
  data: z.object({ id: z.number().int(), read: z.literal(true), count: z.number().int() }),
  errors: [404],
});

export const notificationsRouter = createRouter()
  .openapi(unreadCountRoute, async (c) => {
    const { value } = await requireUserWith(c as AppContext, unreadCountOf);
    return respond(c, { count: Number(value ?? 0) });
  })
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listForUser(c.var.deps.db, caller(c).id, {
      page: query.page,
      pageSize: query.pageSize,
      unreadOnly: query.unread,
    });
    return respond(c, page);
  })
  .openapi(markAllRoute, async (c) => {
    const { db, now } = c.var.deps;
    const marked = await markAllRead(db, caller(c).id, now());
    return respond(c, { marked, count: 0 });
  })
  .openapi(markOneRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    const userId = caller(c).id;
    if (!(await markRead(db, userId, id, now()))) throw notFound('No such notification.');
    return respond(c, { id, read: true, count: await unreadCount(db, userId) });
  });
