import { z } from '@hono/zod-openapi';
import { financialYearStart, kolkataDate, parseFinancialYearLabel } from '../../../lib/financial-year';
import { MEMBERSHIP_CLASS_CODES } from '../../../lib/membership-classes';
import { ROLE } from '../../../lib/roles';
import { FeeRowSchema, FeeUpdateInput } from '../../../lib/schemas/membership';
import { listFees, setFee } from '../../domains/joining/fees';
import { clientAddress } from '../context';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The fee schedule per financial year and class: the super admin's Fees tab. */
const tags = ['Membership fees (staff)'];

const FinancialYear = z
  .string()
  .refine((v) => parseFinancialYearLabel(v) !== undefined, 'Use a financial year such as 2026-27.')
  .transform((v) => parseFinancialYearLabel(v)!);

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The fees of one financial year (this one by default)',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { query: z.object({ financialYear: FinancialYear.optional() }).strict() },
  data: z.array(FeeRowSchema),
});

const updateRoute = apiRoute({
  method: 'put',
  path: '/{financialYear}/{classCode}',
  summary: 'Sets one class’s fees for one year (quotes already given keep their amounts)',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: {
    params: z.object({ financialYear: FinancialYear, classCode: z.enum(MEMBERSHIP_CLASS_CODES) }),
    body: jsonBody(FeeUpdateInput),
  },
  data: FeeRowSchema,
});

export const adminMembershipFeesRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const year = c.req.valid('query').financialYear ?? financialYearStart(kolkataDate(c.var.deps.now()));
    return respond(c, await listFees(c.var.deps.db, year));
  })
  .openapi(updateRoute, async (c) => {
    const { financialYear, classCode } = c.req.valid('param');
    const row = await setFee(
      c.var.deps.db,
      caller(c),
      { financialYear, classCode, ...c.req.valid('json') },
      c.var.deps.now(),
      clientAddress(c),
    );
    return respond(c, row);
  });
