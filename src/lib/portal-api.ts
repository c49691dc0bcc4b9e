import type { RoleId } from './roles';

/** Shapes of the API answers the portal screens read (see the contracts in the README). */
export interface Me {
  id: number;
  email: string;
  name: string;
  image: string | null;
  roleId: RoleId;
  memberId: number | null;
  chapterId: number | null;
  notifyByEmail: boolean;
}

export interface ChapterSummary {
  id: number;
  code: string;
  name: string;
  region: string;
}

export interface MemberRecord {
  id: number;
  memberNumber: string;
  membershipClass: string;
  status: string;
  chapter: ChapterSummary;
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

export interface ChapterRecord {
  id: number;
  code: string;
  name: string;
  region: string;
  city: string;
  state: string;
  address: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

/** What a screen shows when a read fails: the record is missing, out of the user's scope, or the call failed. */
export type LoadProblem = 'not-found' | 'forbidden' | 'failed';

export function problemOf(status: number): LoadProblem {
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  return 'failed';
}

/** The selected member id kept in session storage, if it is a positive integer. */
export function parseSelectedMemberId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
