import { expressionBuilder, sql, type AliasableExpression, type Expression, type ExpressionBuilder } from 'kysely';
import { isRoleId } from '../../../lib/roles';
import type { DB } from '../../platform/db';
import { KeyBatcher } from '../../platform/db/batch';
import { dialectOf } from '../../platform/db/dialect';
import type { Database } from '../../platform/db/schema';
import type { AuthUser } from './auth-user';
import { verifyApiTokenCached } from './token-cache';

export type TokenCheck<T = undefined> =
  { ok: true; user: AuthUser; value: T } | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/**
 * A scalar subquery about one user (for example their unread count) that a route wants in the same
 * database round trip as the token check: built from the expression builder and the user's id, a
 * number or (when concurrent checks share one query) a reference to the outer `users.id`.
 */
export type UserScalar<T> = (
  eb: ExpressionBuilder<Database, never>,
  userId: number | Expression<number>,
) => AliasableExpression<T>;

const scalarBuilder = expressionBuilder<Database, never>();

const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'image',
  'role_id',
  'member_id',
  'chapter_id',
  'active',
  'token_version',
] as const;

/** The token's user row (and the scalar's value), the same for a single and a batched read. */
function userRows<T>(db: DB, scalar: UserScalar<T> | undefined, userIds: number | number[]) {
  const batched = Array.isArray(userIds);
  const userId = batched ? sql.ref<number>('users.id') : userIds;
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .$if(scalar !== undefined, (qb) => qb.select(scalar!(scalarBuilder, userId).as('scalar_value')))
    .where('id', '=', batched ? sql<number>`any(${userIds})` : userIds)
    .execute();
}

type UserRow = Awaited<ReturnType<typeof userRows>>[number];

/**
 * On PostgreSQL every read is a socket round trip: concurrent token checks with the same scalar
 * (the polled unread count) are answered by one `where id = any($1)` query, one text whatever the
 * batch size, each caller getting its own user's row. SQLite answers synchronously, nothing to save.
 */
const batchers = new WeakMap<DB, Map<unknown, KeyBatcher<number, UserRow>> | null>();

function readUserRow<T>(db: DB, userId: number, scalar: UserScalar<T> | undefined): Promise<UserRow | undefined> {
  let byScalar = batchers.get(db);
  if (byScalar === undefined) {
    byScalar = dialectOf(db as never) === 'postgres' ? new Map() : null;
    batchers.set(db, byScalar);
  }
  if (!scalar || !byScalar) return userRows(db, scalar, userId).then((rows) => rows[0]);
  let batcher = byScalar.get(scalar);
  if (!batcher) {
    batcher = new KeyBatcher<number, UserRow>(
      async (ids) => new Map((await userRows(db, scalar, ids)).map((row) => [row.id, row])),
    );
    byScalar.set(scalar, batcher);
  }
  return batcher.load(userId);
}

/**
 * Checks an API token the way every call must: signature and expiry, then the user still
 * exists, is active and has not had its token version bumped (disabled, new role, new password).
 * With `scalar`, the same SELECT also returns that per-user value, so a polled route makes one
 * round trip; the value is only handed out when every check passed.
 */
export async function checkApiToken(db: DB, secret: string, token: string | undefined, now: Date): Promise<TokenCheck>;
export async function checkApiToken<T>(
  db: DB,
  secret: string,
  token: string | undefined,
  now: Date,
  scalar: UserScalar<T>,
): Promise<TokenCheck<T>>;
export async function checkApiToken<T>(
  db: DB,
  secret: string,
  token: string | undefined,
  now: Date,
  scalar?: UserScalar<T>,
): Promise<TokenCheck<T | undefined>> {
  if (!token) return { ok: false, reason: 'missing' };
  const verified = await verifyApiTokenCached(token, secret, now);
  if (!verified.ok) return { ok: false, reason: verified.reason };
  const row = await readUserRow(db, verified.userId, scalar);
  const roleId = String(row?.role_id);
  if (!row || !row.active || row.token_version !== verified.tokenVersion || !isRoleId(roleId)) {
    return { ok: false, reason: 'invalid' };
  }
  return {
    ok: true,
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      image: row.image,
      roleId,
      memberId: row.member_id,
      chapterId: row.chapter_id,
    },
    value: (row as { scalar_value?: T }).scalar_value,
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
