import { z } from '@hono/zod-openapi';
import { OPTIONAL_PURPOSES } from '../../../lib/schemas/privacy';
import { checkUnsubscribeToken, withdrawConsent } from '../../domains/privacy/consents';
import { forbidden } from '../../domains/errors';
import { clientAddress } from '../context';
import { ANYONE, apiRoute, createRouter, respond } from '../openapi';

const unsubscribeRoute = apiRoute({
  method: 'get',
  path: '/unsubscribe',
  summary: 'The link at the foot of every optional e-mail: withdraws that consent at once, no sign-in needed',
  tags: ['Privacy'],
  access: ANYONE,
  request: {
    query: z.object({
      email: z.string().trim().toLowerCase().email().max(200),
      purpose: z.enum(OPTIONAL_PURPOSES),
      token: z.string().min(10).max(100),
    }),
  },
  data: z.object({ withdrawn: z.number().int() }),
  errors: [403],
});

export const privacyUnsubscribeRouter = createRouter().openapi(unsubscribeRoute, async (c) => {
  const { email, purpose, token } = c.req.valid('query');
  if (!checkUnsubscribeToken(c.var.deps.secret, email, purpose, token))
    throw forbidden('This unsubscribe link is not valid.');
  const withdrawn = await withdrawConsent(c.var.deps.db, { emails: [email] }, purpose, {
    now: c.var.deps.now(),
    ip: clientAddress(c),
    method: 'unsubscribe_link',
    actorUserId: null,
  });
  return respond(c, { withdrawn });
});
