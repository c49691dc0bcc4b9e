import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { containsText, inBatches } from '../../platform/db/export-rows';
import { ROLE } from '../../../lib/roles';
import type { Paged } from '../../../lib/envelope';
import type { TransferFilter, TransferItem } from '../../../lib/schemas/transfers';
import { conflict, invalid, notFound } from '../errors';
import { writeAudit } from '../audit/audit';
import { isUniqueViolation } from '../../platform/db/errors';
import type { Actor } from './edit';
import { requireInScope } from './edit';

/**
 * Chapter transfers agreed by the national office (issue 28, item 4). A member asks for themself, or
 * staff (a chapter admin for their chapter's members) record the request; roles 2 and 5 approve or
 * refuse. Approval moves the member, writes the transfer history and its audit entry in one
 * transaction, and only if the member is still in the chapter the request was made from.
 */

export const ALREADY_PENDING = 'A transfer request for this member is already waiting for the national office.';

export async function requestTransfer(
  db: DB,
  actor: Actor,
  input: { memberId: number; toChapterId: number; reason?: string },
): Promise<TransferItem> {
  const { user } = actor;
  if (user.roleId === ROLE.member) {
    if (user.memberId !== input.memberId) throw notFound('No such member.');
  } else {
    await requireInScope(db, user, input.memberId);
  }
  const member = await db
    .selectFrom('members')
    .select(['chapter_id'])
    .where('id', '=', input.memberId)
    .executeTakeFirstOrThrow();
  const chapter = await db.selectFrom('chapters').select('id').where('id', '=', input.toChapterId).executeTakeFirst();
  if (!chapter) throw invalid({ toChapterId: 'Choose a chapter.' });
  if (chapter.id === member.chapter_id) throw invalid({ toChapterId: 'The member is already in this chapter.' });
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('transfer_requests')
        .values({
          member_id: input.memberId,
          from_chapter_id: member.chapter_id,
          to_chapter_id: chapter.id,
          reason: input.reason || null,
          requested_by: user.id,
          requested_at: nowIso(actor.now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        action: 'member.transfer_requested',
        at: actor.now,
        actorUserId: user.id,
        entity: 'member',
        entityId: input.memberId,
        ip: actor.ip,
        detail: { requestId: row.id, from: member.chapter_id, to: chapter.id },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_PENDING, { toChapterId: ALREADY_PENDING });
    throw error;
  }
  return (await transferById(db, id))!;
}

function itemsQuery(db: DB) {
  return db
    .selectFrom('transfer_requests as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .innerJoin('chapters as f', 'f.id', 't.from_chapter_id')
    .innerJoin('chapters as c', 'c.id', 't.to_chapter_id')
    .leftJoin('users as r', 'r.id', 't.requested_by')
    .leftJoin('users as d', 'd.id', 't.decided_by')
    .select([
      't.id',
      't.member_id',
      'm.member_number',
      'm.first_name',
      'm.last_name',
      't.from_chapter_id',
      'f.name as from_name',
      't.to_chapter_id',
      'c.name as to_name',
      't.reason',
      't.state',
      'r.name as requested_by_name',
      't.requested_at',
      'd.name as decided_by_name',
      't.decided_at',
      't.decision_note',
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['execute']>>[number];

function toItem(row: ItemRow): TransferItem {
  return {
    id: row.id,
    memberId: row.member_id,
    memberNumber: row.member_number,
    memberName: `${row.first_name} ${row.last_name}`,
    fromChapter: { id: row.from_chapter_id, name: row.from_name },
    toChapter: { id: row.to_chapter_id, name: row.to_name },
    reason: row.reason,
    state: row.state,
    requestedBy: row.requested_by_name,
    requestedAt: row.requested_at,
    decidedBy: row.decided_by_name,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
  };
}

export async function transferById(db: DB, id: number): Promise<TransferItem | undefined> {
  const row = await itemsQuery(db).where('t.id', '=', id).executeTakeFirst();
  return row && toItem(row);
}

/** 404 for a transfer request that does not exist (route scope, before the body is read). */
export async function requireTransfer(db: DB, id: number): Promise<void> {
  if (!(await db.selectFrom('transfer_requests').select('id').where('id', '=', id).executeTakeFirst())) {
    throw notFound('No such transfer request.');
  }
}

function filtered(db: DB, filter: TransferFilter) {
  let query = itemsQuery(db);
  if (filter.state) query = query.where('t.state', '=', filter.state);
  const chapterId = filter.chapterId;
  if (chapterId !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('t.from_chapter_id', '=', chapterId), eb('t.to_chapter_id', '=', chapterId)]),
    );
  }
  const q = filter.q?.trim();
  if (q) {
    query = query.where((eb) =>
      eb.or([
        containsText(sql<string>`m.first_name || ' ' || m.last_name`, q),
        containsText(sql.ref('m.member_number'), q),
      ]),
    );
  }
  return query;
}

export async function listTransfers(
  db: DB,
  query: TransferFilter & { page: number; pageSize: number },
): Promise<Paged<TransferItem>> {
  const base = filtered(db, query);
  const { field, direction } = query.sort;
  const ordered =
    field === 'memberName'
      ? base.orderBy('m.last_name', direction).orderBy('m.first_name', direction)
      : base.orderBy('t.requested_at', direction);
  const [rows, total] = await Promise.all([
    ordered
      .orderBy('t.id', direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), total: Number(total.count), page: query.page, pageSize: query.pageSize };
}

export function exportTransfers(db: DB, filter: TransferFilter): AsyncGenerator<TransferItem> {
  return inBatches<TransferItem>(async ({ last, size }) => {
    const rows = await filtered(db, filter)
      .where('t.id', '>', last?.id ?? 0)
      .orderBy('t.id')
      .limit(size)
      .execute();
    return rows.map(toItem);
  });
}

/** The member's own requests, newest first (the portal shows them). */
export async function ownTransfers(db: DB, memberId: number): Promise<TransferItem[]> {
  const rows = await itemsQuery(db).where('t.member_id', '=', memberId).orderBy('t.id', 'desc').limit(20).execute();
  return rows.map(toItem);
}

/**
 * The national office's decision, once. Approval moves the member only if they are still in the
 * chapter the request was made from (a move since then is a 409, and nothing changes).
 */
export async function decideTransfer(
  db: DB,
  actor: Actor,
  id: number,
  decision: { decision: 'approve' | 'refuse'; note?: string },
): Promise<TransferItem> {
  const state = decision.decision === 'approve' ? 'approved' : 'refused';
  await db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable('transfer_requests')
      .set({ state, decided_by: actor.user.id, decided_at: nowIso(actor.now), decision_note: decision.note || null })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .returning(['member_id', 'from_chapter_id', 'to_chapter_id', 'reason'])
      .executeTakeFirst();
    if (!decided) {
      const row = await trx.selectFrom('transfer_requests').select('state').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('No such transfer request.');
      throw conflict(`This transfer request is already ${row.state}.`);
    }
    if (state === 'approved') {
      const moved = await trx
        .updateTable('members')
        .set({ chapter_id: decided.to_chapter_id, updated_at: nowIso(actor.now) })
        .where('id', '=', decided.member_id)
        .where('chapter_id', '=', decided.from_chapter_id)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        throw conflict('The member is no longer in the chapter this request was made from: refuse it instead.');
      }
      await trx
        .insertInto('member_transfers')
        .values({
          member_id: decided.member_id,
          from_chapter_id: decided.from_chapter_id,
          to_chapter_id: decided.to_chapter_id,
          note: decision.note || decided.reason || null,
          by_user_id: actor.user.id,
          at: nowIso(actor.now),
        })
        .execute();
    }
    await writeAudit(trx, {
      action: state === 'approved' ? 'member.transfer_approved' : 'member.transfer_refused',
      at: actor.now,
      actorUserId: actor.user.id,
      entity: 'member',
      entityId: decided.member_id,
      ip: actor.ip,
      detail: {
        requestId: id,
        before: { chapterId: decided.from_chapter_id },
        after: { chapterId: state === 'approved' ? decided.to_chapter_id : decided.from_chapter_id },
      },
    });
  });
  return (await transferById(db, id))!;
}
