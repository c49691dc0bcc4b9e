import { Hono } from 'hono';
import { z } from 'zod';
import { allowAnyone } from '../auth/authorize';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { PASSWORD_MAX_LENGTH } from '../../lib/constants';
import { clientAddress, type AppEnv } from './context';
import { validationError } from './errors';
import { parseJsonBody } from './validation';

const ForgotSchema = z.object({ email: z.string().trim().email('Enter a valid e-mail address.').max(320) }).strict();

const ResetSchema = z
  .object({
    token: z.string().min(1, 'The reset link is incomplete.').max(200),
    password: z.string().max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();

export const passwordRouter = new Hono<AppEnv>()
  .post('/forgot', async (c) => {
    allowAnyone();
    const { email } = await parseJsonBody(c, ForgotSchema);
    const { db, mailer, siteUrl, now, defer } = c.var.deps;
    const message = await requestPasswordReset(db, { email, siteUrl, ip: clientAddress(c) }, now());
    // Sent after the answer, so that its timing does not tell whether the account exists.
    if (message) defer(() => mailer.send(message));
    return c.json({ success: true as const, data: { sent: true } });
  })
  .post('/reset', async (c) => {
    allowAnyone();
    const input = await parseJsonBody(c, ResetSchema);
    const { db, now } = c.var.deps;
    const result = await resetPassword(db, { ...input, ip: clientAddress(c) }, now());
    if (!result.ok) throw validationError({ [result.field]: result.message });
    return c.json({ success: true as const, data: { reset: true } });
  });
