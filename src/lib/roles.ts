/** The five roles of the spec's section 6, and where each lands after signing in. */
export const ROLE = {
  member: '1',
  superAdmin: '2',
  contentAdmin: '3',
  chapterAdmin: '4',
  admin: '5',
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_IDS: readonly RoleId[] = ['1', '2', '3', '4', '5'];

export const ROLE_LABELS: Record<RoleId, string> = {
  '1': 'Member',
  '2': 'Super admin',
  '3': 'Content admin',
  '4': 'Chapter admin',
  '5': 'Admin',
};

/** (spec) Home destination after login, by roleId. */
export const ROLE_HOME: Record<RoleId, string> = {
  '1': '/member/memberdetail',
  '2': '/admin/membership',
  '3': '/content-admin/events',
  '4': '/admin/membership',
  '5': '/admin/membership',
};

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'string' && (ROLE_IDS as readonly string[]).includes(value);
}

/** Staff are roles 2 to 5. */
export function isStaffRole(roleId: RoleId): boolean {
  return roleId !== ROLE.member;
}

/** (spec) The notification bell shows only for roles 1, 3, 4 and 5. */
export function hasNotificationBell(roleId: RoleId): boolean {
  return roleId !== ROLE.superAdmin;
}
