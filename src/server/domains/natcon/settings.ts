import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { AwardCategory, AwardCategoryBody, AwardCategoryPatch } from '../../../lib/schemas/natcon';
import { conflict, notFound, invalid } from '../errors';
import { writeAudit } from '../audit/audit';
import type { AuthUser } from '../identity/auth-user';
import { awardCategory, categoryNameTaken, requireEdition } from './editions';

/**
 * The rest of the super admin's settings: award categories (added, changed, removed) and the
 * removal of a delegate category nobody registered in. Every change is in the audit log.
 */

export async function createAwardCategory(
  db: DB,
  actor: AuthUser,
  editionId: number,
  body: AwardCategoryBody,
  now: Date,
): Promise<AwardCategory> {
  await requireEdition(db, editionId);
  if (await categoryNameTaken(db, 'natcon_award_categories', editionId, body.name)) {
    throw invalid({ name: 'This edition already has an award with this name.' });
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('natcon_award_categories')
      .values({
        edition_id: editionId,
        name: body.name,
        criteria: body.criteria,
        nominee_kind: body.nomineeKind,
        created_at: nowIso(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'natcon.award_created',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_award_category',
      entityId: row.id,
      detail: { editionId, name: row.name },
    });
    return awardCategory(row);
  });
}

export async function updateAwardCategory(
  db: DB,
  actor: AuthUser,
  id: number,
  patch: AwardCategoryPatch,
  now: Date,
): Promise<AwardCategory> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('natcon_award_categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('No such award.');
    if (patch.name && (await categoryNameTaken(trx, 'natcon_award_categories', before.edition_id, patch.name, id))) {
      throw invalid({ name: 'This edition already has an award with this name.' });
    }
    const row = await trx
      .updateTable('natcon_award_categories')
      .set({
        name: patch.name ?? before.name,
        criteria: patch.criteria ?? before.criteria,
        nominee_kind: patch.nomineeKind ?? before.nominee_kind,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'natcon.award_updated',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_award_category',
      entityId: id,
      detail: { before: awardCategory(before), after: patch },
    });
    return awardCategory(row);
  });
}

/**
 * Removes an award nobody has been nominated for; one with nominations is refused (409), since the
 * nominations and their review would lose their award. The check and the delete are one statement.
 */
export async function deleteAwardCategory(db: DB, actor: AuthUser, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('natcon_award_categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('No such award.');
    const deleted = await trx
      .deleteFrom('natcon_award_categories')
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('natcon_nominations').select('id').where('award_category_id', '=', id))),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) {
      throw conflict(`${before.name} has nominations: change it rather than removing it.`);
    }
    await writeAudit(trx, {
      action: 'natcon.award_deleted',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_award_category',
      entityId: id,
      detail: { editionId: before.edition_id, name: before.name },
    });
  });
}

/** Removes a delegate category nobody has registered in (409 otherwise), by one conditional delete. */
export async function deleteCategory(db: DB, actor: AuthUser, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('natcon_categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('No such category.');
    const deleted = await trx
      .deleteFrom('natcon_categories')
      .where('id', '=', id)
      .where('seats_taken', '=', 0)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('natcon_delegates').select('id').where('category_id', '=', id))),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) {
      throw conflict(`${before.name} has registrations: change its seats or fees rather than removing it.`);
    }
    await writeAudit(trx, {
      action: 'natcon.category_deleted',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_category',
      entityId: id,
      detail: { editionId: before.edition_id, name: before.name, fee: before.fee, seats: before.seats },
    });
  });
}
