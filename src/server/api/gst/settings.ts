import { ROLE } from '../../../lib/roles';
import { GstSettingsBody } from '../../../lib/schemas/gst';
import { readGstSettings, updateGstSettings } from '../../domains/gst/settings';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The institute as a GST-registered supplier (invoice header, SAC codes and rates): super admin only. */
const tags = ['GST settings (staff)'];

const readRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The GST settings in force (derived from the payment settings until first saved)',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  data: GstSettingsBody,
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/',
  summary: 'Replaces the GST settings (given whole); the GSTIN is checked in full; audited',
  description: 'No GSTIN (null) turns tax invoices off: verified payments then get receipts only.',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { body: jsonBody(GstSettingsBody) },
  data: GstSettingsBody,
});

export const adminGstSettingsRouter = createRouter()
  .openapi(readRoute, async (c) => respond(c, await readGstSettings(c.var.deps.db)))
  .openapi(updateRoute, async (c) => {
    const { db, now } = c.var.deps;
    return respond(c, await updateGstSettings(db, caller(c), c.req.valid('json'), now()));
  });
