import { Hono } from 'hono';
import { allowAnyone } from '../auth/authorize';
import type { AppEnv } from './context';
import { APP_VERSION } from '../version';

export const healthRouter = new Hono<AppEnv>().get('/', (c) => {
  allowAnyone();
  return c.json({ success: true as const, data: { status: 'ok', version: APP_VERSION } });
});
