import { z } from '@hono/zod-openapi';
import { PASSWORD_MAX_LENGTH } from '../../../lib/constants';
import { requestPasswordReset, resetPassword } from '../../domains/identity/password-reset';
import { clientAddress } from '../context';
import { tooMany, invalid } from '../../domains/errors';
import { ANYONE, apiRoute, createRouter, jsonBody, respond } from '../openapi';

const tags = ['Accounts'];

const ForgotSchema = z.object({ email: z.string().trim().email('Enter a valid e-mail address.').max(320) }).strict();

const ResetSchema = z
  .object({
    token: z.string().min(1, 'The reset link is incomplete.').max(200),
    password: z.string().max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();

const forgotRoute = apiRoute({
  method: 'post',
  path: '/forgot',
  summary: 'E-mails a password-reset link (the same answer whether or not the account exists)',
  tags,
  access: ANYONE,
  request: { body: jsonBody(ForgotSchema) },
  data: z.object({ sent: z.literal(true) }),
  errors: [429],
});

const resetRoute = apiRoute({
  method: 'post',
  path: '/reset',
  summary: 'Sets a new password with the token of a reset link',
  tags,
  access: ANYONE,
  request: { body: jsonBody(ResetSchema) },
  data: z.object({ reset: z.literal(true) }),
});

export const passwordRouter = createRouter()
  .openapi(forgotRoute, async (c) => {
    const { email } = c.req.valid('json');
    const { db, mailer, siteUrl, now, defer } = c.var.deps;
    const result = await requestPasswordReset(db, { email, siteUrl, ip: clientAddress(c) }, now());
    if (!result.ok) {
      throw tooMany(
        result.retryAfterSeconds,
        `Too many requests from your network. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
      );
    }
    const message = result.message;
    // Sent after the answer, so that its timing does not tell whether the account exists.
    if (message) defer(() => mailer.send(message));
    return respond(c, { sent: true as const });
  })
  .openapi(resetRoute, async (c) => {
    const input = c.req.valid('json');
    const { db, now } = c.var.deps;
    const result = await resetPassword(db, { ...input, ip: clientAddress(c) }, now());
    if (!result.ok) throw invalid({ [result.field]: result.message });
    return respond(c, { reset: true as const });
  });
