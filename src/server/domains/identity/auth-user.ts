import type { RoleId } from '../../../lib/roles';

/** The signed-in caller, as every route sees it after `requireUser`. */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  image: string | null;
  roleId: RoleId;
  memberId: number | null;
  chapterId: number | null;
}
