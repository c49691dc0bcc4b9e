import { z } from '@hono/zod-openapi';
import { PUBLIC_LIVE_DATA_MAX_AGE_S } from '../../../lib/constants';
import { PublicScrollMessageSchema } from '../../../lib/schemas/admin';
import { currentScrollMessages } from '../../domains/organisation/ticker';
import { ANYONE, apiRoute, createRouter, respond } from '../openapi';

const currentRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The ticker’s current messages, in display order (cacheable for a minute)',
  tags: ['Scroll ticker'],
  access: ANYONE,
  data: z.array(PublicScrollMessageSchema),
});

export const scrollMessagesRouter = createRouter().openapi(currentRoute, async (c) => {
  const messages = await currentScrollMessages(c.var.deps.db, c.var.deps.now());
  // The same for every visitor and a minute old at worst: shared caches may keep it.
  c.header('Cache-Control', `public, max-age=${PUBLIC_LIVE_DATA_MAX_AGE_S}`);
  return respond(c, messages);
});
