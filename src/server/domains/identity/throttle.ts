import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { writeAudit } from '../audit/audit';

/**
 * Attempt counters in the database, shared by every server: sign-ins per account, device cookie
 * and client address, forgotten-password requests per address, reset e-mails per account.
 *
 * An attempt is counted BEFORE the work it guards (checking a password, sending an e-mail), by one
 * conditional upsert that either takes a place under the limit or takes nothing. However many
 * attempts arrive at once, on however many servers, at most `limit` of them get through per window:
 * there is no read of the count followed by a separate write that a concurrent request could slip
 * between. The attempt that reaches the limit is still allowed and starts the lock.
 */
export interface ThrottleRule {
  key: string;
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
  /** How long the key stays refused from the attempt that reached the limit. */
  lockMs: number;
}

export interface Reservation {
  key: string;
  /** The window the attempt was counted in, so that giving it back never touches a newer window. */
  windowEndsAt: string;
  /** This attempt reached the limit: the key is locked unless it is given back. */
  reachedLimit: boolean;
}

/** Takes one place under the rule's limit, or returns null (taking nothing) when none is left. */
export async function reserve(db: DB, rule: ThrottleRule, now: Date): Promise<Reservation | null> {
  const at = nowIso(now);
  const windowEnds = nowIso(new Date(now.getTime() + rule.windowMs));
  const lockEnds = nowIso(new Date(now.getTime() + rule.lockMs));
  const expired = sql<boolean>`login_throttle.expires_at <= ${at}`;
  const attemptsAfter = sql<number>`case when ${expired} then 1 else login_throttle.attempts + 1 end`;
  const row = await db
    .insertInto('login_throttle')
    .values({
      key: rule.key,
      attempts: 1,
      window_ends_at: windowEnds,
      expires_at: rule.limit <= 1 ? lockEnds : windowEnds,
      refused: 0,
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          attempts: attemptsAfter,
          window_ends_at: sql<string>`case when ${expired} then ${windowEnds} else login_throttle.window_ends_at end`,
          expires_at: sql<string>`case when ${attemptsAfter} >= ${rule.limit} then ${lockEnds} when ${expired} then ${windowEnds} else login_throttle.expires_at end`,
        })
        // No place left: the update does not happen and RETURNING answers no row.
        .where(sql<boolean>`${expired} or login_throttle.attempts < ${rule.limit}`),
    )
    .returning(['attempts', 'window_ends_at'])
    .executeTakeFirst();
  if (!row) return null;
  return { key: rule.key, windowEndsAt: row.window_ends_at, reachedLimit: Number(row.attempts) >= rule.limit };
}

/**
 * Gives a place back (a successful sign-in is no failure): one fewer attempt in the same window,
 * which also lifts a lock that this attempt had started.
 */
export async function giveBack(db: DB, reservation: Reservation): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ attempts: sql<number>`attempts - 1`, expires_at: sql<string>`window_ends_at` })
    .where('key', '=', reservation.key)
    .where('window_ends_at', '=', reservation.windowEndsAt)
    .where('attempts', '>', 0)
    .execute();
}

/** Counts a refused attempt on its key (summed into one audit entry) and says how long the refusal lasts. */
async function refuse(db: DB, key: string, now: Date): Promise<number> {
  const row = await db
    .updateTable('login_throttle')
    .set({ refused: sql<number>`refused + 1` })
    .where('key', '=', key)
    .returning('expires_at')
    .executeTakeFirst();
  const ms = row ? new Date(row.expires_at).getTime() - now.getTime() : 1000;
  return Math.max(1, Math.ceil(ms / 1000));
}

export type Admission =
  { ok: true; reservations: Reservation[] } | { ok: false; key: string; retryAfterSeconds: number };

/**
 * Takes a place under every rule, in order, or none: when one rule refuses, the places already
 * taken are given back (the attempt never happened), and the refusal is counted on that rule's key.
 */
export async function admit(db: DB, rules: ThrottleRule[], now: Date): Promise<Admission> {
  const taken: Reservation[] = [];
  for (const rule of rules) {
    const reservation = await reserve(db, rule, now);
    if (!reservation) {
      for (const place of taken) await giveBack(db, place);
      return { ok: false, key: rule.key, retryAfterSeconds: await refuse(db, rule.key, now) };
    }
    taken.push(reservation);
  }
  return { ok: true, reservations: taken };
}

export async function giveBackAll(db: DB, reservations: Reservation[]): Promise<void> {
  for (const reservation of reservations) await giveBack(db, reservation);
}

/** What a key's audit entry says about it: the e-mail or address it counts, never a device id. */
function subjectOf(key: string): { detail: Record<string, string>; ip: string | null } {
  const [kind = '', ...rest] = key.split(':');
  const value = rest.join(':');
  if (kind === 'address' || kind === 'forgot') return { detail: { kind }, ip: value };
  if (kind === 'account') return { detail: { kind, email: value }, ip: null };
  if (kind === 'reset-mail') return { detail: { kind, userId: value }, ip: null };
  return { detail: { kind }, ip: null };
}

/**
 * Removes expired rows (all of them, or only `keys`) and writes one audit entry per row that
 * refused attempts: a flood of refused attempts is one entry with its count, not one per attempt.
 * One transaction, and a row is deleted by exactly one caller, so several servers pruning at
 * once write each entry once.
 */
export async function pruneThrottle(db: DB, now: Date, keys?: string[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('login_throttle').where('expires_at', '<=', nowIso(now));
    if (keys) query = query.where('key', 'in', keys);
    const gone = await query.returning(['key', 'refused', 'window_ends_at', 'expires_at']).execute();
    for (const row of gone) {
      const refused = Number(row.refused);
      if (refused === 0) continue;
      const subject = subjectOf(row.key);
      await writeAudit(trx, {
        action: 'auth.throttled',
        at: now,
        ip: subject.ip,
        detail: { ...subject.detail, refused, until: row.expires_at },
      });
    }
    return gone.length;
  });
}

/** Forgets the failed attempts counted on a key (after a password reset proved the owner). */
export async function clearAttempts(db: DB, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ attempts: 0, expires_at: sql<string>`window_ends_at` })
    .where('key', '=', key)
    .execute();
}
