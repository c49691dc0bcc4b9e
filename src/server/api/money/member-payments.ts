import { z } from '@hono/zod-openapi';
import { pagedSchema, PagingQuery } from '../../../lib/schemas/common';
import { MyNatconOrderSchema, MyPaymentSchema } from '../../../lib/schemas/member-portal';
import { myNatconOrders, myPayments } from '../../domains/money/member-portal';
import { apiRoute, caller, createRouter, respond, SIGNED_IN } from '../openapi';

/**
 * The signed-in person's own money for the member portal (issue 28): their payments of every
 * purpose with receipts and invoices, and their NATCON orders. Scoped to the caller: nobody
 * else's rows can be named here. Mounted at /api/me beside the account's own routes.
 */
const tags = ['Member portal'];

const paymentsRoute = apiRoute({
  method: 'get',
  path: '/payments',
  summary:
    'The caller’s payments: renewals, the application that made them a member, NATCON orders placed with their e-mail',
  description:
    'Newest first. Each has its receipt number (download at /api/payments/{id}/receipt.pdf) and any tax invoice (/api/invoices/{id}.pdf).',
  tags,
  access: SIGNED_IN,
  request: { query: PagingQuery },
  data: pagedSchema(MyPaymentSchema),
});

const ordersRoute = apiRoute({
  method: 'get',
  path: '/natcon-orders',
  summary: 'The caller’s NATCON orders: those placed with the account’s or the member record’s e-mail address',
  tags,
  access: SIGNED_IN,
  data: z.array(MyNatconOrderSchema),
});

export const memberPaymentsRouter = createRouter()
  .openapi(paymentsRoute, async (c) => respond(c, await myPayments(c.var.deps.db, caller(c), c.req.valid('query'))))
  .openapi(ordersRoute, async (c) => respond(c, await myNatconOrders(c.var.deps.db, caller(c))));
