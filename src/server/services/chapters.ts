import type { DB } from '../db';
import type { AuthUser } from '../auth/authorize';
import type { ChapterListItem, ChapterRecord } from '../../lib/api-types';
import { ROLE } from '../../lib/roles';

export async function listChapters(db: DB): Promise<ChapterListItem[]> {
  return db
    .selectFrom('chapters')
    .select(['id', 'code', 'name', 'region', 'city', 'state'])
    .orderBy('region')
    .orderBy('name')
    .execute();
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
    memberCount: Number(members.n),
  };
}
