import { z } from '@hono/zod-openapi';
import { kolkataDate } from '../../../lib/financial-year';
import { MEMBERSHIP_CLASS_CODES } from '../../../lib/membership-classes';
import { isoDate } from '../../../lib/schemas/common';
import { ReportPaymentBody } from '../../../lib/schemas/money';
import {
  ApplicationDocumentSchema,
  ApplicationInput,
  ApplicationStatusSchema,
  DOCUMENT_KINDS,
  FeeQuoteSchema,
  SubmittedApplicationSchema,
} from '../../../lib/schemas/membership';
import { storedFileResponse } from '../../platform/storage';
import {
  applicationByReferenceAndEmail,
  applicationByToken,
  applicationOfApplicant,
  submitApplication,
} from '../../domains/joining/applications';
import { DOCUMENT_BODY_LIMIT, readDocument, uploadDocument } from '../../domains/joining/documents';
import { publicFees, quoteFor } from '../../domains/joining/fees';
import { reportApplicationPayment } from '../../domains/joining/payments';
import { withdrawByApplicant } from '../../domains/joining/transitions';
import { statusView } from '../../domains/joining/views';
import { clientAddress, type ApiDeps, type AppContext } from '../context';
import { ANYONE, apiRoute, createRouter, jsonBody, respond, UploadedFile } from '../openapi';
import type { MailMessage } from '../../platform/mail/mailer';

/** Joining the institute, for visitors and applicants (no sign-in; the status token is the applicant's key). */
const tags = ['Membership (applicants)'];

const Reference = z.object({
  reference: z
    .string()
    .regex(/^APP-[A-Z2-9]{8}$/, 'Use an application number such as APP-7K3Q9MZD.')
    .openapi({ example: 'APP-7K3Q9MZD' }),
});
const TokenQuery = z
  .object({ token: z.string().min(10, 'Use the link from your confirmation e-mail.').max(100) })
  .strict();

/**
 * The `scope` of a route opened by the applicant's private link: 404 unless the application exists and
 * the link's token is its own, before the body is looked at. Without a token the query's check answers (400).
 */
function applicationOfLink(c: AppContext, { reference }: { reference: string }): Promise<unknown> {
  const token = c.req.query('token');
  return token ? applicationOfApplicant(c.var.deps.db, reference, token) : Promise.resolve(undefined);
}

function sendLater(deps: ApiDeps, mails: MailMessage[]) {
  if (!mails.length) return;
  deps.defer(async () => {
    for (const mail of mails) {
      try {
        await deps.mailer.send(mail);
      } catch (error) {
        // The application is recorded either way; the applicant also sees its page at once.
        console.error('[membership] e-mail failed', mail.subject, error);
      }
    }
  });
}

const quoteRoute = apiRoute({
  method: 'get',
  path: '/fee-quote',
  summary: 'The fee for a class on a date (Kolkata), with a coupon’s discount and GST',
  tags,
  access: ANYONE,
  request: {
    query: z
      .object({
        class: z.enum(MEMBERSHIP_CLASS_CODES, { errorMap: () => ({ message: 'Choose a membership class.' }) }),
        on: isoDate.optional(),
        coupon: z.string().trim().max(40).optional(),
      })
      .strict(),
  },
  data: FeeQuoteSchema,
  errors: [409],
});

const feesRoute = apiRoute({
  method: 'get',
  path: '/fees',
  summary: 'This financial year’s fees of every class, and what joining today costs',
  tags,
  access: ANYONE,
  request: { query: z.object({ on: isoDate.optional() }).strict() },
  data: z.array(
    z.object({
      classCode: z.enum(MEMBERSHIP_CLASS_CODES),
      entranceFee: z.number().int(),
      subscription: z.number().int(),
      oneTimeFee: z.number().int(),
      quote: FeeQuoteSchema.omit({ coupon: true }),
    }),
  ),
});

const submitRoute = apiRoute({
  method: 'post',
  path: '/applications',
  summary: 'Applies for membership; answers the application number and the status token',
  tags,
  access: ANYONE,
  request: { body: jsonBody(ApplicationInput) },
  data: SubmittedApplicationSchema,
  status: 201,
  errors: [409, 429],
});

const uploadRoute = apiRoute({
  method: 'post',
  path: '/applications/{reference}/documents',
  summary: 'Uploads a photo (JPEG/PNG/WebP, 2 MB), certificate or ID card (PDF or picture, 5 MB)',
  tags,
  access: ANYONE,
  request: {
    params: Reference,
    query: TokenQuery,
    body: {
      content: {
        'multipart/form-data': { schema: z.object({ kind: z.enum(DOCUMENT_KINDS), file: UploadedFile }) },
      },
    },
  },
  bodyLimit: DOCUMENT_BODY_LIMIT,
  data: ApplicationDocumentSchema,
  status: 201,
  scope: applicationOfLink,
  errors: [404, 409],
});

const documentRoute = apiRoute({
  method: 'get',
  path: '/applications/{reference}/documents/{kind}',
  summary: 'One of the applicant’s own documents, as an attachment',
  tags,
  access: ANYONE,
  request: { params: Reference.extend({ kind: z.enum(DOCUMENT_KINDS) }), query: TokenQuery },
  data: z.string(),
  produces: 'application/octet-stream',
  errors: [404],
});

const paymentRoute = apiRoute({
  method: 'post',
  path: '/applications/{reference}/payments',
  summary: 'The applicant reports the payment of the amount due (checked by staff)',
  tags,
  access: ANYONE,
  request: {
    params: Reference,
    query: TokenQuery,
    body: jsonBody(ReportPaymentBody),
  },
  data: z.object({ id: z.number().int(), state: z.string() }),
  status: 201,
  scope: applicationOfLink,
  errors: [404, 409],
});

const withdrawalRoute = apiRoute({
  method: 'post',
  path: '/applications/{reference}/withdrawal',
  summary: 'The applicant withdraws their own undecided application (any payment becomes a refund due)',
  tags,
  access: ANYONE,
  request: {
    params: Reference,
    query: TokenQuery,
    body: jsonBody(
      z.object({ reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional() }).strict(),
    ),
  },
  data: ApplicationStatusSchema,
  scope: applicationOfLink,
  errors: [404, 409],
});

const statusRoute = apiRoute({
  method: 'get',
  path: '/status',
  summary: 'The application a status token opens: state, history, payments, documents, next step',
  tags,
  access: ANYONE,
  request: { query: TokenQuery },
  data: ApplicationStatusSchema,
  errors: [404],
});

const trackRoute = apiRoute({
  method: 'get',
  path: '/track',
  summary: 'An application found by its number and e-mail: state, history and next step',
  tags,
  access: ANYONE,
  request: {
    query: z
      .object({
        reference: z.string().trim().toUpperCase().pipe(Reference.shape.reference),
        email: z.string().trim().email('Enter the e-mail you applied with.').max(320),
      })
      .strict(),
  },
  data: ApplicationStatusSchema.omit({ documents: true, payments: true }),
  errors: [404],
});

export const membershipRouter = createRouter()
  .openapi(quoteRoute, async (c) => {
    const query = c.req.valid('query');
    const on = query.on ?? kolkataDate(c.var.deps.now());
    return respond(c, await quoteFor(c.var.deps.db, { classCode: query.class, on, coupon: query.coupon || undefined }));
  })
  .openapi(feesRoute, async (c) => {
    const on = c.req.valid('query').on ?? kolkataDate(c.var.deps.now());
    const fees = await publicFees(c.var.deps.db, on);
    return respond(
      c,
      fees.map(({ schedule, quote }) => ({
        classCode: schedule.classCode,
        entranceFee: schedule.entranceFee,
        subscription: schedule.subscription,
        oneTimeFee: schedule.oneTimeFee,
        quote,
      })),
    );
  })
  .openapi(submitRoute, async (c) => {
    const deps = c.var.deps;
    const outcome = await submitApplication(deps.db, c.req.valid('json'), {
      now: deps.now(),
      ip: clientAddress(c),
      siteUrl: deps.siteUrl,
    });
    sendLater(deps, outcome.mails);
    return respond(c, outcome.submitted, 201);
  })
  .openapi(uploadRoute, async (c) => {
    const deps = c.var.deps;
    const { reference } = c.req.valid('param');
    const application = await applicationOfApplicant(deps.db, reference, c.req.valid('query').token);
    const form = c.req.valid('form');
    const bytes = new Uint8Array(await form.file.arrayBuffer());
    const saved = await uploadDocument(
      deps.db,
      deps.storage,
      application,
      { kind: form.kind, bytes },
      deps.now(),
      clientAddress(c),
    );
    return respond(c, saved, 201);
  })
  .openapi(documentRoute, async (c) => {
    const deps = c.var.deps;
    const { reference, kind } = c.req.valid('param');
    const application = await applicationOfApplicant(deps.db, reference, c.req.valid('query').token);
    return storedFileResponse(c, await readDocument(deps.db, deps.storage, application.id, kind));
  })
  .openapi(paymentRoute, async (c) => {
    const deps = c.var.deps;
    const application = await applicationOfApplicant(
      deps.db,
      c.req.valid('param').reference,
      c.req.valid('query').token,
    );
    const payment = await reportApplicationPayment(deps.db, application, c.req.valid('json'), {
      now: deps.now(),
      ip: clientAddress(c),
    });
    return respond(c, { id: payment.id, state: payment.state }, 201);
  })
  .openapi(withdrawalRoute, async (c) => {
    const deps = c.var.deps;
    const application = await applicationOfApplicant(
      deps.db,
      c.req.valid('param').reference,
      c.req.valid('query').token,
    );
    const { mail } = await withdrawByApplicant(deps.db, application, c.req.valid('json'), {
      now: deps.now(),
      ip: clientAddress(c),
    });
    sendLater(deps, [mail]);
    return respond(c, await statusView(deps.db, await applicationByToken(deps.db, c.req.valid('query').token)));
  })
  .openapi(statusRoute, async (c) => {
    const db = c.var.deps.db;
    return respond(c, await statusView(db, await applicationByToken(db, c.req.valid('query').token)));
  })
  .openapi(trackRoute, async (c) => {
    const db = c.var.deps.db;
    const query = c.req.valid('query');
    const view = await statusView(db, await applicationByReferenceAndEmail(db, query.reference, query.email));
    const { documents: _documents, payments: _payments, ...tracked } = view;
    return respond(c, tracked);
  });
