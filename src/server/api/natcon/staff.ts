import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema, sortQuery } from '../../../lib/schemas/common';
import {
  AdminEditionSchema,
  AdminOrderListItemSchema,
  AdminOrderSchema,
  AwardCategoryBodySchema,
  AwardCategoryPatchSchema,
  AwardCategorySchema,
  CancelBodySchema,
  CategoryBodySchema,
  CategoryPatchSchema,
  EditionBodySchema,
  EditionSummarySchema,
  MoveDelegateSchema,
  OrderFilterQuery,
  OrderListQuery,
  PublicCategorySchema,
  TotalsSchema,
  ORDER_SORTS,
} from '../../../lib/schemas/natcon';
import {
  adminEditions,
  cancelOrder,
  createAwardCategory,
  createCategory,
  createEdition,
  deleteAwardCategory,
  deleteCategory,
  listOrders,
  moveDelegate,
  orderForStaff,
  promoteOrder,
  delegateExportRows,
  discardTickets,
  DELEGATE_CSV_HEADER,
  sendOfferMail,
  sendTickets,
  studentIdFile,
  totals,
  updateAwardCategory,
  updateCategory,
  updateEdition,
} from '../../domains/natcon';
import { storedFileResponse } from '../../platform/storage';
import { notFound } from '../../domains/errors';
import { csvAnswer } from './csv';
import { mailAfterCancelling } from './mail';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The organisers' desk, part one: the conference settings and the registrations. */
const tags = ['NATCON (staff)'];
const SUPER = rolesOnly(ROLE.superAdmin);
const DESK = rolesOnly(ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin);
const ACT = rolesOnly(ROLE.superAdmin, ROLE.admin);
const Ok = z.object({ ok: z.literal(true) });
const AdminCategorySchema = PublicCategorySchema.extend({ seatsTaken: z.number().int(), sortOrder: z.number().int() });

const editionsRoute = apiRoute({
  method: 'get',
  path: '/editions',
  summary: 'Every edition with its delegate and award categories',
  tags,
  access: DESK,
  data: z.array(AdminEditionSchema),
});
const createEditionRoute = apiRoute({
  method: 'post',
  path: '/editions',
  summary: 'Creates an edition (super admin)',
  tags,
  access: SUPER,
  request: { body: jsonBody(EditionBodySchema) },
  data: EditionSummarySchema,
  status: 201,
});
const updateEditionRoute = apiRoute({
  method: 'put',
  path: '/editions/{id}',
  summary: 'Replaces an edition’s details (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam, body: jsonBody(EditionBodySchema) },
  data: EditionSummarySchema,
  errors: [404],
});
const createCategoryRoute = apiRoute({
  method: 'post',
  path: '/editions/{id}/categories',
  summary: 'Adds a delegate category: fee, early-bird fee and last day, seats (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam, body: jsonBody(CategoryBodySchema) },
  data: AdminCategorySchema,
  status: 201,
  errors: [404],
});
const updateCategoryRoute = apiRoute({
  method: 'patch',
  path: '/categories/{id}',
  summary: 'Changes a delegate category; seats never below those taken (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam, body: jsonBody(CategoryPatchSchema) },
  data: AdminCategorySchema,
  errors: [404],
});
const createAwardRoute = apiRoute({
  method: 'post',
  path: '/editions/{id}/award-categories',
  summary: 'Adds an award category with its criteria (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam, body: jsonBody(AwardCategoryBodySchema) },
  data: AwardCategorySchema,
  status: 201,
  errors: [404],
});
const deleteCategoryRoute = apiRoute({
  method: 'delete',
  path: '/categories/{id}',
  summary: 'Removes a delegate category nobody registered in (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam },
  data: Ok,
  errors: [404, 409],
});
const updateAwardRoute = apiRoute({
  method: 'patch',
  path: '/award-categories/{id}',
  summary: 'Changes an award category: name, criteria, who may be nominated (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam, body: jsonBody(AwardCategoryPatchSchema) },
  data: AwardCategorySchema,
  errors: [404],
});
const deleteAwardRoute = apiRoute({
  method: 'delete',
  path: '/award-categories/{id}',
  summary: 'Removes an award category without nominations (super admin)',
  tags,
  access: SUPER,
  request: { params: IdParam },
  data: Ok,
  errors: [404, 409],
});
const listRoute = apiRoute({
  method: 'get',
  path: '/registrations',
  summary: 'Registrations (orders), paged, with filters; a chapter admin sees its chapter’s members’ orders',
  tags,
  access: DESK,
  request: { query: OrderListQuery.strict() },
  data: pagedSchema(AdminOrderListItemSchema),
});
const exportRoute = apiRoute({
  method: 'get',
  path: '/registrations/export.csv',
  summary: 'The delegates of the filtered registrations as CSV',
  tags,
  access: DESK,
  request: { query: OrderFilterQuery.merge(sortQuery(ORDER_SORTS, '-createdAt')).strict() },
  data: z.string(),
  produces: 'text/csv',
});
const orderRoute = apiRoute({
  method: 'get',
  path: '/registrations/{id}',
  summary: 'One registration with its delegates and payments',
  tags,
  access: DESK,
  request: { params: IdParam },
  data: AdminOrderSchema,
  errors: [404],
});
const cancelRoute = apiRoute({
  method: 'post',
  path: '/registrations/{id}/cancel',
  summary:
    'Cancels a registration with a note: seats and coupon use given back, a refund to make of paid less kept, seats offered to the waiting list',
  tags,
  access: ACT,
  request: { params: IdParam, body: jsonBody(CancelBodySchema) },
  data: AdminOrderSchema,
  errors: [404, 409],
});
const promoteRoute = apiRoute({
  method: 'post',
  path: '/registrations/{id}/promote',
  summary:
    'Gives a waitlisted registration its seats (atomically), held unpaid for the offer hours; e-mails the buyer a new link',
  tags,
  access: ACT,
  request: { params: IdParam },
  data: AdminOrderSchema,
  errors: [404, 409],
});
const moveRoute = apiRoute({
  method: 'post',
  path: '/delegates/{id}/move',
  summary: 'Moves a delegate to another category of the edition (a seat there is taken atomically)',
  tags,
  access: ACT,
  request: { params: IdParam, body: jsonBody(MoveDelegateSchema) },
  data: Ok,
  errors: [404, 409],
});
const studentIdRoute = apiRoute({
  method: 'get',
  path: '/delegates/{id}/student-id',
  summary: 'The student ID a delegate uploaded',
  tags,
  access: ACT,
  request: { params: IdParam },
  data: z.string(),
  produces: 'application/octet-stream',
  errors: [404],
});
const totalsRoute = apiRoute({
  method: 'get',
  path: '/totals',
  summary: 'Seats, delegates and check-ins by category, and money collected',
  tags,
  access: DESK,
  request: {
    query: z
      .object({
        editionId: z
          .string()
          .regex(/^[1-9]\d{0,8}$/, 'Choose an edition.')
          .transform(Number),
      })
      .strict(),
  },
  data: TotalsSchema,
});

export const adminNatconRouter = createRouter()
  .openapi(editionsRoute, async (c) => respond(c, await adminEditions(c.var.deps.db, c.var.deps.now())))
  .openapi(createEditionRoute, async (c) =>
    respond(c, await createEdition(c.var.deps.db, caller(c), c.req.valid('json'), c.var.deps.now()), 201),
  )
  .openapi(updateEditionRoute, async (c) =>
    respond(
      c,
      await updateEdition(c.var.deps.db, caller(c), c.req.valid('param').id, c.req.valid('json'), c.var.deps.now()),
    ),
  )
  .openapi(createCategoryRoute, async (c) =>
    respond(
      c,
      await createCategory(c.var.deps.db, caller(c), c.req.valid('param').id, c.req.valid('json'), c.var.deps.now()),
      201,
    ),
  )
  .openapi(updateCategoryRoute, async (c) =>
    respond(
      c,
      await updateCategory(c.var.deps.db, caller(c), c.req.valid('param').id, c.req.valid('json'), c.var.deps.now()),
    ),
  )
  .openapi(createAwardRoute, async (c) =>
    respond(
      c,
      await createAwardCategory(
        c.var.deps.db,
        caller(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.var.deps.now(),
      ),
      201,
    ),
  )
  .openapi(deleteCategoryRoute, async (c) => {
    await deleteCategory(c.var.deps.db, caller(c), c.req.valid('param').id, c.var.deps.now());
    return respond(c, { ok: true as const });
  })
  .openapi(updateAwardRoute, async (c) =>
    respond(
      c,
      await updateAwardCategory(
        c.var.deps.db,
        caller(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.var.deps.now(),
      ),
    ),
  )
  .openapi(deleteAwardRoute, async (c) => {
    await deleteAwardCategory(c.var.deps.db, caller(c), c.req.valid('param').id, c.var.deps.now());
    return respond(c, { ok: true as const });
  })
  .openapi(listRoute, async (c) => {
    const { page, pageSize, ...filters } = c.req.valid('query');
    return respond(c, await listOrders(c.var.deps.db, caller(c), filters, { page, pageSize }));
  })
  .openapi(exportRoute, async (c) => {
    const { sort: _sort, ...filters } = c.req.valid('query');
    return csvAnswer(
      c,
      'natcon-delegates.csv',
      DELEGATE_CSV_HEADER,
      delegateExportRows(c.var.deps.db, caller(c), filters),
    );
  })
  .openapi(orderRoute, async (c) => respond(c, await orderForStaff(c.var.deps.db, caller(c), c.req.valid('param').id)))
  .openapi(cancelRoute, async (c) => {
    const deps = c.var.deps;
    const { id } = c.req.valid('param');
    const outcome = await cancelOrder(deps.db, caller(c), id, c.req.valid('json').note, deps.now());
    await discardTickets(deps.db, deps.storage, { orderId: id });
    deps.defer(mailAfterCancelling(deps, outcome));
    return respond(c, await orderForStaff(deps.db, caller(c), id));
  })
  .openapi(promoteRoute, async (c) => {
    const deps = c.var.deps;
    const { id } = c.req.valid('param');
    const offer = await promoteOrder(deps.db, caller(c), id, deps.now());
    deps.defer(async () => {
      await sendOfferMail(deps.mailer, offer, deps.siteUrl);
      await sendTickets(deps, id, deps.siteUrl, deps.now());
    });
    return respond(c, await orderForStaff(deps.db, caller(c), id));
  })
  .openapi(moveRoute, async (c) => {
    const { id } = c.req.valid('param');
    await moveDelegate(c.var.deps.db, caller(c), id, c.req.valid('json').categoryId, c.var.deps.now());
    await discardTickets(c.var.deps.db, c.var.deps.storage, { delegateId: id });
    return respond(c, { ok: true as const });
  })
  .openapi(studentIdRoute, async (c) => {
    const file = await studentIdFile(c.var.deps.db, c.req.valid('param').id);
    const bytes = await c.var.deps.storage.get(file.key);
    if (!bytes) throw notFound('The uploaded file is missing.');
    const ext = file.type === 'application/pdf' ? 'pdf' : (file.type.split('/')[1] ?? 'bin');
    return storedFileResponse(c, { bytes, contentType: file.type, filename: `${file.name}.${ext}` });
  })
  .openapi(totalsRoute, async (c) =>
    respond(c, await totals(c.var.deps.db, caller(c), c.req.valid('query').editionId)),
  );
