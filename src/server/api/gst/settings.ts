import { ROLE } from '../../../lib/roles';
import { z } from '@hono/zod-openapi';
import { GstSettingsBody, LateCreditNoteSchema } from '../../../lib/schemas/gst';
import { lateCreditNotes } from '../../domains/gst/late-credit-notes';
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

const lateRoute = apiRoute({
  method: 'get',
  path: '/late-credit-notes',
  summary: 'Credit notes issued after 30 November following their invoice’s financial year (newest 100)',
  description:
    'CGST Act section 34(2): these no longer reduce the tax of the invoice’s year; the accountant treats them by hand.',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  data: z.array(LateCreditNoteSchema),
});

export const adminGstSettingsRouter = createRouter()
  .openapi(lateRoute, async (c) => respond(c, await lateCreditNotes(c.var.deps.db)))
  .openapi(readRoute, async (c) => respond(c, await readGstSettings(c.var.deps.db)))
  .openapi(updateRoute, async (c) => {
    const { db, now } = c.var.deps;
    return respond(c, await updateGstSettings(db, caller(c), c.req.valid('json'), now()));
  });
