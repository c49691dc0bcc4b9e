import { ROLE } from '../../../lib/roles';
import { IdParam } from '../../../lib/schemas/common';
import {
  AdminOrderSchema,
  GuestConfirmBodySchema,
  OrderPolicyAnswerSchema,
  OrderPolicySchema,
} from '../../../lib/schemas/natcon';
import { confirmUnpaid, orderForStaff, sendTickets, updateEditionPolicy } from '../../domains/natcon';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The desk's order actions of issue 28 and the edition's order policy (holds, offers, cancellations). */
const tags = ['NATCON (staff)'];
const SUPER = rolesOnly(ROLE.superAdmin);
const ACT = rolesOnly(ROLE.superAdmin, ROLE.admin);

const confirmUnpaidRoute = apiRoute({
  method: 'post',
  path: '/registrations/{id}/confirm-unpaid',
  summary: 'Confirms an order without payment on purpose (an invited guest), with a note; its tickets are e-mailed',
  tags,
  access: ACT,
  request: { params: IdParam, body: jsonBody(GuestConfirmBodySchema) },
  data: AdminOrderSchema,
  errors: [404, 409],
});

const policyRoute = apiRoute({
  method: 'put',
  path: '/editions/{id}/policy',
  summary:
    'Sets an edition’s order policy: hold and reminder hours, offer hours, self-cancellation and what is kept (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam, body: jsonBody(OrderPolicySchema) },
  data: OrderPolicyAnswerSchema,
  errors: [404],
});

export const adminNatconOrdersRouter = createRouter()
  .openapi(confirmUnpaidRoute, async (c) => {
    const deps = c.var.deps;
    const { id } = c.req.valid('param');
    await confirmUnpaid(deps.db, caller(c), id, c.req.valid('json').note, deps.now());
    deps.defer(() => sendTickets(deps, id, deps.siteUrl, deps.now()));
    return respond(c, await orderForStaff(deps.db, caller(c), id));
  })
  .openapi(policyRoute, async (c) =>
    respond(
      c,
      await updateEditionPolicy(
        c.var.deps.db,
        caller(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.var.deps.now(),
      ),
    ),
  );
