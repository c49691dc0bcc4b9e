import type { DB } from '../../platform/db';
import type { Chapter } from '../../platform/db/schema';
import type { AuthUser } from '../identity/auth-user';
import type { ChapterFields, ChapterListItem, ChapterRecord, DirectoryChapter } from '../../../lib/api-types';
import { ROLE } from '../../../lib/roles';
import { kolkataDate } from '../../../lib/financial-year';
import type { OfficeBearer } from '../../../lib/schemas/admin';
import { currentBearersOf } from './office-bearers';

export async function listChapters(db: DB): Promise<ChapterListItem[]> {
  return db
    .selectFrom('chapters')
    .select(['id', 'code', 'name', 'region', 'city', 'state'])
    .orderBy('region')
    .orderBy('name')
    .execute();
}

/** The columns of a chapter row that its answers show. */
export type ChapterColumns = Pick<
  Chapter,
  'id' | 'code' | 'name' | 'region' | 'city' | 'state' | 'address' | 'contact_name' | 'contact_email' | 'contact_phone'
>;

/** A chapter's own fields from its row: one mapping for the record, the directory and the staff screens. */
export function chapterFields(row: ChapterColumns): ChapterFields {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    region: row.region,
    city: row.city,
    state: row.state,
    address: row.address,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
  };
}

/** The chapter a member belongs to, through their member record. */
async function memberChapterId(db: DB, memberId: number | null): Promise<number | undefined> {
  if (memberId === null) return undefined;
  const row = await db.selectFrom('members').select('chapter_id').where('id', '=', memberId).executeTakeFirst();
  return row?.chapter_id;
}

/** A chapter within the viewer's scope: members only their own chapter, staff any; else undefined (404). */
export async function chapterDetailFor(
  db: DB,
  viewer: AuthUser,
  chapterId: number,
): Promise<ChapterRecord | undefined> {
  if (viewer.roleId === ROLE.member && (await memberChapterId(db, viewer.memberId)) !== chapterId) return undefined;
  const row = await db.selectFrom('chapters').selectAll().where('id', '=', chapterId).executeTakeFirst();
  if (!row) return undefined;
  const members = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('chapter_id', '=', chapterId)
    .executeTakeFirstOrThrow();
  return {
    ...chapterFields(row),
    memberCount: Number(members.n),
    officeBearers: (await officeBearersOf(db, chapterId, new Date())).map((b) => ({
      name: b.name,
      position: b.position,
      photoUrl: b.photoUrl,
    })),
  };
}

/**
 * The office bearers of a chapter whose terms cover the day `on` (a Date, taken as its day in
 * Asia/Kolkata, or a YYYY-MM-DD day): what `/member/chapterdetail` and the directory show.
 */
export async function officeBearersOf(db: DB, chapterId: number, on: Date | string): Promise<OfficeBearer[]> {
  return currentBearersOf(db, chapterId, typeof on === 'string' ? on : kolkataDate(on));
}

/** The public directory: active chapters by region and name, with their current office bearers. */
export async function chapterDirectory(db: DB, now: Date): Promise<DirectoryChapter[]> {
  const today = kolkataDate(now);
  const [chapters, bearers] = await Promise.all([
    db.selectFrom('chapters').selectAll().where('active', '=', 1).orderBy('region').orderBy('name').execute(),
    db
      .selectFrom('office_bearers')
      .innerJoin('chapters', 'chapters.id', 'office_bearers.chapter_id')
      .select(['office_bearers.chapter_id', 'office_bearers.name', 'office_bearers.position'])
      .where('chapters.active', '=', 1)
      .where('office_bearers.term_from', '<=', today)
      .where((eb) => eb.or([eb('office_bearers.term_to', 'is', null), eb('office_bearers.term_to', '>=', today)]))
      .orderBy('office_bearers.term_from')
      .orderBy('office_bearers.id')
      .execute(),
  ]);
  return chapters.map((row) => ({
    ...chapterFields(row),
    officeBearers: bearers.filter((b) => b.chapter_id === row.id).map((b) => ({ name: b.name, position: b.position })),
  }));
}
