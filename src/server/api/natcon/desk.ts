import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import {
  CheckInAnswerSchema,
  CheckInBodySchema,
  CheckInListItemSchema,
  CheckInListQuery,
  NominationListQuery,
  NominationReviewSchema,
  NominationSchema,
} from '../../../lib/schemas/natcon';
import {
  allNominations,
  checkIn,
  checkInsQuery,
  listCheckIns,
  listNominations,
  nominationFile,
  reviewNomination,
} from '../../domains/natcon';
import { storedFileResponse } from '../../platform/storage';
import { notFound } from '../../domains/errors';
import { csvAnswer } from './csv';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The organisers' desk, part two: award nominations and check-in at the venue (roles 2 and 5). */
const tags = ['NATCON (staff)'];
const ACT = rolesOnly(ROLE.superAdmin, ROLE.admin);
const optionalId = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'Use a record id made of digits.')
  .transform(Number)
  .optional();

const nominationsRoute = apiRoute({
  method: 'get',
  path: '/nominations',
  summary: 'Award nominations, newest first, by award and review state',
  tags,
  access: ACT,
  request: { query: NominationListQuery.strict() },
  data: pagedSchema(NominationSchema),
});
const nominationsCsvRoute = apiRoute({
  method: 'get',
  path: '/nominations/export.csv',
  summary: 'Award nominations as CSV',
  tags,
  access: ACT,
  request: { query: z.object({ editionId: optionalId }).strict() },
  data: z.string(),
  produces: 'text/csv',
});
const reviewRoute = apiRoute({
  method: 'patch',
  path: '/nominations/{id}',
  summary: 'Sets a nomination’s review state (received, shortlisted, winner, not selected) with a note',
  tags,
  access: ACT,
  request: { params: IdParam, body: jsonBody(NominationReviewSchema) },
  data: NominationSchema,
  errors: [404],
});
const fileRoute = apiRoute({
  method: 'get',
  path: '/nominations/{id}/file',
  summary: 'A nomination’s supporting PDF',
  tags,
  access: ACT,
  request: { params: IdParam },
  data: z.string(),
  produces: 'application/pdf',
  errors: [404],
});
const checkInRoute = apiRoute({
  method: 'post',
  path: '/check-ins',
  summary: 'Checks a delegate in by the ticket’s code; a second scan reports the first check-in',
  tags,
  access: ACT,
  request: { body: jsonBody(CheckInBodySchema) },
  data: CheckInAnswerSchema,
  errors: [404, 409],
});
const checkInsRoute = apiRoute({
  method: 'get',
  path: '/check-ins',
  summary: 'Check-ins, latest first',
  tags,
  access: ACT,
  request: { query: CheckInListQuery.strict() },
  data: pagedSchema(CheckInListItemSchema),
});
const checkInsCsvRoute = apiRoute({
  method: 'get',
  path: '/check-ins/export.csv',
  summary: 'Check-ins as CSV',
  tags,
  access: ACT,
  request: { query: z.object({ editionId: optionalId }).strict() },
  data: z.string(),
  produces: 'text/csv',
});

export const adminNatconDeskRouter = createRouter()
  .openapi(nominationsRoute, async (c) => {
    const { page, pageSize, ...filters } = c.req.valid('query');
    return respond(c, await listNominations(c.var.deps.db, filters, { page, pageSize }));
  })
  .openapi(nominationsCsvRoute, async (c) => {
    const rows = await allNominations(c.var.deps.db, c.req.valid('query'));
    return csvAnswer(
      c,
      'natcon-nominations.csv',
      [
        'Reference',
        'Award',
        'Nominee',
        'Kind',
        'Organisation',
        'Nominee e-mail',
        'Nominated by',
        'Nominator e-mail',
        'State',
        'Supporting file',
        'Received at',
        'Write-up',
      ],
      rows.map((n) => [
        n.reference,
        n.award,
        n.nomineeName,
        n.nomineeKind,
        n.nomineeOrganisation,
        n.nomineeEmail,
        n.nominatorName,
        n.nominatorEmail,
        n.state,
        n.hasFile ? 'yes' : 'no',
        n.createdAt,
        n.writeUp,
      ]),
    );
  })
  .openapi(reviewRoute, async (c) =>
    respond(
      c,
      await reviewNomination(c.var.deps.db, caller(c), c.req.valid('param').id, c.req.valid('json'), c.var.deps.now()),
    ),
  )
  .openapi(fileRoute, async (c) => {
    const file = await nominationFile(c.var.deps.db, c.req.valid('param').id);
    const bytes = await c.var.deps.storage.get(file.key);
    if (!bytes) throw notFound('The supporting file is missing.');
    return storedFileResponse(c, { bytes, contentType: 'application/pdf', filename: file.name });
  })
  .openapi(checkInRoute, async (c) =>
    respond(c, await checkIn(c.var.deps.db, caller(c), c.req.valid('json').code, c.var.deps.now())),
  )
  .openapi(checkInsRoute, async (c) => {
    const { page, pageSize, editionId } = c.req.valid('query');
    return respond(c, await listCheckIns(c.var.deps.db, editionId, { page, pageSize }));
  })
  .openapi(checkInsCsvRoute, async (c) => {
    const rows = await checkInsQuery(c.var.deps.db, c.req.valid('query').editionId)
      .select([
        'd.confirmation_number',
        'd.name',
        'o.organisation',
        'c.name as category',
        'd.checked_in_at',
        'u.name as by',
      ])
      .orderBy('d.checked_in_at')
      .execute();
    return csvAnswer(
      c,
      'natcon-check-ins.csv',
      ['Confirmation', 'Name', 'Organisation', 'Category', 'Checked in at', 'Checked in by'],
      rows.map((r) => [r.confirmation_number, r.name, r.organisation, r.category, r.checked_in_at, r.by]),
    );
  });
