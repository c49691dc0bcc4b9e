import type { Selectable } from 'kysely';
import type { DB } from '../../platform/db';
import type { PrivacyRequestsTable } from '../../platform/db/schema-privacy';
import { nowIso } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStore } from '../../platform/storage/store';
import { writeAudit } from '../audit/audit';
import { conflict, notFound } from '../errors';
import type { PrivacyRequestKind, PrivacyRequestState } from '../../../lib/schemas/privacy';
import { deadlineState, grievanceDueAt, grievanceReminderDue, type DeadlineState } from './deadlines';
import { erasePerson } from './erasure';
import { gatherPersonKeys, type PersonSeed } from './person';
import { readPrivacySettings } from './settings';

/**
 * Requests a person makes about their data (correction, erasure, grievance, a nominee's claim) and
 * the staff desk's handling of them. Every request is answered within 90 days (DPDP Rules, rule
 * 14(3)): the deadline is fixed on receipt, the desk is reminded at 60 and 80 days, and each step
 * is kept in the request's history and the audit log.
 */

export interface RequestHolder extends PersonSeed {
  email: string;
}

export interface RequestView {
  id: number;
  kind: PrivacyRequestKind;
  state: PrivacyRequestState;
  email: string;
  details: string;
  receivedAt: string;
  deadline: DeadlineState;
  closedAt: string | null;
  answer: string | null;
  history: { at: string; action: string; note: string | null }[];
}

export async function createRequest(
  db: DB,
  holder: RequestHolder,
  body: { kind: PrivacyRequestKind; details: string },
  context: { now: Date; ip: string | null; actorUserId: number | null },
): Promise<{ id: number; dueAt: string }> {
  const receivedAt = nowIso(context.now);
  const dueAt = grievanceDueAt(receivedAt);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('privacy_requests')
      .values({
        kind: body.kind,
        email: holder.email.trim().toLowerCase(),
        user_id: holder.userId ?? null,
        member_id: holder.memberId ?? null,
        application_id: holder.applicationId ?? null,
        order_id: holder.orderId ?? null,
        details: body.details,
        received_at: receivedAt,
        due_at: dueAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('privacy_request_events')
      .values({
        request_id: row.id,
        at: receivedAt,
        actor_user_id: context.actorUserId,
        action: 'received',
        note: null,
      })
      .execute();
    await writeAudit(trx, {
      action: 'privacy.request_received',
      at: context.now,
      actorUserId: context.actorUserId,
      entity: 'privacy_request',
      entityId: row.id,
      ip: context.ip,
      detail: { kind: body.kind },
    });
    return { id: row.id, dueAt };
  });
}

async function viewsOf(db: DB, rows: Selectable<PrivacyRequestsTable>[], now: Date): Promise<RequestView[]> {
  if (!rows.length) return [];
  const events = await db
    .selectFrom('privacy_request_events')
    .select(['request_id', 'at', 'action', 'note'])
    .where(
      'request_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.state,
    email: row.email,
    details: row.details,
    receivedAt: row.received_at,
    deadline: deadlineState(row.due_at, now),
    closedAt: row.closed_at,
    answer: row.answer,
    history: events.filter((e) => e.request_id === row.id).map(({ at, action, note }) => ({ at, action, note })),
  }));
}

/**
 * The person's own requests: by account, or by the e-mail of the application or order they came
 * from; a status link's holder sees those made through that application or order.
 */
export async function ownRequests(
  db: DB,
  holder: { userId?: number; emails: string[]; applicationId?: number; orderId?: number },
  now: Date,
) {
  const rows = await db
    .selectFrom('privacy_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(holder.userId !== undefined ? [eb('user_id', '=', holder.userId)] : []),
        ...(holder.emails.length ? [eb('email', 'in', holder.emails)] : []),
        ...(holder.applicationId !== undefined ? [eb('application_id', '=', holder.applicationId)] : []),
        ...(holder.orderId !== undefined ? [eb('order_id', '=', holder.orderId)] : []),
      ]),
    )
    .orderBy('received_at', 'desc')
    .execute();
  return viewsOf(db, rows, now);
}

/** The desk's queue, nearest deadline first, one page at a time. */
export async function requestQueue(
  db: DB,
  filter: { kind?: PrivacyRequestKind; state?: PrivacyRequestState; page: number; pageSize: number },
  now: Date,
): Promise<{ items: RequestView[]; total: number }> {
  let query = db.selectFrom('privacy_requests');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.state) query = query.where('state', '=', filter.state);
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await query
    .selectAll()
    .orderBy('due_at')
    .orderBy('id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { items: await viewsOf(db, rows, now), total };
}

export type DeskAction = 'approve' | 'reject' | 'answer' | 'note';

const CLOSING: Record<Exclude<DeskAction, 'note'>, PrivacyRequestState> = {
  approve: 'approved',
  reject: 'rejected',
  answer: 'answered',
};

/**
 * A staff action on a request. Approving an erasure erases at once (after the transaction that
 * closes the request, so a failure of the erasure leaves the request open to try again). Only an
 * open request can be closed; a second approval of the same request is refused.
 */
export async function actOnRequest(
  db: DB,
  deps: { store: FileStore; outboxDir?: string },
  id: number,
  action: DeskAction,
  note: string,
  context: { now: Date; actorUserId: number; ip: string | null },
): Promise<void> {
  const request = await db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!request) throw notFound('No such request.');
  const at = nowIso(context.now);
  if (action !== 'note' && request.state !== 'open') throw conflict('This request is already closed.');
  if (action === 'approve' && request.kind === 'erasure') {
    const keys = await gatherPersonKeys(db, {
      userId: request.user_id ?? undefined,
      memberId: request.member_id ?? undefined,
      applicationId: request.application_id ?? undefined,
      orderId: request.order_id ?? undefined,
    });
    await erasePerson(db, deps.store, keys, {
      now: context.now,
      actorUserId: context.actorUserId,
      reason: `request ${id}`,
      outboxDir: deps.outboxDir,
    });
  }
  await db.transaction().execute(async (trx) => {
    if (action !== 'note') {
      const closed = await trx
        .updateTable('privacy_requests')
        .set({
          state: CLOSING[action],
          closed_at: at,
          closed_by: context.actorUserId,
          answer: note || null,
          // The erased person's request keeps only what proves it was done.
          ...(action === 'approve' && request.kind === 'erasure'
            ? { details: '[erased]', email: `erased-request-${id}@erased.invalid` }
            : {}),
        })
        .where('id', '=', id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) throw conflict('This request is already closed.');
    }
    await trx
      .insertInto('privacy_request_events')
      .values({
        request_id: id,
        at,
        actor_user_id: context.actorUserId,
        action: action === 'note' ? 'note' : CLOSING[action],
        note: note || null,
      })
      .execute();
    await writeAudit(trx, {
      action: action === 'answer' ? 'privacy.request_answered' : 'privacy.request_decided',
      at: context.now,
      actorUserId: context.actorUserId,
      entity: 'privacy_request',
      entityId: id,
      ip: context.ip,
      detail: { action, kind: request.kind },
    });
  });
}

/**
 * The daily reminder of open requests at 60 and 80 days. Each reminder is claimed by a keyed
 * insert (a unique index on request and reminder), so several servers send it once between them.
 * The reminder goes to the grievance officer when one is named.
 */
export async function remindOpenRequests(db: DB, mailer: Mailer, now: Date): Promise<number> {
  const open = await db
    .selectFrom('privacy_requests')
    .select(['id', 'kind', 'received_at', 'due_at'])
    .where('state', '=', 'open')
    .execute();
  const { officer } = await readPrivacySettings(db);
  let sent = 0;
  for (const request of open) {
    const done = await db
      .selectFrom('privacy_request_events')
      .select('action')
      .where('request_id', '=', request.id)
      .where('action', 'like', 'reminder_%')
      .execute();
    const day = grievanceReminderDue(
      request.received_at,
      now,
      done.map((d) => Number(d.action.slice('reminder_'.length))),
    );
    if (!day) continue;
    const claimed = await db
      .insertInto('privacy_request_events')
      .values({ request_id: request.id, at: nowIso(now), actor_user_id: null, action: `reminder_${day}`, note: null })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    sent++;
    if (officer)
      await mailer.send({
        to: officer.email,
        subject: `Privacy request ${request.id}: ${day} days open`,
        text: `The ${request.kind} request ${request.id} was received ${day} days ago and must be answered by ${request.due_at.slice(0, 10)}.`,
      });
  }
  return sent;
}
