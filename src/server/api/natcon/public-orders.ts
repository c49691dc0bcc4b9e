import {
  BuyerCancelBodySchema,
  CancellationSchema,
  PricePreviewBodySchema,
  PricePreviewSchema,
} from '../../../lib/schemas/natcon';
import { cancelByBuyer, discardTickets, orderForToken, pricePreview } from '../../domains/natcon';
import { ANYONE, apiRoute, createRouter, jsonBody, respond } from '../openapi';
import { mailAfterCancelling } from './mail';
import { OrderNumberParam, orderOfLink, TokenQuery } from './public';

/** The buyer's side of issues 28 and 24: the price before ordering, and cancelling on the order's page. */
const tags = ['NATCON'];

const previewRoute = apiRoute({
  method: 'post',
  path: '/price-preview',
  summary: 'What an order would cost today: fees by category, the coupon’s discount (without using it), GST, total',
  tags,
  access: ANYONE,
  request: { body: jsonBody(PricePreviewBodySchema) },
  data: PricePreviewSchema,
  errors: [404],
});

const buyerCancelRoute = apiRoute({
  method: 'post',
  path: '/registrations/{orderNumber}/cancel',
  summary:
    'The buyer cancels their order by its link’s token, when the edition allows it: a refund to make of paid less what is kept',
  tags,
  access: ANYONE,
  request: { params: OrderNumberParam, query: TokenQuery, body: jsonBody(BuyerCancelBodySchema) },
  data: CancellationSchema,
  scope: orderOfLink,
  errors: [404, 409],
});

export const natconOrdersRouter = createRouter()
  .openapi(previewRoute, async (c) =>
    respond(c, await pricePreview(c.var.deps.db, c.req.valid('json'), c.var.deps.now())),
  )
  .openapi(buyerCancelRoute, async (c) => {
    const deps = c.var.deps;
    const order = await orderForToken(deps.db, c.req.valid('param').orderNumber, c.req.valid('query').token);
    const outcome = await cancelByBuyer(deps.db, order.id, c.req.valid('json').reason ?? null, deps.now());
    await discardTickets(deps.db, deps.storage, { orderId: order.id });
    deps.defer(mailAfterCancelling(deps, outcome));
    return respond(c, {
      orderNumber: outcome.orderNumber,
      paid: outcome.paid,
      kept: outcome.kept,
      refund: outcome.refund,
    });
  });
