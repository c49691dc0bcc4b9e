import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ApplicationState, ApplicationsTable } from '../../platform/db/schema';
import { nowIso } from '../../platform/db';
import type { Selectable } from 'kysely';
import type { FeeQuoteAnswer } from '../../../lib/schemas/membership';

/** Shared pieces of the joining services: references, status tokens, history and bell notices. */

export type Queryable = Kysely<Database> | Transaction<Database>;
export type ApplicationRow = Selectable<ApplicationsTable>;

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `APP-7K3Q9MZD`: 40 random bits, short enough to read out on the phone, impossible to guess. */
export function newReference(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const byte of bytes) out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `APP-${out}`;
}

export const REFERENCE_PATTERN = /^APP-[A-Z2-9]{8}$/;

export function newStatusToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function statusLink(siteUrl: string, token: string): string {
  return new URL(`/membership/status?token=${encodeURIComponent(token)}`, siteUrl).toString();
}

export function parseQuote(row: Pick<ApplicationRow, 'quote'>): FeeQuoteAnswer {
  return JSON.parse(row.quote) as FeeQuoteAnswer;
}

export async function recordEvent(
  db: Queryable,
  event: {
    applicationId: number;
    from: ApplicationState | null;
    to: ApplicationState;
    actorUserId: number | null;
    note?: string | null;
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto('application_events')
    .values({
      application_id: event.applicationId,
      from_state: event.from,
      to_state: event.to,
      actor_user_id: event.actorUserId,
      note: event.note ?? null,
      at: nowIso(now),
    })
    .execute();
}

/**
 * Moves an application from one state to another in ONE conditional statement: of two staff
 * acting at once, exactly one moves it; the other gets false.
 */
export async function moveState(
  db: Queryable,
  applicationId: number,
  from: ApplicationState,
  to: ApplicationState,
  now: Date,
  extra: Partial<Pick<ApplicationRow, 'member_id' | 'decision_note'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ state: to, updated_at: nowIso(now), ...extra })
    .where('id', '=', applicationId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A bell notice to some users, written inside the caller's transaction (the notifications service
 * opens its own, and a notice must not outlive an application that was rolled back).
 */
export async function notifyUsers(
  db: Queryable,
  notice: {
    title: string;
    message: string;
    link: string | null;
    audience: { type: 'chapter' | 'member'; id: string };
    userIds: number[];
  },
  now: Date,
): Promise<void> {
  if (notice.userIds.length === 0) return;
  const at = nowIso(now);
  const row = await db
    .insertInto('notifications')
    .values({
      title: notice.title,
      message: notice.message,
      link: notice.link,
      audience_type: notice.audience.type,
      audience_id: notice.audience.id,
      sender_user_id: null,
      recipient_count: notice.userIds.length,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('notification_recipients')
    .values(
      notice.userIds.map((userId) => ({ notification_id: row.id, user_id: userId, read_at: null, created_at: at })),
    )
    .execute();
}

/** Whether a member counts as active today: Life always, others while this financial year is paid. */
export function isActiveMember(
  member: { membership_class: string; paid_through_year: number | null },
  currentFinancialYear: number,
): boolean {
  if (member.membership_class === 'life') return true;
  return member.paid_through_year !== null && member.paid_through_year >= currentFinancialYear;
}

export const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;
