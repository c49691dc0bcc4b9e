import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/authorize';
import { changePassword, findMe, updateMe } from '../services/users';
import { issueApiToken } from '../services/sign-in';
import { PASSWORD_MAX_LENGTH } from '../../lib/constants';
import { clientAddress, type AppEnv } from './context';
import { unauthorized, validationError } from './errors';
import { parseJsonBody } from './validation';

const UpdateMeSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.').optional(),
    notifyByEmail: z.boolean().optional(),
  })
  .strict();

const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Enter your current password.')
      .max(PASSWORD_MAX_LENGTH * 4),
    newPassword: z.string().max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();

export const meRouter = new Hono<AppEnv>()
  .get('/', async (c) => {
    const user = await requireUser(c);
    const me = await findMe(c.var.deps.db, user.id);
    if (!me) throw unauthorized();
    return c.json({ success: true as const, data: me });
  })
  .patch('/', async (c) => {
    const user = await requireUser(c);
    const changes = await parseJsonBody(c, UpdateMeSchema);
    const me = await updateMe(c.var.deps.db, user.id, changes, { now: c.var.deps.now(), ip: clientAddress(c) });
    if (!me) throw unauthorized();
    return c.json({ success: true as const, data: me });
  })
  .post('/password', async (c) => {
    const user = await requireUser(c);
    const input = await parseJsonBody(c, ChangePasswordSchema);
    const { db, secret, sessionSeconds, now } = c.var.deps;
    const at = now();
    const result = await changePassword(db, user.id, { ...input, ip: clientAddress(c) }, at);
    if (!result.ok) throw validationError({ [result.field]: result.message });
    const issued = await issueApiToken({ id: user.id, tokenVersion: result.tokenVersion }, secret, sessionSeconds, at);
    return c.json({ success: true as const, data: issued });
  });
