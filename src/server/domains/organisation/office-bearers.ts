import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { OfficeBearer } from '../../../lib/schemas/admin';
import { writeAudit } from '../audit/audit';

/**
 * A chapter's office bearers by term. A term is current on a day when it has started and has not
 * ended (`term_to` null: open-ended); days are Asia/Kolkata calendar days written YYYY-MM-DD.
 */

type BearerRow = {
  id: number;
  chapter_id: number;
  name: string;
  position: string;
  term_from: string;
  term_to: string | null;
  photo_key: string | null;
};

export const isCurrentTerm = (row: { term_from: string; term_to: string | null }, on: string) =>
  row.term_from <= on && (row.term_to === null || row.term_to >= on);

export function bearerPhotoUrl(row: { id: number; chapter_id: number; photo_key: string | null }): string | null {
  return row.photo_key
    ? `/api/chapters/${row.chapter_id}/office-bearers/${row.id}/photo?v=${row.photo_key.slice(0, 8)}`
    : null;
}

export function toOfficeBearer(row: BearerRow, on: string): OfficeBearer {
  return {
    id: row.id,
    chapterId: row.chapter_id,
    name: row.name,
    position: row.position,
    termFrom: row.term_from,
    termTo: row.term_to,
    photoUrl: bearerPhotoUrl(row),
    current: isCurrentTerm(row, on),
  };
}

const BEARER_COLUMNS = ['id', 'chapter_id', 'name', 'position', 'term_from', 'term_to', 'photo_key'] as const;

/** Every term of a chapter, current ones first, then the latest past terms. */
export async function bearersOfChapter(db: DB, chapterId: number, on: string): Promise<OfficeBearer[]> {
  const rows = await db
    .selectFrom('office_bearers')
    .select(BEARER_COLUMNS)
    .where('chapter_id', '=', chapterId)
    .orderBy('term_from', 'desc')
    .orderBy('id')
    .execute();
  const bearers = rows.map((row) => toOfficeBearer(row, on));
  return [...bearers.filter((b) => b.current), ...bearers.filter((b) => !b.current)];
}

/** The office bearers whose term covers `on` (YYYY-MM-DD), in the order their terms began. */
export async function currentBearersOf(db: DB, chapterId: number, on: string): Promise<OfficeBearer[]> {
  const rows = await db
    .selectFrom('office_bearers')
    .select(BEARER_COLUMNS)
    .where('chapter_id', '=', chapterId)
    .where('term_from', '<=', on)
    .where((eb) => eb.or([eb('term_to', 'is', null), eb('term_to', '>=', on)]))
    .orderBy('term_from')
    .orderBy('id')
    .execute();
  return rows.map((row) => toOfficeBearer(row, on));
}

interface Actor {
  id: number;
  ip: string;
}

export interface BearerFields {
  name?: string;
  position?: string;
  termFrom?: string;
  termTo?: string | null;
}

const snapshot = (row: BearerRow) => ({
  name: row.name,
  position: row.position,
  termFrom: row.term_from,
  termTo: row.term_to,
  photo: Boolean(row.photo_key),
});

export async function addBearer(
  db: DB,
  chapterId: number,
  input: Required<Omit<BearerFields, 'termTo'>> & { termTo?: string | null },
  actor: Actor,
  now: Date,
): Promise<BearerRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('office_bearers')
      .values({
        chapter_id: chapterId,
        name: input.name,
        position: input.position,
        term_from: input.termFrom,
        term_to: input.termTo ?? null,
        photo_key: null,
        photo_type: null,
        created_at: nowIso(now),
        updated_at: nowIso(now),
      })
      .returning(BEARER_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'office_bearer.created',
      at: now,
      actorUserId: actor.id,
      entity: 'office_bearer',
      entityId: row.id,
      ip: actor.ip,
      detail: { chapterId, before: null, after: snapshot(row) },
    });
    return row;
  });
}

export type BearerChange =
  { ok: true; row: BearerRow } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'dates' };

/** Changes a bearer of `chapterId` (a bearer of another chapter is not found). */
export async function updateBearer(
  db: DB,
  chapterId: number,
  bearerId: number,
  changes: BearerFields & { photo?: { key: string; type: string } },
  actor: Actor,
  now: Date,
): Promise<BearerChange> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('office_bearers')
      .select(BEARER_COLUMNS)
      .where('id', '=', bearerId)
      .where('chapter_id', '=', chapterId)
      .executeTakeFirst();
    if (!before) return { ok: false as const, reason: 'not_found' as const };
    const termFrom = changes.termFrom ?? before.term_from;
    const termTo = changes.termTo === undefined ? before.term_to : changes.termTo;
    if (termTo !== null && termTo < termFrom) return { ok: false as const, reason: 'dates' as const };
    const row = await trx
      .updateTable('office_bearers')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.position !== undefined ? { position: changes.position } : {}),
        term_from: termFrom,
        term_to: termTo,
        ...(changes.photo ? { photo_key: changes.photo.key, photo_type: changes.photo.type } : {}),
        updated_at: nowIso(now),
      })
      .where('id', '=', bearerId)
      .returning(BEARER_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'office_bearer.updated',
      at: now,
      actorUserId: actor.id,
      entity: 'office_bearer',
      entityId: bearerId,
      ip: actor.ip,
      detail: { chapterId, before: snapshot(before), after: snapshot(row) },
    });
    return { ok: true as const, row };
  });
}

/** Removes a bearer entered by mistake (a past term stays as history: end it instead). */
export async function deleteBearer(
  db: DB,
  chapterId: number,
  bearerId: number,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .deleteFrom('office_bearers')
      .where('id', '=', bearerId)
      .where('chapter_id', '=', chapterId)
      .returning(BEARER_COLUMNS)
      .executeTakeFirst();
    if (!before) return false;
    await writeAudit(trx, {
      action: 'office_bearer.deleted',
      at: now,
      actorUserId: actor.id,
      entity: 'office_bearer',
      entityId: bearerId,
      ip: actor.ip,
      detail: { chapterId, before: snapshot(before), after: null },
    });
    return true;
  });
}

/** The stored photo of a bearer (for the photo route). */
export async function bearerPhoto(db: DB, chapterId: number, bearerId: number) {
  return db
    .selectFrom('office_bearers')
    .select(['photo_key', 'photo_type', 'name'])
    .where('id', '=', bearerId)
    .where('chapter_id', '=', chapterId)
    .where('photo_key', 'is not', null)
    .executeTakeFirst();
}
