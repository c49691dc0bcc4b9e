import { z } from '@hono/zod-openapi';
import { APP_VERSION } from '../version';
import { ANYONE, apiRoute, createRouter, respond } from './openapi';

const healthRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The server is alive',
  tags: ['Operations'],
  access: ANYONE,
  data: z.object({ status: z.literal('ok'), version: z.string() }),
});

export const healthRouter = createRouter().openapi(healthRoute, (c) =>
  respond(c, { status: 'ok' as const, version: APP_VERSION }),
);
