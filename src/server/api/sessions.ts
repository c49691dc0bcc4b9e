import { Hono } from 'hono';
import { z } from 'zod';
import { allowAnyone } from '../auth/authorize';
import { INVALID_CREDENTIALS_MESSAGE, issueApiToken, signInWithPassword } from '../services/sign-in';
import { PASSWORD_MAX_LENGTH } from '../../lib/constants';
import { clientAddress, type AppEnv } from './context';
import { ApiError, tooManyRequests } from './errors';
import { parseJsonBody } from './validation';

const SignInSchema = z
  .object({
    email: z.string().trim().min(1, 'Enter your e-mail address.').max(320),
    password: z
      .string()
      .min(1, 'Enter your password.')
      .max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();

/** Sign-in for API clients: the same service, throttling and audit as the Auth.js sign-in. */
export const sessionsRouter = new Hono<AppEnv>().post('/', async (c) => {
  allowAnyone();
  const input = await parseJsonBody(c, SignInSchema);
  const { db, secret, sessionSeconds, now } = c.var.deps;
  const at = now();
  const result = await signInWithPassword(db, { ...input, address: clientAddress(c) }, at);
  if (!result.ok) {
    if (result.reason === 'throttled') {
      throw tooManyRequests(
        result.retryAfterSeconds,
        `Too many failed sign-ins. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
      );
    }
    throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  }
  const issued = await issueApiToken(
    { id: result.user.id, tokenVersion: result.tokenVersion },
    secret,
    sessionSeconds,
    at,
  );
  return c.json({ success: true as const, data: { ...issued, user: result.user } });
});
