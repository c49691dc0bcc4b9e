import { z } from '@hono/zod-openapi';
import { kolkataDate } from '../../../lib/financial-year';
import { MemberVerificationSchema } from '../../../lib/schemas/members';
import { verifyMember } from '../../domains/members/card';
import { notFound } from '../../domains/errors';
import { ANYONE, apiRoute, createRouter, respond } from '../openapi';

/** The public check a membership card's QR code leads to (issue 10): name, class, current or not. */
const verifyRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Whether a member number belongs to a current member: only name, class and current',
  tags: ['Members'],
  access: ANYONE,
  request: {
    query: z
      .object({ number: z.string().trim().min(1, 'Enter a member number.').max(30, 'Use at most 30 characters.') })
      .strict(),
  },
  data: MemberVerificationSchema,
  errors: [404],
});

export const membershipVerifyRouter = createRouter().openapi(verifyRoute, async (c) => {
  const result = await verifyMember(c.var.deps.db, c.req.valid('query').number, kolkataDate(c.var.deps.now()));
  if (!result) throw notFound('No member has this number.');
  return respond(c, result);
});
