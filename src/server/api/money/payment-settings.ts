import { ROLE } from '../../../lib/roles';
import { PaymentSettingsAnswer, PaymentSettingsPatchBody } from '../../../lib/schemas/money';
import { readPaymentSettings, updatePaymentSettings } from '../../domains/money/settings';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The institute's payment settings (receipt header, GST, UPI address, bank account): super admin only. */
const tags = ['Payment settings (staff)'];

const readRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The payment settings in force, and which groups still show the samples',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  data: PaymentSettingsAnswer,
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/',
  summary: 'Changes any of the groups institute, gst, upi and bank (each given whole); audited',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { body: jsonBody(PaymentSettingsPatchBody) },
  data: PaymentSettingsAnswer,
});

export const adminPaymentSettingsRouter = createRouter()
  .openapi(readRoute, async (c) => respond(c, await readPaymentSettings(c.var.deps.db)))
  .openapi(updateRoute, async (c) => {
    const { db, now } = c.var.deps;
    return respond(c, await updatePaymentSettings(db, caller(c), c.req.valid('json'), now()));
  });
