import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { NatconNominationState, NatconNomineeKind } from '../../platform/db/schema';
import type { Nomination } from '../../../lib/schemas/natcon';
import type { Page } from '../../../lib/notifications';
import { notFound, invalid } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import { writeAudit } from '../audit/audit';
import { currentEdition } from './editions';

/**
 * Award nominations: anyone nominates a person or an organisation for an award of the current
 * edition, with a write-up and an optional supporting PDF (kept in `src/server/platform/storage`); roles 2
 * and 5 review them (received, shortlisted, winner, not selected).
 */

export interface NominationInput {
  awardCategoryId: number;
  nomineeKind: NatconNomineeKind;
  nomineeName: string;
  nomineeOrganisation: string | null;
  nomineeEmail?: string;
  nominatorName: string;
  nominatorEmail: string;
  writeUp: string;
  orderNumber?: string;
  file: { key: string; name: string; size: number } | null;
}

export async function createNomination(db: DB, input: NominationInput, now: Date): Promise<Nomination> {
  const edition = await currentEdition(db);
  const award = edition
    ? await db
        .selectFrom('natcon_award_categories')
        .selectAll()
        .where('id', '=', input.awardCategoryId)
        .where('edition_id', '=', edition.id)
        .executeTakeFirst()
    : undefined;
  if (!edition || !award) throw invalid({ awardCategoryId: 'Choose an award of this year’s conference.' });
  if (award.nominee_kind !== 'either' && award.nominee_kind !== input.nomineeKind) {
    throw invalid({
      nomineeKind: `${award.name} is for ${award.nominee_kind === 'person' ? 'a person' : 'an organisation'}.`,
    });
  }
  const order = input.orderNumber
    ? await db
        .selectFrom('natcon_orders')
        .select('id')
        .where('order_number', '=', input.orderNumber.toUpperCase())
        .executeTakeFirst()
    : undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('natcon_nominations')
      .values({
        edition_id: edition.id,
        award_category_id: award.id,
        nominee_kind: input.nomineeKind,
        nominee_name: input.nomineeName,
        nominee_organisation: input.nomineeOrganisation,
        nominee_email: input.nomineeEmail ?? null,
        nominator_name: input.nominatorName,
        nominator_email: input.nominatorEmail,
        write_up: input.writeUp,
        order_id: order?.id ?? null,
        file_key: input.file?.key ?? null,
        file_name: input.file?.name ?? null,
        file_size: input.file?.size ?? null,
        state: 'received',
        created_at: nowIso(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('natcon_nominations')
      .set({ reference: `AW${String(edition.year % 100).padStart(2, '0')}-${String(row.id).padStart(5, '0')}` })
      .where('id', '=', row.id)
      .execute();
    return (await readNominations(trx, { id: row.id }))[0];
  });
}

function nominationsQuery(
  db: DB,
  filters: { id?: number; editionId?: number; awardCategoryId?: number; state?: NatconNominationState },
) {
  return db
    .selectFrom('natcon_nominations as n')
    .innerJoin('natcon_award_categories as a', 'a.id', 'n.award_category_id')
    .$if(filters.id !== undefined, (qb) => qb.where('n.id', '=', filters.id!))
    .$if(filters.editionId !== undefined, (qb) => qb.where('n.edition_id', '=', filters.editionId!))
    .$if(filters.awardCategoryId !== undefined, (qb) => qb.where('n.award_category_id', '=', filters.awardCategoryId!))
    .$if(filters.state !== undefined, (qb) => qb.where('n.state', '=', filters.state!));
}

async function readNominations(
  db: DB,
  filters: Parameters<typeof nominationsQuery>[1],
  paging?: { page: number; pageSize: number },
): Promise<Nomination[]> {
  const rows = await nominationsQuery(db, filters)
    .selectAll('n')
    .select('a.name as award')
    .orderBy('n.id', 'desc')
    .$if(paging !== undefined, (qb) => qb.limit(paging!.pageSize).offset((paging!.page - 1) * paging!.pageSize))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference ?? '',
    awardCategoryId: r.award_category_id,
    award: r.award,
    nomineeKind: r.nominee_kind,
    nomineeName: r.nominee_name,
    nomineeOrganisation: r.nominee_organisation,
    nomineeEmail: r.nominee_email,
    nominatorName: r.nominator_name,
    nominatorEmail: r.nominator_email,
    writeUp: r.write_up,
    hasFile: r.file_key !== null,
    fileName: r.file_name,
    state: r.state,
    reviewNote: r.review_note,
    createdAt: r.created_at,
  }));
}

export async function listNominations(
  db: DB,
  filters: { editionId?: number; awardCategoryId?: number; state?: NatconNominationState },
  paging: { page: number; pageSize: number },
): Promise<Page<Nomination>> {
  const [items, total] = await Promise.all([
    readNominations(db, filters, paging),
    nominationsQuery(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, page: paging.page, pageSize: paging.pageSize, total: Number(total.count) };
}

export async function allNominations(db: DB, filters: { editionId?: number }): Promise<Nomination[]> {
  return readNominations(db, filters);
}

export async function reviewNomination(
  db: DB,
  actor: AuthUser,
  id: number,
  review: { state: NatconNominationState; note?: string | null },
  now: Date,
): Promise<Nomination> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('natcon_nominations')
      .select(['state', 'review_note'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('No such nomination.');
    await trx
      .updateTable('natcon_nominations')
      .set({ state: review.state, review_note: review.note ?? null, reviewed_by: actor.id, reviewed_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      action: 'natcon.nomination_reviewed',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_nomination',
      entityId: id,
      detail: { before: before.state, after: review.state, note: review.note ?? null },
    });
    return (await readNominations(trx, { id }))[0];
  });
}

export async function nominationFile(db: DB, id: number) {
  const row = await db
    .selectFrom('natcon_nominations')
    .select(['file_key', 'file_name', 'reference'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.file_key) throw notFound('This nomination has no supporting file.');
  return { key: row.file_key, name: row.file_name ?? `${row.reference}.pdf` };
}
