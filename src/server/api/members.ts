import { ROLE } from '../../lib/roles';
import { MemberRecordSchema } from '../../lib/schemas/accounts';
import { IdParam } from '../../lib/schemas/common';
import { memberDetailFor, ownMemberDetail } from '../services/members';
import { notFound } from './errors';
import { apiRoute, caller, createRouter, respond, rolesOnly, SIGNED_IN } from './openapi';

const tags = ['Members'];

const ownRoute = apiRoute({
  method: 'get',
  path: '/me',
  summary: "The caller's own member record",
  tags,
  access: SIGNED_IN,
  data: MemberRecordSchema,
  errors: [404],
});

const byIdRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'A member record: a member only their own, a chapter admin only their chapter’s',
  tags,
  access: rolesOnly(ROLE.member, ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin),
  request: { params: IdParam },
  data: MemberRecordSchema,
  errors: [404],
});

export const membersRouter = createRouter()
  .openapi(ownRoute, async (c) => {
    const member = await ownMemberDetail(c.var.deps.db, caller(c));
    if (!member) throw notFound('You have no member record.');
    return respond(c, member);
  })
  .openapi(byIdRoute, async (c) => {
    const member = await memberDetailFor(c.var.deps.db, caller(c), c.req.valid('param').id);
    if (!member) throw notFound('No such member.');
    return respond(c, member);
  });
