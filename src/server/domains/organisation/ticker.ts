import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { kolkataDate } from '../../../lib/financial-year';
import type { PublicScrollMessage, ScrollMessage, ScrollMessageCreate } from '../../../lib/schemas/admin';
import { writeAudit } from '../audit/audit';

/**
 * The public ticker's messages (issue 11). A message is current on an Asia/Kolkata day when it is
 * active and the day lies between its start and end (both included); current messages show in
 * `position` order, then oldest first.
 */

type Row = {
  id: number;
  text: string;
  link: string | null;
  starts_on: string;
  ends_on: string;
  position: number;
  active: number;
};

const COLUMNS = ['id', 'text', 'link', 'starts_on', 'ends_on', 'position', 'active'] as const;

const isCurrent = (row: Row, today: string) => row.active === 1 && row.starts_on <= today && row.ends_on >= today;

function toMessage(row: Row, today: string): ScrollMessage {
  return {
    id: row.id,
    text: row.text,
    link: row.link,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    position: row.position,
    active: row.active === 1,
    current: isCurrent(row, today),
  };
}

export async function currentScrollMessages(db: DB, now: Date): Promise<PublicScrollMessage[]> {
  const today = kolkataDate(now);
  return db
    .selectFrom('scroll_messages')
    .select(['id', 'text', 'link'])
    .where('active', '=', 1)
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function listScrollMessages(db: DB, now: Date, paging: { page: number; pageSize: number }) {
  const today = kolkataDate(now);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('scroll_messages')
      .select(COLUMNS)
      .orderBy('active', 'desc')
      .orderBy('position')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    db
      .selectFrom('scroll_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toMessage(row, today)), total: Number(total.n), ...paging };
}

const snapshot = (row: Row) => ({
  text: row.text,
  link: row.link,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  position: row.position,
  active: row.active === 1,
});

interface Actor {
  id: number;
  ip: string;
}

export async function createScrollMessage(db: DB, input: ScrollMessageCreate, actor: Actor, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('scroll_messages')
      .values({
        text: input.text,
        link: input.link || null,
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        // Without a position the message goes last.
        position:
          input.position ??
          (await trx
            .selectFrom('scroll_messages')
            .select((eb) => eb.fn.coalesce(eb.fn.max('position'), eb.lit(-1)).as('p'))
            .executeTakeFirstOrThrow()
            .then((r) => Number(r.p) + 1)),
        active: input.active ? 1 : 0,
        created_at: nowIso(now),
        updated_at: nowIso(now),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'scroll_message.created',
      at: now,
      actorUserId: actor.id,
      entity: 'scroll_message',
      entityId: row.id,
      ip: actor.ip,
      detail: { before: null, after: snapshot(row) },
    });
    return toMessage(row, kolkataDate(now));
  });
}

export type ScrollUpdate = Partial<ScrollMessageCreate>;
export type ScrollChange = { ok: true; message: ScrollMessage } | { ok: false; reason: 'not_found' | 'dates' };

export async function updateScrollMessage(
  db: DB,
  id: number,
  changes: ScrollUpdate,
  actor: Actor,
  now: Date,
): Promise<ScrollChange> {
  return db.transaction().execute(async (trx): Promise<ScrollChange> => {
    const before = await trx.selectFrom('scroll_messages').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!before) return { ok: false, reason: 'not_found' };
    const startsOn = changes.startsOn ?? before.starts_on;
    const endsOn = changes.endsOn ?? before.ends_on;
    if (endsOn < startsOn) return { ok: false, reason: 'dates' };
    const row = await trx
      .updateTable('scroll_messages')
      .set({
        ...(changes.text !== undefined ? { text: changes.text } : {}),
        ...(changes.link !== undefined ? { link: changes.link || null } : {}),
        starts_on: startsOn,
        ends_on: endsOn,
        ...(changes.position !== undefined ? { position: changes.position } : {}),
        ...(changes.active !== undefined ? { active: changes.active ? 1 : 0 } : {}),
        updated_at: nowIso(now),
      })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'scroll_message.updated',
      at: now,
      actorUserId: actor.id,
      entity: 'scroll_message',
      entityId: id,
      ip: actor.ip,
      detail: { before: snapshot(before), after: snapshot(row) },
    });
    return { ok: true, message: toMessage(row, kolkataDate(now)) };
  });
}

export async function deleteScrollMessage(db: DB, id: number, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.deleteFrom('scroll_messages').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    if (!before) return false;
    await writeAudit(trx, {
      action: 'scroll_message.deleted',
      at: now,
      actorUserId: actor.id,
      entity: 'scroll_message',
      entityId: id,
      ip: actor.ip,
      detail: { before: snapshot(before), after: null },
    });
    return true;
  });
}
