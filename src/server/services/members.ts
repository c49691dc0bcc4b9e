import type { DB } from '../db';
import type { AuthUser } from '../auth/authorize';
import type { MemberRecord } from '../../lib/api-types';
import { ROLE } from '../../lib/roles';

async function findMemberDetail(db: DB, memberId: number): Promise<MemberRecord | undefined> {
  const row = await db
    .selectFrom('members')
    .innerJoin('chapters', 'chapters.id', 'members.chapter_id')
    .selectAll('members')
    .select(['chapters.code as chapter_code', 'chapters.name as chapter_name', 'chapters.region as chapter_region'])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    memberNumber: row.member_number,
    membershipClass: row.membership_class,
    status: row.status,
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
 * A member record within the viewer's scope, or undefined, which the API answers as 404 so
 * that a record outside the scope looks exactly like one that does not exist. Members see only
 * their own record, chapter admins only their chapter's members, roles 2 and 5 any. Content
 * admins are refused before this is called.
 */
export async function memberDetailFor(db: DB, viewer: AuthUser, memberId: number): Promise<MemberRecord | undefined> {
  if (viewer.roleId === ROLE.member && viewer.memberId !== memberId) return undefined;
  const member = await findMemberDetail(db, memberId);
  if (!member) return undefined;
  if (viewer.roleId === ROLE.chapterAdmin && member.chapter.id !== viewer.chapterId) return undefined;
  return member;
}

export async function ownMemberDetail(db: DB, viewer: AuthUser): Promise<MemberRecord | undefined> {
  return viewer.memberId === null ? undefined : findMemberDetail(db, viewer.memberId);
}
