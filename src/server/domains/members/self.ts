import type { z } from 'zod';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import type { ChangeRequestBody, OwnChangeRequest, SelfMemberPatch } from '../../../lib/schemas/members';
import { notFound } from '../errors';
import { writeAudit } from '../audit/audit';
import { applyMemberPatch } from './edit';

/**
 * A member's own edits: contact and professional details directly (the route's schema admits no
 * other field), and a request to staff for what only staff change (name, date of birth, class,
 * chapter). The member id is always the caller's own, never one the browser sends.
 */

function ownMemberId(viewer: AuthUser): number {
  if (viewer.memberId === null) throw notFound('You have no member record.');
  return viewer.memberId;
}

export async function updateOwnDetails(
  db: DB,
  viewer: AuthUser,
  patch: z.output<typeof SelfMemberPatch>,
  context: { now: Date; ip: string | null },
) {
  const memberId = ownMemberId(viewer);
  return db.transaction().execute(async (trx) => {
    const { before, after } = await applyMemberPatch(trx, memberId, patch, context.now);
    if (Object.keys(after).length) {
      await writeAudit(trx, {
        action: 'member.self_updated',
        at: context.now,
        actorUserId: viewer.id,
        entity: 'member',
        entityId: memberId,
        ip: context.ip,
        detail: { before, after },
      });
    }
    return { changed: Object.keys(after) };
  });
}

export async function requestChange(
  db: DB,
  viewer: AuthUser,
  body: z.output<typeof ChangeRequestBody>,
  context: { now: Date; ip: string | null },
) {
  const memberId = ownMemberId(viewer);
  const changes = Object.fromEntries(Object.entries(body.changes).filter(([, v]) => v !== undefined));
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('member_change_requests')
      .values({
        member_id: memberId,
        changes: JSON.stringify(changes),
        reason: body.reason || null,
        created_at: nowIso(context.now),
        decided_by: null,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'member.change_requested',
      at: context.now,
      actorUserId: viewer.id,
      entity: 'member',
      entityId: memberId,
      ip: context.ip,
      detail: { requestId: row.id, changes },
    });
    return { id: row.id };
  });
}

/** The member's own change requests, newest first, with what staff decided and when. */
export async function ownChangeRequests(db: DB, viewer: AuthUser): Promise<OwnChangeRequest[]> {
  const memberId = ownMemberId(viewer);
  const rows = await db
    .selectFrom('member_change_requests')
    .select(['id', 'changes', 'reason', 'state', 'created_at', 'decided_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    changes: JSON.parse(r.changes) as Record<string, unknown>,
    reason: r.reason,
    state: r.state,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  }));
}
