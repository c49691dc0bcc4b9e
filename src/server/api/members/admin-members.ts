import { z } from '@hono/zod-openapi';
import { kolkataDate, financialYearLabel } from '../../../lib/financial-year';
import { membershipClassLabel } from '../../../lib/membership-classes';
import { MEMBER_STATUS_LABELS } from '../../../lib/member-status';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import {
  AccountStateBody,
  ChangeRequestDecisionBody,
  ChangeRequestParams,
  MemberStaffViewSchema,
  NoteBody,
  OfficeRenewalBody,
  MemberPaymentSchema,
  RegisterFilterQuery,
  RegisterItemSchema,
  type RegisterItem,
  RegisterQuery,
  StaffMemberPatch,
} from '../../../lib/schemas/members';
import { requestPasswordReset } from '../../domains/identity/password-reset';
import { recordOfficeRenewal } from '../../domains/members/renewals/renewals';
import { payerTeller } from '../../domains/money/decision-mail';
import { exportRegister, listRegister } from '../../domains/members/register';
import {
  addMemberNote,
  decideChangeRequest,
  memberAccountEmail,
  memberStaffView,
  setMemberAccountActive,
  requireChangeRequest,
  requireInScope,
  staffUpdateMember,
  type Actor,
} from '../../domains/members/edit';
import { clientAddress, type AppContext } from '../context';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { conflict, tooMany } from '../../domains/errors';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** The staff's member register and edits (issue 10). Chapter admins act on their chapter's members only. */
const tags = ['Members (staff)'];
const MEMBER_STAFF = rolesOnly(ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin);

/** Before a body is read: the member exists and is the caller's (404 otherwise). */
const memberScope = (c: AppContext, { id }: { id: number }) => requireInScope(c.var.deps.db, caller(c), id);
const today = (c: AppContext) => kolkataDate(c.var.deps.now());
const actorOf = (c: AppContext): Actor => ({ user: caller(c), ip: clientAddress(c), now: c.var.deps.now() });

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The member register: search, filters, sorting, paging (a chapter admin: their chapter)',
  tags,
  access: MEMBER_STAFF,
  request: { query: RegisterQuery },
  data: pagedSchema(RegisterItemSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The filtered register as CSV, streamed: exactly the rows the list shows for the same query',
  tags,
  access: MEMBER_STAFF,
  request: { query: RegisterFilterQuery.strict() },
});

const patchRoute = apiRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Edits a member: details, class, chapter transfer (kept in the history); audited with before and after',
  tags,
  access: MEMBER_STAFF,
  request: { params: IdParam, body: jsonBody(StaffMemberPatch) },
  data: z.object({ changed: z.array(z.string()) }),
  errors: [404, 409],
  scope: memberScope,
});

const officeRenewalRoute = apiRoute({
  method: 'post',
  path: '/{id}/renewals',
  summary:
    'Records a renewal paid at the office in cash or by cheque, verified at once by the staff who took it: receipt number, paid-through year raised',
  tags,
  access: rolesOnly(ROLE.superAdmin, ROLE.admin),
  request: { params: IdParam, body: jsonBody(OfficeRenewalBody) },
  data: MemberPaymentSchema,
  status: 201,
  errors: [404, 409],
  scope: memberScope,
});

const staffViewRoute = apiRoute({
  method: 'get',
  path: '/{id}/staff-view',
  summary: 'Notes, chapter transfers, change requests and the account of a member',
  tags,
  access: MEMBER_STAFF,
  request: { params: IdParam },
  data: MemberStaffViewSchema,
  errors: [404],
});

const noteRoute = apiRoute({
  method: 'post',
  path: '/{id}/notes',
  summary: 'Adds a staff note to a member',
  tags,
  access: MEMBER_STAFF,
  request: { params: IdParam, body: jsonBody(NoteBody) },
  data: z.object({ id: z.number().int() }),
  status: 201,
  errors: [404],
  scope: memberScope,
});

const accountRoute = apiRoute({
  method: 'post',
  path: '/{id}/account',
  summary: "Disables or re-enables the member's account (disabling ends its sessions)",
  tags,
  access: MEMBER_STAFF,
  request: { params: IdParam, body: jsonBody(AccountStateBody) },
  data: z.object({ active: z.boolean() }),
  errors: [404],
  scope: memberScope,
});

const decideRequestRoute = apiRoute({
  method: 'post',
  path: '/{id}/change-requests/{requestId}',
  summary: "Closes a member's change request: done (after editing the record) or declined",
  tags,
  access: MEMBER_STAFF,
  request: {
    params: ChangeRequestParams,
    body: jsonBody(ChangeRequestDecisionBody),
  },
  data: z.object({ state: z.enum(['done', 'declined']) }),
  errors: [404, 409],
  scope: async (c, { id, requestId }) => {
    await memberScope(c, { id });
    await requireChangeRequest(c.var.deps.db, id, requestId);
  },
});

const resetRoute = apiRoute({
  method: 'post',
  path: '/{id}/password-reset',
  summary: 'E-mails the member a password-reset link',
  tags,
  access: MEMBER_STAFF,
  request: { params: IdParam },
  data: z.object({ sent: z.literal(true) }),
  errors: [404, 409, 429],
});

const CSV_COLUMNS: CsvColumn<RegisterItem>[] = [
  { header: 'Member number', value: (m) => m.memberNumber },
  { header: 'Name', value: (m) => m.name },
  { header: 'Class', value: (m) => membershipClassLabel(m.classCode) },
  { header: 'Chapter', value: (m) => m.chapterName },
  { header: 'Region', value: (m) => m.region },
  { header: 'Status', value: (m) => MEMBER_STATUS_LABELS[m.status] },
  { header: 'E-mail', value: (m) => m.email },
  { header: 'Phone', value: (m) => m.phone },
  { header: 'Organisation', value: (m) => m.organisation },
  { header: 'Admitted on', value: (m) => m.admittedOn },
  { header: 'Paid through', value: (m) => (m.paidThroughYear === null ? '' : financialYearLabel(m.paidThroughYear)) },
  { header: 'Transfer pending to', value: (m) => m.pendingTransferTo },
];

export const adminMembersRouter = createRouter()
  .openapi(listRoute, async (c) =>
    respond(c, await listRegister(c.var.deps.db, caller(c), c.req.valid('query'), today(c))),
  )
  .openapi(exportRoute, async (c) => {
    const rows = exportRegister(c.var.deps.db, caller(c), c.req.valid('query'), today(c));
    return csvResponse(c, `members-${today(c)}.csv`, CSV_COLUMNS, rows);
  })
  .openapi(patchRoute, async (c) => {
    const result = await staffUpdateMember(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'));
    return respond(c, result);
  })
  .openapi(officeRenewalRoute, async (c) => {
    const { db, mailer, siteUrl, defer } = c.var.deps;
    const payment = await recordOfficeRenewal(db, caller(c), c.req.valid('param').id, c.req.valid('json'), {
      now: c.var.deps.now(),
      ip: clientAddress(c),
    });
    // The member gets the receipt by e-mail, as for a renewal staff verify on the payments screen.
    const tell = payerTeller(db, mailer, siteUrl);
    defer(() => tell(payment.id));
    return respond(c, payment, 201);
  })
  .openapi(staffViewRoute, async (c) =>
    respond(c, await memberStaffView(c.var.deps.db, caller(c), c.req.valid('param').id)),
  )
  .openapi(noteRoute, async (c) => {
    const note = await addMemberNote(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').body);
    return respond(c, note, 201);
  })
  .openapi(accountRoute, async (c) => {
    const { id } = c.req.valid('param');
    return respond(c, await setMemberAccountActive(c.var.deps.db, actorOf(c), id, c.req.valid('json').active));
  })
  .openapi(decideRequestRoute, async (c) => {
    const { id, requestId } = c.req.valid('param');
    return respond(c, await decideChangeRequest(c.var.deps.db, actorOf(c), id, requestId, c.req.valid('json').state));
  })
  .openapi(resetRoute, async (c) => {
    const { db, siteUrl, mailer, defer, now } = c.var.deps;
    const actor = actorOf(c);
    const email = await memberAccountEmail(db, actor.user, c.req.valid('param').id);
    // Counted per staff user (not per office address) and, as always, per account.
    const result = await requestPasswordReset(db, { email, siteUrl, ip: `staff-${actor.user.id}` }, now());
    if (!result.ok) {
      throw tooMany(result.retryAfterSeconds, 'Too many reset e-mails sent lately. Try again later.');
    }
    if (!result.message) throw conflict('Reset e-mails for this account were sent recently. Try again later.');
    const message = result.message;
    defer(() => mailer.send(message));
    return respond(c, { sent: true as const });
  });
