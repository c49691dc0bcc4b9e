import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { NatconAwardCategoriesTable, NatconCategoriesTable, NatconEditionsTable } from '../../platform/db/schema';
import type { Selectable } from 'kysely';
import { kolkataDate } from '../../../lib/financial-year';
import { currentPrice, isEarlyBird, registrationWindow } from '../../../lib/natcon';
import type {
  AdminEdition,
  AwardCategory,
  CategoryBody,
  CategoryPatch,
  EditionBody,
  EditionSummary,
  PublicCategory,
  PublicNatcon,
} from '../../../lib/schemas/natcon';
import { notFound, invalid } from '../errors';
import { writeAudit } from '../audit/audit';
import type { AuthUser } from '../identity/auth-user';
import { natconGstPercent } from './gst';
import { policyOf } from './policy';

/**
 * The conference as data: editions, their delegate categories (fee, early bird, seats) and award
 * categories. The super admin edits them; the public page reads the newest published edition.
 */

type EditionRow = Selectable<NatconEditionsTable>;
type CategoryRow = Selectable<NatconCategoriesTable>;

export function editionSummary(row: EditionRow): EditionSummary {
  return {
    id: row.id,
    title: row.title,
    year: row.year,
    theme: row.theme,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    venue: row.venue,
    city: row.city,
    registrationOpensOn: row.registration_opens_on,
    registrationClosesOn: row.registration_closes_on,
    programme: row.programme,
    published: row.published === 1,
    stateCode: row.state_code,
  };
}

export function publicCategory(row: CategoryRow, today: string): PublicCategory {
  const priced = { fee: row.fee, earlyBirdFee: row.early_bird_fee, earlyBirdUntil: row.early_bird_until };
  return {
    id: row.id,
    name: row.name,
    fee: row.fee,
    earlyBirdFee: row.early_bird_fee,
    earlyBirdUntil: row.early_bird_until,
    price: currentPrice(priced, today),
    earlyBird: isEarlyBird(priced, today),
    seats: row.seats,
    seatsLeft: Math.max(0, row.seats - row.seats_taken),
    memberRate: row.member_rate === 1,
    studentRate: row.student_rate === 1,
  };
}

export function awardCategory(row: Selectable<NatconAwardCategoriesTable>): AwardCategory {
  return { id: row.id, name: row.name, criteria: row.criteria, nomineeKind: row.nominee_kind };
}

export function categoriesOf(db: DB, editionId: number) {
  return db
    .selectFrom('natcon_categories')
    .selectAll()
    .where('edition_id', '=', editionId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

function awardsOf(db: DB, editionId: number) {
  return db
    .selectFrom('natcon_award_categories')
    .selectAll()
    .where('edition_id', '=', editionId)
    .orderBy('id')
    .execute();
}

/** The edition the public sees: the published one with the latest start. */
export async function currentEdition(db: DB): Promise<EditionRow | undefined> {
  return db
    .selectFrom('natcon_editions')
    .selectAll()
    .where('published', '=', 1)
    .orderBy('starts_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function publicNatcon(db: DB, now: Date): Promise<PublicNatcon> {
  const today = kolkataDate(now);
  const edition = await currentEdition(db);
  const past = await db
    .selectFrom('natcon_editions')
    .select(['id', 'title', 'year', 'theme', 'city'])
    .where('published', '=', 1)
    .$if(Boolean(edition), (qb) => qb.where('id', '!=', edition!.id))
    .orderBy('starts_on', 'desc')
    .limit(20)
    .execute();
  if (!edition) return { today, edition: null, pastEditions: past };
  const [categories, awards, gstPercent] = await Promise.all([
    categoriesOf(db, edition.id),
    awardsOf(db, edition.id),
    natconGstPercent(db),
  ]);
  return {
    today,
    edition: {
      ...editionSummary(edition),
      registration: registrationWindow(
        { opensOn: edition.registration_opens_on, closesOn: edition.registration_closes_on },
        today,
      ),
      gstPercent,
      categories: categories.map((c) => publicCategory(c, today)),
      awards: awards.map(awardCategory),
    },
    pastEditions: past,
  };
}

export async function adminEditions(db: DB, now: Date): Promise<AdminEdition[]> {
  const today = kolkataDate(now);
  const editions = await db.selectFrom('natcon_editions').selectAll().orderBy('starts_on', 'desc').execute();
  const ids = editions.map((e) => e.id);
  const [categories, awards] = ids.length
    ? await Promise.all([
        db
          .selectFrom('natcon_categories')
          .selectAll()
          .where('edition_id', 'in', ids)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db.selectFrom('natcon_award_categories').selectAll().where('edition_id', 'in', ids).orderBy('id').execute(),
      ])
    : [[], []];
  return editions.map((e) => ({
    ...editionSummary(e),
    categories: categories
      .filter((c) => c.edition_id === e.id)
      .map((c) => ({ ...publicCategory(c, today), seatsTaken: c.seats_taken, sortOrder: c.sort_order })),
    awards: awards.filter((a) => a.edition_id === e.id).map(awardCategory),
    policy: policyOf(e),
  }));
}

function editionValues(body: EditionBody) {
  return {
    title: body.title,
    year: body.year,
    theme: body.theme,
    starts_on: body.startsOn,
    ends_on: body.endsOn,
    venue: body.venue,
    city: body.city,
    registration_opens_on: body.registrationOpensOn,
    registration_closes_on: body.registrationClosesOn,
    programme: body.programme ?? '',
    published: body.published ? 1 : 0,
    // Absent from a body that does not know it (an older form): the stored State stays.
    ...(body.stateCode !== undefined ? { state_code: body.stateCode } : {}),
  };
}

async function titleTaken(db: DB, title: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('natcon_editions')
    .select('id')
    .where('title', '=', title)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

export async function createEdition(db: DB, actor: AuthUser, body: EditionBody, now: Date): Promise<EditionSummary> {
  if (await titleTaken(db, body.title)) throw invalid({ title: 'An edition with this title exists.' });
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('natcon_editions')
      .values({ ...editionValues(body), created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'natcon.edition_created',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_edition',
      entityId: row.id,
      detail: { title: row.title },
    });
    return editionSummary(row);
  });
}

export async function updateEdition(
  db: DB,
  actor: AuthUser,
  id: number,
  body: EditionBody,
  now: Date,
): Promise<EditionSummary> {
  if (await titleTaken(db, body.title, id)) throw invalid({ title: 'An edition with this title exists.' });
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('natcon_editions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('No such edition.');
    const row = await trx
      .updateTable('natcon_editions')
      .set({ ...editionValues(body), updated_at: nowIso(now) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'natcon.edition_updated',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_edition',
      entityId: id,
      detail: { before: editionSummary(before), after: editionSummary(row) },
    });
    return editionSummary(row);
  });
}

export async function requireEdition(db: DB, id: number) {
  const edition = await db.selectFrom('natcon_editions').select('id').where('id', '=', id).executeTakeFirst();
  if (!edition) throw notFound('No such edition.');
}

/** Whether another delegate or award category of the edition already has this name (names are shown side by side). */
export async function categoryNameTaken(
  db: DB,
  table: 'natcon_categories' | 'natcon_award_categories',
  editionId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('edition_id', '=', editionId)
    .where('name', '=', name)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

export async function createCategory(db: DB, actor: AuthUser, editionId: number, body: CategoryBody, now: Date) {
  await requireEdition(db, editionId);
  if (await categoryNameTaken(db, 'natcon_categories', editionId, body.name)) {
    throw invalid({ name: 'This edition already has a category with this name.' });
  }
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('natcon_categories')
      .values({
        edition_id: editionId,
        name: body.name,
        fee: body.fee,
        early_bird_fee: body.earlyBirdFee ?? null,
        early_bird_until: body.earlyBirdUntil ?? null,
        seats: body.seats,
        member_rate: body.memberRate ? 1 : 0,
        student_rate: body.studentRate ? 1 : 0,
        sort_order: body.sortOrder ?? 0,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'natcon.category_created',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_category',
      entityId: row.id,
      detail: { editionId, name: row.name, fee: row.fee, seats: row.seats },
    });
    return { ...publicCategory(row, kolkataDate(now)), seatsTaken: row.seats_taken, sortOrder: row.sort_order };
  });
}

/**
 * Edits a category. Seats may not drop below the seats already taken: that is checked by the same
 * conditional update that writes them, so a registration arriving meanwhile cannot be oversold.
 */
export async function updateCategory(db: DB, actor: AuthUser, id: number, patch: CategoryPatch, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('natcon_categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('No such category.');
    if (patch.name && (await categoryNameTaken(trx, 'natcon_categories', before.edition_id, patch.name, id))) {
      throw invalid({ name: 'This edition already has a category with this name.' });
    }
    const earlyBirdFee = patch.earlyBirdFee === undefined ? before.early_bird_fee : patch.earlyBirdFee;
    const earlyBirdUntil = patch.earlyBirdUntil === undefined ? before.early_bird_until : patch.earlyBirdUntil;
    const fee = patch.fee ?? before.fee;
    if ((earlyBirdFee === null) !== (earlyBirdUntil === null)) {
      throw invalid({ earlyBirdUntil: 'Give the early-bird fee and its last day together.' });
    }
    if (earlyBirdFee !== null && earlyBirdFee > fee)
      throw invalid({ earlyBirdFee: 'The early-bird fee is at most the fee.' });
    const seats = patch.seats ?? before.seats;
    const row = await trx
      .updateTable('natcon_categories')
      .set({
        name: patch.name ?? before.name,
        fee,
        early_bird_fee: earlyBirdFee,
        early_bird_until: earlyBirdUntil,
        seats,
        member_rate: patch.memberRate === undefined ? before.member_rate : patch.memberRate ? 1 : 0,
        student_rate: patch.studentRate === undefined ? before.student_rate : patch.studentRate ? 1 : 0,
        sort_order: patch.sortOrder ?? before.sort_order,
        updated_at: nowIso(now),
      })
      .where('id', '=', id)
      .where('seats_taken', '<=', seats)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const taken = await trx
        .selectFrom('natcon_categories')
        .select('seats_taken')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      throw invalid({ seats: `${taken.seats_taken} seats are already taken: give at least that many.` });
    }
    await writeAudit(trx, {
      action: 'natcon.category_updated',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_category',
      entityId: id,
      detail: {
        before: {
          name: before.name,
          fee: before.fee,
          earlyBirdFee: before.early_bird_fee,
          earlyBirdUntil: before.early_bird_until,
          seats: before.seats,
          memberRate: before.member_rate === 1,
          studentRate: before.student_rate === 1,
        },
        after: patch,
      },
    });
    return { ...publicCategory(row, kolkataDate(now)), seatsTaken: row.seats_taken, sortOrder: row.sort_order };
  });
}
