import { sql } from 'kysely';
import type { DB } from '../db';
import { nowIso } from '../db';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_THROTTLE_WINDOW_MS,
} from '../../lib/constants';

/**
 * Failed sign-ins counted per account and per client address in the database, so that every
 * server behind a load balancer sees the same counts. Reaching the limit within one window
 * locks the key for one window.
 */
export interface ThrottleKey {
  key: string;
  limit: number;
}

export function throttleKeys(email: string, address: string): ThrottleKey[] {
  return [
    { key: `account:${email.toLowerCase()}`, limit: LOGIN_MAX_FAILURES_PER_ACCOUNT },
    { key: `address:${address}`, limit: LOGIN_MAX_FAILURES_PER_ADDRESS },
  ];
}

/** Seconds until the longest running lock on any of the keys ends, or 0 when none is locked. */
export async function secondsLocked(db: DB, keys: ThrottleKey[], now: Date): Promise<number> {
  const rows = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where(
      'key',
      'in',
      keys.map((k) => k.key),
    )
    .where('locked_until', '>', nowIso(now))
    .execute();
  let longest = 0;
  for (const row of rows) {
    const ms = new Date(row.locked_until as string).getTime() - now.getTime();
    longest = Math.max(longest, Math.ceil(ms / 1000));
  }
  return longest;
}

/**
 * Counts one failure on each key (one atomic upsert per key, safe under concurrent attempts)
 * and locks the keys that reached their limit. Returns the keys that were locked by this failure.
 */
export async function recordFailure(db: DB, keys: ThrottleKey[], now: Date): Promise<string[]> {
  const at = nowIso(now);
  const windowStart = nowIso(new Date(now.getTime() - LOGIN_THROTTLE_WINDOW_MS));
  const lockedUntil = nowIso(new Date(now.getTime() + LOGIN_THROTTLE_WINDOW_MS));
  const locked: string[] = [];
  for (const { key, limit } of keys) {
    const row = await db
      .insertInto('login_throttle')
      .values({ key, window_started_at: at, failures: 1, locked_until: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_throttle.window_started_at <= ${windowStart} then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql<string>`case when login_throttle.window_started_at <= ${windowStart} then ${at} else login_throttle.window_started_at end`,
          locked_until: sql<
            string | null
          >`case when login_throttle.window_started_at <= ${windowStart} then null else login_throttle.locked_until end`,
        }),
      )
      .returning(['failures'])
      .executeTakeFirstOrThrow();
    if (Number(row.failures) >= limit) {
      await db.updateTable('login_throttle').set({ locked_until: lockedUntil }).where('key', '=', key).execute();
      locked.push(key);
    }
  }
  return locked;
}

/** A successful sign-in forgives the account's failures (never the address's: one good account must not unlock it). */
export async function clearAccountFailures(db: DB, email: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', `account:${email.toLowerCase()}`).execute();
}
