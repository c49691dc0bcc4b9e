import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { ApiFailure } from '../../lib/envelope';
import { APP_VERSION } from '../platform/version';
import { log } from '../platform/log';
import { announceChange } from '../platform/changes';
import { registerPaymentPurposes } from '../purposes';
import type { ApiDeps, AppEnv } from './context';
import { DomainError, invalid } from '../domains/errors';
import { CONTROL_CHARACTER_MESSAGE } from '../../lib/schemas/text';
import { ApiError, httpErrorOf } from './errors';
import { fieldErrors } from './validation';
import { healthRouter, readyRouter } from './operations/health';
import { meRouter } from './identity/me';
import { memberPaymentsRouter } from './money/member-payments';
import { membersRouter } from './members/members';
import { chaptersRouter } from './organisation/chapters';
import { passwordRouter } from './identity/password';
import { sessionsRouter } from './identity/sessions';
import { notificationsRouter } from './notifications/notifications';
import { adminNotificationsRouter } from './notifications/admin-notifications';
import { adminChaptersRouter } from './organisation/admin-chapters';
import { adminUsersRouter } from './identity/users';
import { adminAuditRouter } from './audit/admin-audit';
import { adminScrollMessagesRouter } from './organisation/admin-ticker';
import { scrollMessagesRouter } from './organisation/ticker';
import { natconRouter } from './natcon/public';
import { adminNatconRouter } from './natcon/staff';
import { adminNatconDeskRouter } from './natcon/desk';
import { adminNatconOrdersRouter } from './natcon/orders';
import { natconOrdersRouter } from './natcon/public-orders';
import { adminSiteSettingsRouter, siteSettingsRouter } from './organisation/site-settings';
import { adminTransfersRouter, ownTransfersRouter } from './members/transfers';
import { adminMembersRouter } from './members/admin-members';
import { adminImportsRouter } from './import/imports';
import { membershipVerifyRouter } from './members/verify';
import { adminReportsRouter } from './members/reports';
import { adminCouponsRouter } from './money/coupons';
import { adminPaymentsRouter } from './money/admin-payments';
import { adminGatewayRouter } from './money/admin-gateway';
import { adminRefundsRouter } from './money/admin-refunds';
import { onlinePaymentsRouter } from './money/online';
import { adminPaymentSettingsRouter } from './money/payment-settings';
import { paymentOptionsRouter, paymentsRouter } from './money/payments';
import { creditNotesRouter, invoicesRouter } from './gst/invoices';
import { adminGstSettingsRouter } from './gst/settings';
import { adminGstReturnsRouter } from './gst/returns';
import { adminInvoicesRouter } from './gst/register';
import { membershipRouter } from './joining/membership';
import { applicantChecksRouter } from './joining/applicant-checks';
import { adminApplicationsRouter } from './joining/admin-applications';
import { adminMembershipFeesRouter } from './joining/membership-fees';
import { contentEventsRouter } from './content/events';
import { contentAlbumsRouter } from './content/albums';
import { contentPublicationsRouter } from './content/publications';
import { contentFilesRouter } from './content/files';
import { mePrivacyRouter } from './privacy/me-privacy';
import { adminPrivacyRouter } from './privacy/admin-privacy';
import { adminPrivacyDeskRouter } from './privacy/admin-privacy-desk';
import { privacyUnsubscribeRouter } from './privacy/unsubscribe';
import { privacyStatusLinkRouter } from './privacy/status-link';

/**
 * Mounts one resource's router. Its route types are deliberately forgotten here: letting
 * `app.route` merge forty routers' accumulated route schemas into one type made type-checking
 * the app take longer than CI allows, and nothing uses the app's typed client.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function mount(app: OpenAPIHono<AppEnv>, path: string, router: OpenAPIHono<AppEnv, any, any>): void {
  app.route(path, router);
}

/** Where the contract is served, relative to the API's base path. */
export const OPENAPI_PATH = '/openapi.json';

const failure = (code: string, message: string): ApiFailure => ({ success: false, error: { code, message } });

const announcePublicChange: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) announceChange('public-pages');
};

/**
 * The API: one Hono app, mounted at /api by the production entry and by the Astro catch-all
 * route in development. Each resource is one router file beside this one; each route is declared
 * with `apiRoute` (`./openapi.ts`), which also puts it in the OpenAPI document.
 */
/**
 * PostgreSQL cannot hold a NUL character in text: a search sent with one (`?q=%00`) failed in the
 * database with a 500. Refused here for every route at once, with the parameter named; the URL is
 * only scanned when it holds an encoded NUL, so the hot paths pay one string search.
 */
function refuseNulInQuery(url: string, queries: () => Record<string, string[]>): void {
  const query = url.indexOf('?');
  if (query < 0 || url.indexOf('%00', query) < 0) return;
  const fields: Record<string, string> = {};
  for (const [name, values] of Object.entries(queries())) {
    if (values.some((value) => value.includes('\u0000'))) fields[name] = CONTROL_CHARACTER_MESSAGE;
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

export function createApiApp(deps: ApiDeps): OpenAPIHono<AppEnv> {
  registerPaymentPurposes();
  const app = new OpenAPIHono<AppEnv>().basePath('/api');

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    // Set before the route answers: a header added to a finished response makes Hono rebuild it
    // as a stream, which cost the polled unread-count a third of its throughput.
    c.header('Cache-Control', 'no-store');
    refuseNulInQuery(c.req.url, () => c.req.queries());
    await next();
  });

  // What the live public pages show changed: every worker drops their kept answers at once.
  for (const path of ['/content/*', '/admin/chapters', '/admin/chapters/*']) app.use(path, announcePublicChange);

  mount(app, '/health', healthRouter);
  mount(app, '/ready', readyRouter);
  mount(app, '/me', meRouter);
  mount(app, '/me', memberPaymentsRouter);
  mount(app, '/members', membersRouter);
  mount(app, '/chapters', chaptersRouter);
  mount(app, '/password', passwordRouter);
  mount(app, '/sessions', sessionsRouter);
  mount(app, '/notifications', notificationsRouter);
  mount(app, '/admin/notifications', adminNotificationsRouter);
  mount(app, '/admin/chapters', adminChaptersRouter);
  mount(app, '/admin/users', adminUsersRouter);
  mount(app, '/admin/audit', adminAuditRouter);
  mount(app, '/admin/scroll-messages', adminScrollMessagesRouter);
  mount(app, '/scroll-messages', scrollMessagesRouter);
  mount(app, '/natcon', natconRouter);
  mount(app, '/admin/natcon', adminNatconRouter);
  mount(app, '/admin/natcon', adminNatconDeskRouter);
  mount(app, '/admin/natcon', adminNatconOrdersRouter);
  mount(app, '/natcon', natconOrdersRouter);
  mount(app, '/admin/members', adminMembersRouter);
  mount(app, '/admin/transfers', adminTransfersRouter);
  mount(app, '/site-settings', siteSettingsRouter);
  mount(app, '/admin/settings/site', adminSiteSettingsRouter);
  mount(app, '/members/me/transfer-requests', ownTransfersRouter);
  mount(app, '/admin/imports', adminImportsRouter);
  mount(app, '/membership/verify', membershipVerifyRouter);
  mount(app, '/admin/reports/membership', adminReportsRouter);
  mount(app, '/admin/coupons', adminCouponsRouter);
  mount(app, '/admin/payments', adminPaymentsRouter);
  mount(app, '/admin/payments', adminGatewayRouter);
  mount(app, '/admin/refunds', adminRefundsRouter);
  mount(app, '/admin/settings/payments', adminPaymentSettingsRouter);
  mount(app, '/payments', onlinePaymentsRouter);
  mount(app, '/payments', paymentsRouter);
  mount(app, '/invoices', invoicesRouter);
  mount(app, '/credit-notes', creditNotesRouter);
  mount(app, '/admin/settings/gst', adminGstSettingsRouter);
  mount(app, '/admin/gst/returns', adminGstReturnsRouter);
  mount(app, '/admin/invoices', adminInvoicesRouter);
  mount(app, '/payment-options', paymentOptionsRouter);
  mount(app, '/membership', membershipRouter);
  mount(app, '/membership', applicantChecksRouter);
  mount(app, '/admin/applications', adminApplicationsRouter);
  mount(app, '/admin/membership-fees', adminMembershipFeesRouter);
  mount(app, '/content/events', contentEventsRouter);
  mount(app, '/content/albums', contentAlbumsRouter);
  mount(app, '/content/publications', contentPublicationsRouter);
  mount(app, '/content', contentFilesRouter);
  mount(app, '/me/privacy', mePrivacyRouter);
  mount(app, '/admin', adminPrivacyRouter);
  mount(app, '/admin', adminPrivacyDeskRouter);
  mount(app, '/privacy', privacyUnsubscribeRouter);
  mount(app, '/privacy', privacyStatusLinkRouter);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `token` answered by `POST /api/sessions` (or carried in the site session).',
  });
  // The document depends only on the routes, which are all mounted by now: built once on the first
  // request and kept as text, because building it takes hundreds of milliseconds of one core.
  let openApiText: string | undefined;
  app.get(OPENAPI_PATH, (c) => {
    openApiText ??= JSON.stringify(app.getOpenAPI31Document(openApiDocumentConfig()));
    return c.body(openApiText, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });

  app.notFound((c) => c.json(failure('not_found', 'No such API route.'), 404));

  app.onError((thrown, c) => {
    const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof ZodError) return c.json(httpErrorOf(invalid(fieldErrors(error))).toBody(), 400);
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (malformed JSON in a validator, a body over the limit) in the envelope.
      const code = error.status === 400 ? 'malformed_json' : 'http_' + error.status;
      return c.json(failure(code, error.message || 'The request could not be read.'), error.status);
    }
    log().error(
      { err: error, reqId: c.req.header('x-request-id'), method: c.req.method, path: c.req.path },
      'unexpected error in the API',
    );
    return c.json(failure('internal', 'Something went wrong on our side.'), 500);
  });

  return app;
}

/** The OpenAPI document's heading: what `info` and the default security say of the whole API. */
function openApiDocumentConfig() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'NIPM web platform API',
      version: APP_VERSION,
      description:
        'Every answer is the envelope `{ success: true, data }` or `{ success: false, error: { code, message, fields? } }`. ' +
        '`x-roles` on each operation says who may call it.',
    },
    security: [{ bearer: [] }],
  };
}
