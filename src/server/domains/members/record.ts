import type { DB } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import type { MemberRecord } from '../../../lib/api-types';
import { memberStatus } from '../../../lib/member-status';
import { ROLE } from '../../../lib/roles';

async function findMemberDetail(db: DB, memberId: number, today: string): Promise<MemberRecord | undefined> {
  const row = await db
    .selectFrom('members')
    .innerJoin('chapters', 'chapters.id', 'members.chapter_id')
    .selectAll('members')
    .select(['chapters.code as chapter_code', 'chapters.name as chapter_name', 'chapters.region as chapter_region'])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const paidThroughYear = row.paid_through_year === null ? null : Number(row.paid_through_year);
  return {
    id: row.id,
    memberNumber: row.member_number,
    membershipClass: row.membership_class,
    status: memberStatus({ classCode: row.membership_class, paidThroughYear, admittedOn: row.admitted_on }, today),
    paidThroughYear,
    chapter: { id: row.chapter_id, code: row.chapter_code, name: row.chapter_name, region: row.chapter_region },
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.date_of_birth,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    qualification: row.qualification,
    organisation: row.organisation,
    designation: row.designation,
    experienceYears: row.experience_years,
    admittedOn: row.admitted_on,
  };
}

/**
 * Whether a member record is within the viewer's scope: members only their own record, chapter
 * admins only their chapter's members, roles 2 and 5 any. Content admins never (the routes refuse
 * them first). A record outside the scope is answered as 404, exactly like one that does not exist.
 */
export async function memberInScope(db: DB, viewer: AuthUser, memberId: number): Promise<boolean> {
  if (viewer.roleId === ROLE.member) return viewer.memberId === memberId;
  if (viewer.roleId === ROLE.contentAdmin) return false;
  const row = await db.selectFrom('members').select('chapter_id').where('id', '=', memberId).executeTakeFirst();
  if (!row) return false;
  return viewer.roleId !== ROLE.chapterAdmin || row.chapter_id === viewer.chapterId;
}

/** A member record within the viewer's scope (see `memberInScope`), or undefined (404). */
export async function memberDetailFor(
  db: DB,
  viewer: AuthUser,
  memberId: number,
  today: string,
): Promise<MemberRecord | undefined> {
  if (!(await memberInScope(db, viewer, memberId))) return undefined;
  return findMemberDetail(db, memberId, today);
}

export async function ownMemberDetail(db: DB, viewer: AuthUser, today: string): Promise<MemberRecord | undefined> {
  return viewer.memberId === null ? undefined : findMemberDetail(db, viewer.memberId, today);
}
