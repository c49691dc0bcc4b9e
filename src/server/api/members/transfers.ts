import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import {
  OwnTransferRequestBody,
  StaffTransferRequestBody,
  TransferDecisionBody,
  TransferExportQuery,
  TransferItemSchema,
  TransferListQuery,
  TRANSFER_STATE_LABELS,
  type TransferItem,
} from '../../../lib/schemas/transfers';
import { kolkataDate } from '../../../lib/financial-year';
import type { Actor } from '../../domains/members/edit';
import { tellTransferDecision } from '../../domains/members/transfer-notices';
import {
  decideTransfer,
  exportTransfers,
  listTransfers,
  ownTransfers,
  requestTransfer,
  requireTransfer,
} from '../../domains/members/transfers';
import { notFound } from '../../domains/errors';
import { clientAddress, type AppContext } from '../context';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** Chapter transfers (issue 28, item 4): asked by the member or recorded by staff, decided by roles 2 and 5. */
const tags = ['Members: transfers'];
const NATIONAL = rolesOnly(ROLE.superAdmin, ROLE.admin);

const actorOf = (c: AppContext): Actor => ({ user: caller(c), ip: clientAddress(c), now: c.var.deps.now() });

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Transfer requests, newest first, filtered by state, chapter (either side) and member',
  tags,
  access: NATIONAL,
  request: { query: TransferListQuery },
  data: pagedSchema(TransferItemSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The transfer requests of the filters as CSV, every page',
  tags,
  access: NATIONAL,
  request: { query: TransferExportQuery },
});

const staffRequestRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: "Records a member's transfer request (a chapter admin for their chapter's members)",
  tags,
  access: rolesOnly(ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin),
  request: { body: jsonBody(StaffTransferRequestBody) },
  data: TransferItemSchema,
  status: 201,
  errors: [404, 409],
});

const decisionRoute = apiRoute({
  method: 'post',
  path: '/{id}/decision',
  summary:
    'Approves (the member moves) or refuses (with a note) a pending transfer; the member and both chapters are told',
  tags,
  access: NATIONAL,
  request: { params: IdParam, body: jsonBody(TransferDecisionBody) },
  data: TransferItemSchema,
  errors: [404, 409],
  scope: (c, { id }) => requireTransfer(c.var.deps.db, id),
});

const CSV_COLUMNS: CsvColumn<TransferItem>[] = [
  { header: 'Id', value: (t) => t.id },
  { header: 'Member number', value: (t) => t.memberNumber },
  { header: 'Member', value: (t) => t.memberName },
  { header: 'From chapter', value: (t) => t.fromChapter.name },
  { header: 'To chapter', value: (t) => t.toChapter.name },
  { header: 'Reason', value: (t) => t.reason },
  { header: 'State', value: (t) => TRANSFER_STATE_LABELS[t.state] },
  { header: 'Requested by', value: (t) => t.requestedBy },
  { header: 'Requested at', value: (t) => t.requestedAt },
  { header: 'Decided by', value: (t) => t.decidedBy },
  { header: 'Decided at', value: (t) => t.decidedAt },
  { header: 'Note', value: (t) => t.decisionNote },
];

export const adminTransfersRouter = createRouter()
  .openapi(listRoute, async (c) => respond(c, await listTransfers(c.var.deps.db, c.req.valid('query'))))
  .openapi(exportRoute, async (c) =>
    csvResponse(
      c,
      `transfers-${kolkataDate(c.var.deps.now())}`,
      CSV_COLUMNS,
      exportTransfers(c.var.deps.db, c.req.valid('query')),
    ),
  )
  .openapi(staffRequestRoute, async (c) =>
    respond(c, await requestTransfer(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(decisionRoute, async (c) => {
    const deps = c.var.deps;
    const transfer = await decideTransfer(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'));
    deps.defer(() => tellTransferDecision(deps.db, deps.mailer, transfer, deps.siteUrl, deps.now()));
    return respond(c, transfer);
  });

const ownListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The member’s own transfer requests and what the national office decided',
  tags,
  access: rolesOnly(ROLE.member),
  data: z.array(TransferItemSchema),
  errors: [404],
});

const ownRequestRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'The member asks to move to another chapter; the national office decides',
  tags,
  access: rolesOnly(ROLE.member),
  request: { body: jsonBody(OwnTransferRequestBody) },
  data: TransferItemSchema,
  status: 201,
  errors: [404, 409],
});

function ownMemberId(c: AppContext): number {
  const memberId = caller(c).memberId;
  if (!memberId) throw notFound('Your account has no member record.');
  return memberId;
}

export const ownTransfersRouter = createRouter()
  .openapi(ownListRoute, async (c) => respond(c, await ownTransfers(c.var.deps.db, ownMemberId(c))))
  .openapi(ownRequestRoute, async (c) => {
    const input = { ...c.req.valid('json'), memberId: ownMemberId(c) };
    return respond(c, await requestTransfer(c.var.deps.db, actorOf(c), input), 201);
  });
