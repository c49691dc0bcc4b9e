import { ROLE } from '../../../lib/roles';
import { SiteSettingsSchema } from '../../../lib/schemas/site-settings';
import { readSiteSettings, writeSiteSettings } from '../../domains/organisation/site-settings';
import { ANYONE, apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The footer's contact details and social links (issue 28): read by every public page, set by the super admin. */
const tags = ['Site settings'];

const publicRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The contact details and social links the footer shows (each null when not set)',
  tags,
  access: ANYONE,
  data: SiteSettingsSchema,
});

const adminGetRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The site settings, for the super admin’s form',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  data: SiteSettingsSchema,
});

const adminPutRoute = apiRoute({
  method: 'put',
  path: '/',
  summary: 'Sets the footer’s contact e-mail, phone, address and social links (empty hides one)',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { body: jsonBody(SiteSettingsSchema) },
  data: SiteSettingsSchema,
});

export const siteSettingsRouter = createRouter().openapi(publicRoute, async (c) => {
  c.header('cache-control', 'public, max-age=60');
  return respond(c, await readSiteSettings(c.var.deps.db));
});

export const adminSiteSettingsRouter = createRouter()
  .openapi(adminGetRoute, async (c) => respond(c, await readSiteSettings(c.var.deps.db)))
  .openapi(adminPutRoute, async (c) =>
    respond(c, await writeSiteSettings(c.var.deps.db, caller(c), c.req.valid('json'), c.var.deps.now())),
  );
