import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import {
  ScrollMessageInput,
  ScrollMessageListQuery,
  ScrollMessageSchema,
  ScrollMessageUpdateInput,
} from '../../../lib/schemas/admin';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import {
  createScrollMessage,
  deleteScrollMessage,
  listScrollMessages,
  updateScrollMessage,
} from '../../domains/organisation/ticker';
import { clientAddress } from '../context';
import { notFound, invalid } from '../../domains/errors';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The scroll ticker's messages (issue 11): the super admin only. */
const tags = ['Scroll ticker'];
const access = rolesOnly(ROLE.superAdmin);

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every ticker message, active ones first in display order',
  tags,
  access,
  request: { query: ScrollMessageListQuery },
  data: pagedSchema(ScrollMessageSchema),
});

const createRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Adds a ticker message (shown from startsOn to endsOn, Asia/Kolkata, while active)',
  tags,
  access,
  request: { body: jsonBody(ScrollMessageInput) },
  data: ScrollMessageSchema,
  status: 201,
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Changes a ticker message',
  tags,
  access,
  request: { params: IdParam, body: jsonBody(ScrollMessageUpdateInput) },
  data: ScrollMessageSchema,
  errors: [404],
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Deletes a ticker message',
  tags,
  access,
  request: { params: IdParam },
  data: z.object({ deleted: z.literal(true) }),
  errors: [404],
});

export const adminScrollMessagesRouter = createRouter()
  .openapi(listRoute, async (c) =>
    respond(c, await listScrollMessages(c.var.deps.db, c.var.deps.now(), c.req.valid('query'))),
  )
  .openapi(createRoute, async (c) => {
    const actor = { id: caller(c).id, ip: clientAddress(c) };
    return respond(c, await createScrollMessage(c.var.deps.db, c.req.valid('json'), actor, c.var.deps.now()), 201);
  })
  .openapi(updateRoute, async (c) => {
    const actor = { id: caller(c).id, ip: clientAddress(c) };
    const result = await updateScrollMessage(
      c.var.deps.db,
      c.req.valid('param').id,
      c.req.valid('json'),
      actor,
      c.var.deps.now(),
    );
    if (!result.ok && result.reason === 'dates') throw invalid({ endsOn: 'The end cannot be before the start.' });
    if (!result.ok) throw notFound('No such message.');
    return respond(c, result.message);
  })
  .openapi(deleteRoute, async (c) => {
    const actor = { id: caller(c).id, ip: clientAddress(c) };
    if (!(await deleteScrollMessage(c.var.deps.db, c.req.valid('param').id, actor, c.var.deps.now()))) {
      throw notFound('No such message.');
    }
    return respond(c, { deleted: true as const });
  });
