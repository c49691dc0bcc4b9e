import type { DB } from '../../src/server/platform/db';
import { nowIso } from '../../src/server/platform/db';
import { hashPassword } from '../../src/server/domains/identity/password-hash';
import { signApiToken } from '../../src/server/domains/identity/token';
import type { RoleId } from '../../src/lib/roles';
import { TEST_SECRET } from './api';

/**
 * Builders for the rows a test needs. They write real rows through Kysely; nothing is mocked.
 * Passwords are hashed once per process (argon2 is deliberately slow).
 */
let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;
let cachedHash: Promise<string> | undefined;
export const FIXTURE_PASSWORD = 'Fixture@Pass2025';

export async function createChapter(
  db: DB,
  overrides: Partial<{
    code: string;
    name: string;
    region: 'East' | 'West' | 'North' | 'South';
    city: string;
    state: string;
  }> = {},
) {
  const at = nowIso();
  const code = overrides.code ?? `C${next()}`.slice(0, 20);
  return db
    .insertInto('chapters')
    .values({
      code,
      name: overrides.name ?? `Chapter ${code}`,
      region: overrides.region ?? 'East',
      city: overrides.city ?? 'Kolkata',
      state: overrides.state ?? 'West Bengal',
      address: null,
      contact_name: null,
      contact_email: null,
      contact_phone: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createMember(
  db: DB,
  chapterId: number,
  overrides: Partial<{ firstName: string; lastName: string; email: string; memberNumber: string }> = {},
) {
  const at = nowIso();
  const id = next();
  return db
    .insertInto('members')
    .values({
      member_number: overrides.memberNumber ?? `M-${id}`,
      membership_class: 'associate',
      chapter_id: chapterId,
      title: null,
      first_name: overrides.firstName ?? 'Asha',
      last_name: overrides.lastName ?? `Rao ${id}`,
      email: overrides.email ?? `member-${id}@example.test`,
      phone: null,
      date_of_birth: null,
      address: null,
      city: null,
      state: null,
      pincode: null,
      qualification: null,
      organisation: null,
      designation: null,
      experience_years: null,
      admitted_on: '2024-04-15',
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface CreatedUser {
  id: number;
  email: string;
  roleId: RoleId;
  memberId: number | null;
  chapterId: number | null;
  password: string;
  /** A valid API token for TEST_SECRET, as the session would carry. */
  token: string;
}

export async function createUser(
  db: DB,
  options: {
    roleId: RoleId;
    email?: string;
    name?: string;
    memberId?: number | null;
    chapterId?: number | null;
    active?: boolean;
    secret?: string;
  },
): Promise<CreatedUser> {
  cachedHash ??= hashPassword(FIXTURE_PASSWORD);
  const at = nowIso();
  const email = (options.email ?? `user-${next()}@example.test`).toLowerCase();
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: await cachedHash,
      name: options.name ?? `Test User ${options.roleId}`,
      image: null,
      role_id: Number(options.roleId),
      member_id: options.memberId ?? null,
      chapter_id: options.chapterId ?? null,
      active: options.active === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();
  const token = await signApiToken(
    { userId: row.id, tokenVersion: row.token_version },
    options.secret ?? TEST_SECRET,
    8 * 3600,
  );
  return {
    id: row.id,
    email,
    roleId: options.roleId,
    memberId: options.memberId ?? null,
    chapterId: options.chapterId ?? null,
    password: FIXTURE_PASSWORD,
    token,
  };
}
