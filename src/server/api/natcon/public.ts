import { z } from '@hono/zod-openapi';
import { NATCON_UPLOAD_MAX_MB } from '../../../lib/natcon';
import { ReportPaymentBody } from '../../../lib/schemas/money';
import {
  DelegateTicketViewSchema,
  NominationFieldsSchema,
  NominationSchema,
  OrderSchema,
  PublicNatconSchema,
  RegistrationAnswerSchema,
  RegistrationBodySchema,
} from '../../../lib/schemas/natcon';
import {
  createNomination,
  createRegistration,
  delegateTicketView,
  orderForTicket,
  orderForToken,
  publicNatcon,
  reportOrderPayment,
  sendOrderMail,
  sendTickets,
  setStudentId,
  studentDelegate,
  storedTicketPdf,
  ticketsOfOrder,
} from '../../domains/natcon';
import { inspectUpload, MB, IMAGE_TYPES, PDF_TYPES, storedFileResponse } from '../../platform/storage';
import { clientAddress, type ApiDeps, type AppContext } from '../context';
import { recordConsents } from '../../domains/privacy/consents';
import { notFound } from '../../domains/errors';
import { ANYONE, apiRoute, createRouter, jsonBody, respond, UploadedFile } from '../openapi';

/** NATCON for the public: the conference, registration, the registrant's order, nominations. */
const tags = ['NATCON'];

export const OrderNumberParam = z.object({
  orderNumber: z.string().regex(/^[Nn]\d{2}-\d{6}$/, 'Use the order number, for example N27-000123.'),
});
export const TokenQuery = z.object({ token: z.string().min(1, 'The link’s token is missing.').max(100) }).strict();

/**
 * The `scope` of a route opened by an order's private link: 404 unless the order exists and the link's
 * token is its own, before the body is looked at. Without a token the query's own check answers (400).
 */
export function orderOfLink(c: AppContext, { orderNumber }: { orderNumber: string }): Promise<unknown> {
  const token = c.req.query('token');
  return token ? orderForToken(c.var.deps.db, orderNumber, token) : Promise.resolve(undefined);
}
const TicketParams = OrderNumberParam.extend({
  confirmationNumber: z.string().regex(/^[Nn]\d{2}-\d{6}-\d{2}$/, 'Use a confirmation number.'),
});
const UPLOAD_LIMIT = NATCON_UPLOAD_MAX_MB * MB;

function mailAfterRegistration(
  deps: ApiDeps,
  orderId: number,
  answer: Parameters<typeof sendOrderMail>[1] & { statusToken: string },
) {
  return async () => {
    try {
      await sendOrderMail(deps.mailer, answer, answer.statusToken, deps.siteUrl);
      if (answer.status === 'confirmed') await sendTickets(deps, orderId, deps.siteUrl, deps.now());
    } catch (error) {
      console.error('[natcon] registration e-mail failed', answer.orderNumber, error);
    }
  };
}

const getRoute = apiRoute({
  method: 'get',
  path: '/',
  summary:
    'The current NATCON edition: programme, categories with today’s prices and seats left, awards; past editions',
  tags,
  access: ANYONE,
  data: PublicNatconSchema,
});

const registerRoute = apiRoute({
  method: 'post',
  path: '/registrations',
  summary: 'Registers one delegate or a group: seats taken atomically, or the waiting list when a category is full',
  tags,
  access: ANYONE,
  request: { body: jsonBody(RegistrationBodySchema) },
  data: RegistrationAnswerSchema,
  status: 201,
  errors: [404, 409],
});

const orderRoute = apiRoute({
  method: 'get',
  path: '/registrations/{orderNumber}',
  summary: 'The registrant’s order, by the status token of its link',
  tags,
  access: ANYONE,
  request: { params: OrderNumberParam, query: TokenQuery },
  data: OrderSchema,
  errors: [404],
});

const ticketRoute = apiRoute({
  method: 'get',
  path: '/registrations/{orderNumber}/tickets/{confirmationNumber}',
  summary:
    'A delegate’s PDF ticket with its QR code (confirmed orders): with the order’s token, or the delegate’s own from their ticket e-mail',
  tags,
  access: ANYONE,
  request: {
    params: TicketParams,
    query: TokenQuery,
  },
  data: z.string(),
  produces: 'application/pdf',
  errors: [404],
});

const delegateRoute = apiRoute({
  method: 'get',
  path: '/registrations/{orderNumber}/delegates/{confirmationNumber}',
  summary:
    'A delegate’s own page, by the token of their ticket e-mail (not the order’s): their name, the edition and whether the ticket is good at the door',
  tags,
  access: ANYONE,
  request: { params: TicketParams, query: TokenQuery },
  data: DelegateTicketViewSchema,
  errors: [404],
});

const studentIdRoute = apiRoute({
  method: 'post',
  path: '/registrations/{orderNumber}/student-ids',
  summary: 'Uploads a student delegate’s ID (JPEG, PNG, WebP or PDF)',
  tags,
  access: ANYONE,
  request: {
    params: OrderNumberParam,
    query: TokenQuery,
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({ confirmationNumber: z.string().max(20), file: UploadedFile }).strict(),
        },
      },
    },
  },
  data: z.object({ confirmationNumber: z.string(), studentIdUploaded: z.literal(true) }),
  bodyLimit: UPLOAD_LIMIT + 64 * 1024,
  scope: orderOfLink,
  errors: [404],
});

const paymentRoute = apiRoute({
  method: 'post',
  path: '/registrations/{orderNumber}/payments',
  summary: 'Reports the payment of a confirmed order (UPI, bank transfer, demand draft or cheque)',
  tags,
  access: ANYONE,
  request: {
    params: OrderNumberParam,
    query: TokenQuery,
    body: jsonBody(ReportPaymentBody),
  },
  data: OrderSchema,
  status: 201,
  scope: orderOfLink,
  errors: [404, 409],
});

const nominationRoute = apiRoute({
  method: 'post',
  path: '/nominations',
  summary: 'Nominates a person or an organisation for an award, with an optional supporting PDF',
  tags,
  access: ANYONE,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: NominationFieldsSchema.extend({ supportingPdf: UploadedFile.optional() }).strict(),
        },
      },
    },
  },
  data: NominationSchema,
  status: 201,
});

export const natconRouter = createRouter()
  .openapi(getRoute, async (c) => respond(c, await publicNatcon(c.var.deps.db, c.var.deps.now())))
  .openapi(registerRoute, async (c) => {
    const deps = c.var.deps;
    const body = c.req.valid('json');
    const placed = await createRegistration(deps.db, body, deps.now());
    // The contact consents by sending the form; the newsletter only with its own box ticked.
    await recordConsents(
      deps.db,
      { email: body.contact.email, orderId: placed.orderId },
      body.newsletter ? ['natcon_registration', 'newsletter'] : ['natcon_registration'],
      { now: deps.now(), ip: clientAddress(c), method: 'natcon_registration' },
    );
    deps.defer(mailAfterRegistration(deps, placed.orderId, placed.answer));
    return respond(c, placed.answer, 201);
  })
  .openapi(orderRoute, async (c) => {
    const { orderNumber } = c.req.valid('param');
    return respond(c, await orderForToken(c.var.deps.db, orderNumber, c.req.valid('query').token));
  })
  .openapi(ticketRoute, async (c) => {
    const { orderNumber, confirmationNumber } = c.req.valid('param');
    const order = await orderForTicket(c.var.deps.db, orderNumber, confirmationNumber, c.req.valid('query').token);
    const [delegate] = await ticketsOfOrder(c.var.deps.db, order.id, confirmationNumber.toUpperCase());
    if (!delegate) throw notFound('No ticket: the order is not confirmed, or the number is not of this order.');
    return storedFileResponse(c, {
      bytes: await storedTicketPdf(c.var.deps.db, c.var.deps.storage, delegate),
      contentType: 'application/pdf',
      filename: `ticket-${delegate.ticket.confirmationNumber}.pdf`,
    });
  })
  .openapi(delegateRoute, async (c) => {
    const { orderNumber, confirmationNumber } = c.req.valid('param');
    const token = c.req.valid('query').token;
    return respond(c, await delegateTicketView(c.var.deps.db, orderNumber, confirmationNumber, token));
  })
  .openapi(studentIdRoute, async (c) => {
    const deps = c.var.deps;
    const { orderNumber } = c.req.valid('param');
    const order = await orderForToken(deps.db, orderNumber, c.req.valid('query').token);
    const form = c.req.valid('form');
    const delegate = await studentDelegate(deps.db, order.id, form.confirmationNumber);
    const bytes = new Uint8Array(await form.file.arrayBuffer());
    const inspected = await inspectUpload(bytes, {
      label: 'student ID',
      types: [...IMAGE_TYPES, ...PDF_TYPES],
      maxBytes: UPLOAD_LIMIT,
      field: 'file',
    });
    const key = await deps.storage.put(bytes);
    const replaced = await setStudentId(deps.db, delegate.id, key, inspected.mime);
    if (replaced) await deps.storage.remove(replaced);
    return respond(c, { confirmationNumber: form.confirmationNumber.toUpperCase(), studentIdUploaded: true as const });
  })
  .openapi(paymentRoute, async (c) => {
    const deps = c.var.deps;
    const { orderNumber } = c.req.valid('param');
    const order = await orderForToken(deps.db, orderNumber, c.req.valid('query').token);
    await reportOrderPayment(deps.db, order.id, c.req.valid('json'), deps.now());
    return respond(c, await orderForToken(deps.db, orderNumber, c.req.valid('query').token), 201);
  })
  .openapi(nominationRoute, async (c) => {
    const deps = c.var.deps;
    const { supportingPdf, ...fields } = c.req.valid('form');
    let file: { key: string; name: string; size: number } | null = null;
    if (supportingPdf) {
      const bytes = new Uint8Array(await supportingPdf.arrayBuffer());
      await inspectUpload(bytes, {
        label: 'supporting document',
        types: PDF_TYPES,
        maxBytes: UPLOAD_LIMIT,
        field: 'supportingPdf',
      });
      file = {
        key: await deps.storage.put(bytes),
        name: supportingPdf.name.slice(0, 120) || 'supporting.pdf',
        size: bytes.byteLength,
      };
    }
    try {
      const nomination = await createNomination(deps.db, { ...fields, file }, deps.now());
      await recordConsents(deps.db, { email: fields.nominatorEmail }, ['award_nomination'], {
        now: deps.now(),
        ip: clientAddress(c),
        method: 'award_nomination',
      });
      return respond(c, nomination, 201);
    } catch (error) {
      if (file) await deps.storage.remove(file.key);
      throw error;
    }
  });
