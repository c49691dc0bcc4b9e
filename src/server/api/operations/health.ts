import { z } from '@hono/zod-openapi';
import { isShuttingDown } from '../../lifecycle';
import { readiness } from '../../platform/readiness';
import { APP_VERSION } from '../../platform/version';
import { ApiError } from '../errors';
import { ANYONE, apiRoute, createRouter, respond } from '../openapi';

const healthRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The server is alive',
  description: 'Answers while the process runs, whatever the database does: a liveness check.',
  tags: ['Operations'],
  access: ANYONE,
  data: z.object({ status: z.literal('ok'), version: z.string() }),
});

export const healthRouter = createRouter().openapi(healthRoute, (c) =>
  respond(c, { status: 'ok' as const, version: APP_VERSION }),
);

const readyRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The server can serve requests',
  description:
    'The database answers and every migration of this version is applied: a proxy or orchestrator sends ' +
    'traffic only while this is 200. 503 when the database cannot be reached, a migration is missing, or ' +
    'the server is stopping (SIGTERM).',
  tags: ['Operations'],
  access: ANYONE,
  data: z.object({ status: z.literal('ready'), version: z.string(), migrations: z.number().int() }),
  errors: [503],
});

export const readyRouter = createRouter().openapi(readyRoute, async (c) => {
  if (isShuttingDown()) throw new ApiError(503, 'not_ready', 'The server is stopping.');
  const state = await readiness(c.var.deps.db);
  if (!state.ready) throw new ApiError(503, 'not_ready', state.reason);
  return respond(c, { status: 'ready' as const, version: APP_VERSION, migrations: state.migrations });
});
