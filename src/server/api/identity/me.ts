import { z } from '@hono/zod-openapi';
import { PASSWORD_MAX_LENGTH } from '../../../lib/constants';
import { IssuedTokenSchema, MeSchema } from '../../../lib/schemas/accounts';
import { singleLineText } from '../../../lib/schemas/text';
import { changePassword, findMe, updateMe } from '../../domains/identity/users';
import { issueApiToken } from '../../domains/identity/sign-in';
import { clientAddress } from '../context';
import { unauthenticated, invalid } from '../../domains/errors';
import { apiRoute, caller, createRouter, jsonBody, respond, SIGNED_IN } from '../openapi';

const tags = ['Accounts'];

const UpdateMeSchema = z
  .object({
    name: singleLineText(
      z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.'),
    ).optional(),
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

const readRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The signed-in user',
  tags,
  access: SIGNED_IN,
  data: MeSchema,
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/',
  summary: "Changes the caller's name or e-mail copy setting",
  tags,
  access: SIGNED_IN,
  request: { body: jsonBody(UpdateMeSchema) },
  data: MeSchema,
});

const passwordRoute = apiRoute({
  method: 'post',
  path: '/password',
  summary: "Changes the caller's password; ends every other session and answers a new token",
  tags,
  access: SIGNED_IN,
  request: { body: jsonBody(ChangePasswordSchema) },
  data: IssuedTokenSchema,
});

export const meRouter = createRouter()
  .openapi(readRoute, async (c) => {
    const me = await findMe(c.var.deps.db, caller(c).id);
    if (!me) throw unauthenticated();
    return respond(c, me);
  })
  .openapi(updateRoute, async (c) => {
    const changes = c.req.valid('json');
    const me = await updateMe(c.var.deps.db, caller(c).id, changes, { now: c.var.deps.now(), ip: clientAddress(c) });
    if (!me) throw unauthenticated();
    return respond(c, me);
  })
  .openapi(passwordRoute, async (c) => {
    const input = c.req.valid('json');
    const user = caller(c);
    const { db, secret, sessionSeconds, now } = c.var.deps;
    const at = now();
    const result = await changePassword(db, user.id, { ...input, ip: clientAddress(c) }, at);
    if (!result.ok) throw invalid({ [result.field]: result.message });
    const issued = await issueApiToken({ id: user.id, tokenVersion: result.tokenVersion }, secret, sessionSeconds, at);
    return respond(c, issued);
  });
