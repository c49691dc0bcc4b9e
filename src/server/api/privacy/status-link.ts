import { z } from '@hono/zod-openapi';
import {
  ConsentViewSchema,
  OPTIONAL_PURPOSES,
  PrivacyRequestBody,
  PrivacyRequestViewSchema,
} from '../../../lib/schemas/privacy';
import { applicationByToken } from '../../domains/joining/applications';
import { delegateForLink, orderForToken } from '../../domains/natcon/orders';
import { linkExport, linkPrivacy, linkRequest, linkWithdraw, type LinkHolder } from '../../domains/privacy/status-link';
import { clientAddress, type AppContext } from '../context';
import { ANYONE, apiRoute, createRouter, jsonBody, respond } from '../openapi';

/**
 * Privacy rights for applicants, NATCON contacts and delegates without an account: the status link of
 * their application (`kind=application&token=`) or order (`kind=natcon&order=&token=`), or a
 * delegate's own ticket link (`kind=delegate&order=&ticket=&token=`), is the key.
 */
const tags = ['Privacy'];

const LinkQuery = z
  .object({
    kind: z.enum(['application', 'natcon', 'delegate'], {
      errorMap: () => ({ message: 'Say application, natcon or delegate.' }),
    }),
    token: z.string().min(10, 'Use the link from your confirmation e-mail.').max(100),
    order: z
      .string()
      .regex(/^[Nn]\d{2}-\d{6}$/, 'Use the order number, for example N27-000123.')
      .optional(),
    ticket: z
      .string()
      .regex(/^[Nn]\d{2}-\d{6}-\d{1,3}$/, 'Use the confirmation number, for example N27-000123-1.')
      .optional(),
  })
  .strict();

async function holderOf(c: AppContext, query: z.infer<typeof LinkQuery>): Promise<LinkHolder> {
  const db = c.var.deps.db;
  if (query.kind === 'application') {
    const application = await applicationByToken(db, query.token);
    return { email: application.email, applicationId: application.id };
  }
  if (query.kind === 'delegate') {
    const delegate = await delegateForLink(db, query.order ?? '', query.ticket ?? '', query.token);
    return { email: delegate.email, delegateId: delegate.id };
  }
  const order = await orderForToken(db, query.order ?? '', query.token);
  return { email: order.contact.email, orderId: order.id };
}

const LinkPrivacySchema = z.object({
  noticeVersion: z.number().int(),
  email: z.string(),
  consents: z.array(ConsentViewSchema),
  requests: z.array(PrivacyRequestViewSchema),
});

const viewRoute = apiRoute({
  method: 'get',
  path: '/status-link',
  summary: 'The consents and privacy requests of an application or NATCON order, opened with its status link',
  tags,
  access: ANYONE,
  request: { query: LinkQuery },
  data: LinkPrivacySchema,
  errors: [404],
});

const exportRoute = apiRoute({
  method: 'get',
  path: '/status-link/export',
  summary: 'Everything the application or NATCON order holds, as a ZIP of JSON and the original files',
  tags,
  access: ANYONE,
  request: { query: LinkQuery },
  data: z.string(),
  produces: 'application/zip',
  errors: [404],
});

const requestRoute = apiRoute({
  method: 'post',
  path: '/status-link/requests',
  summary: 'Asks for a correction or erasure, or raises a grievance, from a status link (answered within 90 days)',
  tags,
  access: ANYONE,
  request: { query: LinkQuery, body: jsonBody(PrivacyRequestBody) },
  data: z.object({ id: z.number().int(), dueAt: z.string() }),
  status: 201,
  errors: [404],
});

const withdrawRoute = apiRoute({
  method: 'delete',
  path: '/status-link/consents/{purpose}',
  summary: 'Withdraws an optional consent (the newsletter) from a status link, at once',
  tags,
  access: ANYONE,
  request: { params: z.object({ purpose: z.enum(OPTIONAL_PURPOSES) }), query: LinkQuery },
  data: z.object({ withdrawn: z.number().int() }),
  errors: [404],
});

export const privacyStatusLinkRouter = createRouter()
  .openapi(viewRoute, async (c) => {
    const holder = await holderOf(c, c.req.valid('query'));
    return respond(c, await linkPrivacy(c.var.deps.db, holder, c.var.deps.now()));
  })
  .openapi(exportRoute, async (c) => {
    const holder = await holderOf(c, c.req.valid('query'));
    const zip = await linkExport(c.var.deps.db, c.var.deps.storage, holder, c.var.deps.now());
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', 'attachment; filename="nipm-my-data.zip"');
    c.header('Cache-Control', 'private, no-store');
    return c.body(zip as Uint8Array<ArrayBuffer>, 200);
  })
  .openapi(requestRoute, async (c) => {
    const holder = await holderOf(c, c.req.valid('query'));
    const created = await linkRequest(c.var.deps.db, holder, c.req.valid('json'), {
      now: c.var.deps.now(),
      ip: clientAddress(c),
    });
    return respond(c, created, 201);
  })
  .openapi(withdrawRoute, async (c) => {
    const holder = await holderOf(c, c.req.valid('query'));
    const withdrawn = await linkWithdraw(c.var.deps.db, holder, c.req.valid('param').purpose, {
      now: c.var.deps.now(),
      ip: clientAddress(c),
    });
    return respond(c, { withdrawn });
  });
