import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import type { Database, MembersTable } from '../../platform/db/schema';
import type { Updateable } from 'kysely';
import type { MemberStaffView, StaffMemberPatch } from '../../../lib/schemas/members';
import type { z } from 'zod';
import { ROLE } from '../../../lib/roles';
import { conflict, forbidden, notFound, invalid } from '../errors';
import { TRANSFER_RULE } from '../../../lib/schemas/transfers';
import { writeAudit } from '../audit/audit';
import { memberInScope } from './record';

/**
 * What staff do to a member record: edit details, change the class, move the member to another
 * chapter (the transfer history keeps both), keep notes, disable or re-enable the account and send a
 * password-reset e-mail. Every change is one transaction with its audit entry (before and after).
 */

export type StaffPatch = z.output<typeof StaffMemberPatch>;

/** API field → column of `members`. */
export const MEMBER_COLUMNS = {
  title: 'title',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  state: 'state',
  pincode: 'pincode',
  qualification: 'qualification',
  organisation: 'organisation',
  designation: 'designation',
  experienceYears: 'experience_years',
  firstName: 'first_name',
  lastName: 'last_name',
  dateOfBirth: 'date_of_birth',
  classCode: 'membership_class',
  chapterId: 'chapter_id',
} as const satisfies Record<string, keyof MembersTable>;

type Field = keyof typeof MEMBER_COLUMNS;

export interface Actor {
  user: AuthUser;
  ip: string | null;
  now: Date;
}

/** 404 for a member who does not exist or is outside the viewer's scope (see `memberInScope`). */
export async function requireInScope(db: DB, viewer: AuthUser, memberId: number): Promise<void> {
  if (!(await memberInScope(db, viewer, memberId))) throw notFound('No such member.');
}

/**
 * Applies `patch` (fields left out stay as they are) and returns the changed fields' before and
 * after values. Used by the staff edit and the member's own edit, which passes only contact fields.
 */
export async function applyMemberPatch(
  trx: DB,
  memberId: number,
  patch: Partial<Record<Field, unknown>>,
  now: Date,
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  const current = await trx.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
  if (!current) throw notFound('No such member.');
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const update: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch) as [Field, unknown][]) {
    const column = MEMBER_COLUMNS[field];
    if (value === undefined || !column) continue;
    if (current[column] === value) continue;
    before[field] = current[column];
    after[field] = value;
    update[column] = value;
  }
  if (Object.keys(update).length === 0) return { before, after };
  if (after.email !== undefined) await moveAccountEmail(trx, memberId, String(after.email), now);
  await trx
    .updateTable('members')
    .set({ ...(update as Updateable<Database['members']>), updated_at: nowIso(now) })
    .where('id', '=', memberId)
    .execute();
  return { before, after };
}

/** The member's sign-in e-mail follows the record's (users.email is unique: another account's is a 409). */
async function moveAccountEmail(trx: DB, memberId: number, email: string, now: Date): Promise<void> {
  const account = await trx.selectFrom('users').select('id').where('member_id', '=', memberId).executeTakeFirst();
  if (!account) return;
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', account.id)
    .executeTakeFirst();
  if (taken) throw conflict('Another account already uses this e-mail address.', { email: 'Already in use.' });
  await trx
    .updateTable('users')
    .set({ email, updated_at: nowIso(now) })
    .where('id', '=', account.id)
    .execute();
}

export async function staffUpdateMember(db: DB, actor: Actor, memberId: number, patch: StaffPatch) {
  await requireInScope(db, actor.user, memberId);
  const { transferNote, ...fields } = patch;
  if (fields.chapterId !== undefined && actor.user.roleId === ROLE.chapterAdmin) {
    // Moving a member out takes the national office's agreement (issue 28): a transfer request.
    const current = await db.selectFrom('members').select('chapter_id').where('id', '=', memberId).executeTakeFirst();
    if (current?.chapter_id !== fields.chapterId) throw forbidden(TRANSFER_RULE);
  }
  if (fields.chapterId !== undefined) {
    const chapter = await db.selectFrom('chapters').select('id').where('id', '=', fields.chapterId).executeTakeFirst();
    if (!chapter) throw invalid({ chapterId: 'Choose a chapter.' });
  }
  return db.transaction().execute(async (trx) => {
    const { before, after } = await applyMemberPatch(trx, memberId, fields, actor.now);
    if (after.chapterId !== undefined) {
      await trx
        .insertInto('member_transfers')
        .values({
          member_id: memberId,
          from_chapter_id: Number(before.chapterId),
          to_chapter_id: Number(after.chapterId),
          note: transferNote || null,
          by_user_id: actor.user.id,
          at: nowIso(actor.now),
        })
        .execute();
    }
    if (Object.keys(after).length) {
      await writeAudit(trx, {
        action: 'member.updated',
        at: actor.now,
        actorUserId: actor.user.id,
        entity: 'member',
        entityId: memberId,
        ip: actor.ip,
        detail: { before, after, ...(transferNote ? { transferNote } : {}) },
      });
    }
    return { changed: Object.keys(after) };
  });
}

export async function addMemberNote(db: DB, actor: Actor, memberId: number, body: string) {
  await requireInScope(db, actor.user, memberId);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('member_notes')
      .values({ member_id: memberId, body, author_user_id: actor.user.id, created_at: nowIso(actor.now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'member.note_added',
      at: actor.now,
      actorUserId: actor.user.id,
      entity: 'member',
      entityId: memberId,
      ip: actor.ip,
      detail: { before: null, after: { noteId: row.id, body } },
    });
    return { id: row.id };
  });
}

/** Disabling bumps the token version too, so the member's sessions end at once. */
export async function setMemberAccountActive(db: DB, actor: Actor, memberId: number, active: boolean) {
  await requireInScope(db, actor.user, memberId);
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('users')
      .select(['id', 'active'])
      .where('member_id', '=', memberId)
      .where('role_id', '=', Number(ROLE.member))
      .executeTakeFirst();
    if (!account) throw notFound('This member has no account.');
    if (Boolean(account.active) !== active) {
      await trx
        .updateTable('users')
        .set((eb) => ({
          active: active ? 1 : 0,
          token_version: active ? eb.ref('token_version') : eb('token_version', '+', 1),
          updated_at: nowIso(actor.now),
        }))
        .where('id', '=', account.id)
        .execute();
      await writeAudit(trx, {
        action: active ? 'member.account_enabled' : 'member.account_disabled',
        at: actor.now,
        actorUserId: actor.user.id,
        entity: 'member',
        entityId: memberId,
        ip: actor.ip,
        detail: { before: { active: Boolean(account.active) }, after: { active } },
      });
    }
    return { active };
  });
}

/** 404 for a change request that is not this member's. */
export async function requireChangeRequest(db: DB, memberId: number, requestId: number): Promise<void> {
  const row = await db
    .selectFrom('member_change_requests')
    .select('id')
    .where('id', '=', requestId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw notFound('No such request.');
}

/** Staff close a member's change request (done after editing the record, or declined); once only. */
export async function decideChangeRequest(
  db: DB,
  actor: Actor,
  memberId: number,
  requestId: number,
  state: 'done' | 'declined',
) {
  await requireInScope(db, actor.user, memberId);
  return db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable('member_change_requests')
      .set({ state, decided_by: actor.user.id, decided_at: nowIso(actor.now) })
      .where('id', '=', requestId)
      .where('member_id', '=', memberId)
      .where('state', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!decided) {
      const exists = await trx
        .selectFrom('member_change_requests')
        .select('state')
        .where('id', '=', requestId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!exists) throw notFound('No such request.');
      throw conflict(`This request is already ${exists.state}.`);
    }
    await writeAudit(trx, {
      action: 'member.change_request_decided',
      at: actor.now,
      actorUserId: actor.user.id,
      entity: 'member',
      entityId: memberId,
      ip: actor.ip,
      detail: { requestId, before: { state: 'open' }, after: { state } },
    });
    return { state };
  });
}

export async function memberAccountEmail(db: DB, viewer: AuthUser, memberId: number): Promise<string> {
  await requireInScope(db, viewer, memberId);
  const account = await db
    .selectFrom('users')
    .select(['email', 'active'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!account) throw notFound('This member has no account.');
  if (!account.active) throw conflict('The account is disabled: enable it before sending a reset e-mail.');
  return account.email;
}

/** Notes, transfers, open change requests and the account, for the staff's view of a record. */
export async function memberStaffView(db: DB, viewer: AuthUser, memberId: number): Promise<MemberStaffView> {
  await requireInScope(db, viewer, memberId);
  const [notes, transfers, requests, account] = await Promise.all([
    db
      .selectFrom('member_notes as n')
      .leftJoin('users as u', 'u.id', 'n.author_user_id')
      .select(['n.id', 'n.body', 'u.name as author', 'n.created_at'])
      .where('n.member_id', '=', memberId)
      .orderBy('n.id', 'desc')
      .execute(),
    db
      .selectFrom('member_transfers as t')
      .innerJoin('chapters as f', 'f.id', 't.from_chapter_id')
      .innerJoin('chapters as c', 'c.id', 't.to_chapter_id')
      .leftJoin('users as u', 'u.id', 't.by_user_id')
      .select(['t.id', 'f.name as from_name', 'c.name as to_name', 't.note', 'u.name as by', 't.at'])
      .where('t.member_id', '=', memberId)
      .orderBy('t.id', 'desc')
      .execute(),
    db
      .selectFrom('member_change_requests')
      .select(['id', 'changes', 'reason', 'state', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    db.selectFrom('users').select(['id', 'email', 'active']).where('member_id', '=', memberId).executeTakeFirst(),
  ]);
  return {
    notes: notes.map((n) => ({ id: n.id, body: n.body, author: n.author, createdAt: n.created_at })),
    transfers: transfers.map((t) => ({
      id: t.id,
      from: t.from_name,
      to: t.to_name,
      note: t.note,
      by: t.by,
      at: t.at,
    })),
    changeRequests: requests.map((r) => ({
      id: r.id,
      changes: JSON.parse(r.changes) as Record<string, unknown>,
      reason: r.reason,
      state: r.state,
      createdAt: r.created_at,
    })),
    account: account ? { userId: account.id, email: account.email, active: Boolean(account.active) } : null,
  };
}
