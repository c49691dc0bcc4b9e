import { Hono } from 'hono';
import { ZodError } from 'zod';
import type { ApiDeps, AppEnv } from './context';
import { ApiError, type ErrorBody } from './errors';
import { fieldErrors } from './validation';
import { healthRouter } from './health';
import { meRouter } from './me';
import { membersRouter } from './members';
import { chaptersRouter } from './chapters';
import { passwordRouter } from './password';
import { sessionsRouter } from './sessions';
import { notificationsRouter } from './notifications';
import { adminNotificationsRouter } from './admin-notifications';

/**
 * The API: one Hono app, mounted at /api by the production entry and by the Astro catch-all
 * route in development. Each resource is one router file beside this one.
 */
export function createApiApp(deps: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    // Set before the route answers: a header added to a finished response makes Hono rebuild it
    // as a stream, which cost the polled unread-count a third of its throughput.
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.route('/health', healthRouter);
  app.route('/me', meRouter);
  app.route('/members', membersRouter);
  app.route('/chapters', chaptersRouter);
  app.route('/password', passwordRouter);
  app.route('/sessions', sessionsRouter);
  app.route('/notifications', notificationsRouter);
  app.route('/admin/notifications', adminNotificationsRouter);

  app.notFound((c) =>
    c.json<ErrorBody>({ success: false, error: { code: 'not_found', message: 'No such API route.' } }, 404),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof ZodError) {
      return c.json(
        {
          success: false,
          error: { code: 'validation_failed', message: 'Some fields need attention.', fields: fieldErrors(error) },
        },
        400,
      );
    }
    console.error('[api] unexpected error', c.req.method, c.req.path, error);
    return c.json<ErrorBody>(
      { success: false, error: { code: 'internal', message: 'Something went wrong on our side.' } },
      500,
    );
  });

  return app;
}
