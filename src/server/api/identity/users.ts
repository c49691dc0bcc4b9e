import { z } from '@hono/zod-openapi';
import { ROLE, ROLE_LABELS } from '../../../lib/roles';
import {
  AdminUserSchema,
  UserExportQuery,
  UserInviteInput,
  UserListQuery,
  UserUpdateInput,
  type AdminUser,
} from '../../../lib/schemas/admin';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import { allUsers, inviteUser, listUsers, updateUser, type StaffFailure } from '../../domains/identity/staff-users';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { clientAddress, type AppContext } from '../context';
import { conflict, notFound, invalid } from '../../domains/errors';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** Staff accounts (issue 11): the super admin only (docs/architecture.md, "Roles"). */
const tags = ['Users (staff)'];
const access = rolesOnly(ROLE.superAdmin);

function optionsOf(query: z.infer<typeof UserExportQuery>) {
  return {
    q: query.q,
    roleId: query.roleId,
    chapterId: query.chapterId,
    active: query.active === undefined ? undefined : query.active === 'true',
    sort: query.sort,
  };
}

const CSV_COLUMNS: CsvColumn<AdminUser>[] = [
  { header: 'Name', value: (u) => u.name },
  { header: 'E-mail', value: (u) => u.email },
  { header: 'Role', value: (u) => ROLE_LABELS[u.roleId] },
  { header: 'Chapter', value: (u) => u.chapter?.code },
  { header: 'Active', value: (u) => u.active },
  { header: 'Last sign-in', value: (u) => u.lastLoginAt },
  { header: 'Created', value: (u) => u.createdAt },
];

function refuse(failure: StaffFailure): never {
  if (failure.kind === 'not_found') throw notFound(failure.message);
  if (failure.kind === 'invalid') throw invalid({ [failure.field ?? 'roleId']: failure.message });
  throw conflict(failure.message, failure.field ? { [failure.field]: failure.message } : undefined);
}

const context = (c: AppContext) => ({
  actorId: caller(c).id,
  ip: clientAddress(c),
  siteUrl: c.var.deps.siteUrl,
  now: c.var.deps.now(),
});

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every account with role, chapter and last sign-in; searchable by name or e-mail',
  tags,
  access,
  request: { query: UserListQuery },
  data: pagedSchema(AdminUserSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'The accounts the list shows, as CSV',
  tags,
  access,
  request: { query: UserExportQuery },
});

const inviteRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Invites a staff member (roles 2 to 5), who is e-mailed a link to set a password',
  tags,
  access,
  request: { body: jsonBody(UserInviteInput) },
  data: AdminUserSchema,
  status: 201,
  errors: [409],
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Changes role or chapter, disables or enables (sessions end at once), or e-mails a reset link',
  description:
    'Nobody disables or demotes themself; the last active super admin is never disabled or demoted (409). ' +
    'Member accounts (role 1) are managed from the member record.',
  tags,
  access,
  request: { params: IdParam, body: jsonBody(UserUpdateInput) },
  data: AdminUserSchema,
  errors: [404, 409],
});

export const adminUsersRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    return respond(
      c,
      await listUsers(c.var.deps.db, { ...optionsOf(query), page: query.page, pageSize: query.pageSize }),
    );
  })
  .openapi(exportRoute, async (c) =>
    csvResponse(c, 'accounts', CSV_COLUMNS, allUsers(c.var.deps.db, optionsOf(c.req.valid('query')))),
  )
  .openapi(inviteRoute, async (c) => {
    const result = await inviteUser(c.var.deps.db, c.req.valid('json'), context(c));
    if (!result.ok) refuse(result);
    const { mailer } = c.var.deps;
    await mailer.send(result.mail);
    return respond(c, result.user, 201);
  })
  .openapi(updateRoute, async (c) => {
    const result = await updateUser(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'), context(c));
    if (!result.ok) refuse(result);
    if (result.mail) await c.var.deps.mailer.send(result.mail);
    return respond(c, result.user);
  });
