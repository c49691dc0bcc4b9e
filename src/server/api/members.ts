import { Hono } from 'hono';
import { requireRole, requireUser } from '../auth/authorize';
import { memberDetailFor, ownMemberDetail } from '../services/members';
import { ROLE } from '../../lib/roles';
import type { AppEnv } from './context';
import { notFound } from './errors';

const NO_MEMBER = 'No such member.';

/** A positive integer id from the path, or undefined (answered as 404 like any unknown record). */
export function idParam(value: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

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
