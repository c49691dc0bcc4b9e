import { z } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { PASSWORD_MAX_LENGTH } from '../../../lib/constants';
import { IssuedTokenSchema, MeSchema } from '../../../lib/schemas/accounts';
import { DEVICE_COOKIE_NAME, deviceCookieHeader } from '../../domains/identity/device-cookie';
import { INVALID_CREDENTIALS_MESSAGE, issueApiToken, signInWithPassword } from '../../domains/identity/sign-in';
import { clientAddress } from '../context';
import { tooMany } from '../../domains/errors';
import { ApiError } from '../errors';
import { ANYONE, apiRoute, createRouter, jsonBody, respond } from '../openapi';

const SignInSchema = z
  .object({
    email: z.string().trim().min(1, 'Enter your e-mail address.').max(320),
    password: z
      .string()
      .min(1, 'Enter your password.')
      .max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();

const signInRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Signs in an API client: answers a bearer token',
  description:
    'The same service, throttling and audit as the Auth.js sign-in. A success also sets the device cookie ' +
    '(`nipm_device`, path /api): a client that sends it back is let through a lock of its account.',
  tags: ['Accounts'],
  access: ANYONE,
  request: { body: jsonBody(SignInSchema) },
  data: IssuedTokenSchema.extend({ user: MeSchema }),
  errors: [401, 429],
});

export const sessionsRouter = createRouter().openapi(signInRoute, async (c) => {
  const input = c.req.valid('json');
  const { db, secret, sessionSeconds, now } = c.var.deps;
  const at = now();
  const result = await signInWithPassword(
    db,
    { ...input, address: clientAddress(c), deviceCookie: getCookie(c, DEVICE_COOKIE_NAME) },
    { now: at, secret },
  );
  if (!result.ok) {
    if (result.reason === 'throttled') {
      throw tooMany(
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
  c.header('Set-Cookie', deviceCookieHeader(result.deviceCookie, c.var.deps.siteUrl.startsWith('https:')), {
    append: true,
  });
  return respond(c, { ...issued, user: result.user });
});
