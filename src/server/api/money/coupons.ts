import { kolkataDate } from '../../../lib/financial-year';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema, pagingQuery } from '../../../lib/schemas/common';
import {
  COUPON_SCOPE_LABELS,
  COUPON_STATUS_LABELS,
  CouponBody,
  CouponExportQuery,
  CouponListQuery,
  CouponPatchBody,
  CouponRedemptionSchema,
  CouponSchema,
  type CouponItem,
} from '../../../lib/schemas/money';
import {
  createCoupon,
  exportCoupons,
  listCoupons,
  listRedemptions,
  updateCoupon,
} from '../../domains/money/coupon-admin';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** Coupons: the super admin only (docs/architecture.md, "Roles"). Redeeming happens in the purposes' own routes. */
const tags = ['Coupons (staff)'];
const superAdminOnly = rolesOnly(ROLE.superAdmin);

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Coupons with uses/limit and status, filtered and ordered, one page',
  tags,
  access: superAdminOnly,
  request: { query: CouponListQuery },
  data: pagedSchema(CouponSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'Coupons as CSV: the list’s filters and order, every row',
  tags,
  access: superAdminOnly,
  request: { query: CouponExportQuery },
});

const createRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Creates a coupon (code case-insensitive, stored upper-cased)',
  tags,
  access: superAdminOnly,
  request: { body: jsonBody(CouponBody) },
  data: CouponSchema,
  status: 201,
  errors: [409],
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Changes a coupon: any field; `active: false` deactivates it',
  tags,
  access: superAdminOnly,
  request: { params: IdParam, body: jsonBody(CouponPatchBody) },
  data: CouponSchema,
  errors: [404, 409],
});

const redemptionsRoute = apiRoute({
  method: 'get',
  path: '/{id}/redemptions',
  summary: 'Who used a coupon, newest first (given-back uses show when)',
  tags,
  access: superAdminOnly,
  request: { params: IdParam, query: pagingQuery().strict() },
  data: pagedSchema(CouponRedemptionSchema),
  errors: [404],
});

const EXPORT_COLUMNS: CsvColumn<CouponItem>[] = [
  { header: 'Code', value: (c) => c.code },
  { header: 'Kind', value: (c) => c.kind },
  { header: 'Value', value: (c) => (c.kind === 'percent' ? `${c.value}%` : (c.value / 100).toFixed(2)) },
  { header: 'Scope', value: (c) => COUPON_SCOPE_LABELS[c.scope] },
  { header: 'Valid from', value: (c) => c.validFrom },
  { header: 'Valid to', value: (c) => c.validTo },
  { header: 'Uses', value: (c) => c.uses },
  { header: 'Limit', value: (c) => c.maxUses },
  { header: 'Active', value: (c) => c.active },
  { header: 'Status', value: (c) => COUPON_STATUS_LABELS[c.status] },
  { header: 'Created at', value: (c) => c.createdAt },
];

export const adminCouponsRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const deps = c.var.deps;
    return respond(c, await listCoupons(deps.db, c.req.valid('query'), kolkataDate(deps.now())));
  })
  .openapi(exportRoute, async (c) => {
    const deps = c.var.deps;
    const today = kolkataDate(deps.now());
    return csvResponse(c, `coupons-${today}`, EXPORT_COLUMNS, exportCoupons(deps.db, c.req.valid('query'), today));
  })
  .openapi(createRoute, async (c) => {
    const deps = c.var.deps;
    const now = deps.now();
    return respond(c, await createCoupon(deps.db, caller(c), c.req.valid('json'), kolkataDate(now), now), 201);
  })
  .openapi(updateRoute, async (c) => {
    const deps = c.var.deps;
    const now = deps.now();
    const { id } = c.req.valid('param');
    return respond(c, await updateCoupon(deps.db, caller(c), id, c.req.valid('json'), kolkataDate(now), now));
  })
  .openapi(redemptionsRoute, async (c) => {
    const { id } = c.req.valid('param');
    return respond(c, await listRedemptions(c.var.deps.db, id, c.req.valid('query')));
  });
