import type { RoleId } from './roles';

/**
 * The shapes the API answers for accounts, members and chapters: one description shared by the
 * server's services (which build them) and the portal screens (which read them).
 */

/** `GET /api/me`: the signed-in user. */
export interface Me {
  id: number;
  email: string;
  name: string;
  image: string | null;
  roleId: RoleId;
  memberId: number | null;
  /** The chapter a chapter admin acts for, or a member's own chapter. */
  chapterId: number | null;
  notifyByEmail: boolean;
}

/** A chapter as a member record names it. */
export interface ChapterRef {
  id: number;
  code: string;
  name: string;
  region: string;
}

/** `GET /api/chapters`: one chapter of the list. */
export interface ChapterListItem extends ChapterRef {
  city: string;
  state: string;
}

/** `GET /api/chapters/:id`. */
export interface ChapterRecord extends ChapterListItem {
  address: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

/** `GET /api/members/:id` and `GET /api/members/me`. */
export interface MemberRecord {
  id: number;
  memberNumber: string;
  membershipClass: string;
  status: string;
  chapter: ChapterRef;
  title: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  qualification: string | null;
  organisation: string | null;
  designation: string | null;
  experienceYears: number | null;
  admittedOn: string;
}
