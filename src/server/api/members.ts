import { Hono } from 'hono';
import { requireRole, requireUser } from '../auth/authorize';
import { memberDetailFor, ownMemberDetail } from '../services/members';
import { ROLE } from '../../lib/roles';
import type { AppEnv } from './context';
import { notFound } from './errors';
import { idParam } from './validation';

const NO_MEMBER = 'No such member.';

export const membersRouter = new Hono<AppEnv>()
  .get('/me', async (c) => {
    const user = await requireUser(c);
    const member = await ownMemberDetail(c.var.deps.db, user);
    if (!member) throw notFound('You have no member record.');
    return c.json({ success: true as const, data: member });
  })
  .get('/:id', async (c) => {
    const user = await requireRole(c, ROLE.member, ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin);
    const id = idParam(c.req.param('id'));
    const member = id === undefined ? undefined : await memberDetailFor(c.var.deps.db, user, id);
    if (!member) throw notFound(NO_MEMBER);
    return c.json({ success: true as const, data: member });
  });
