import { randomBytes } from 'node:crypto';
import { UNSET_PASSWORD_PREFIX, addNote } from './accounts';
import type { PlannedRow } from './evaluate';
import type { MemberRecordValues } from './member-row';
import type { Queryable } from './queryable';

/**
 * The new members of one commit batch, written in a few statements rather than a few per row: on
 * PostgreSQL each statement is a round trip, and a 10,000-row import of new members is mostly these.
 * Members come back keyed by their membership number (unique), accounts by their member, so nothing
 * depends on the order a database returns inserted rows in.
 */
export interface CreatedMember {
  memberId: number;
  userId: number | null;
  noteId: number | null;
  after: MemberRecordValues & { updated_at: string };
}

const INSERT_CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += INSERT_CHUNK) out.push(items.slice(start, start + INSERT_CHUNK));
  return out;
}

export async function createMembers(
  trx: Queryable,
  rows: readonly PlannedRow[],
  actorId: number | null,
  at: string,
): Promise<Map<number, CreatedMember>> {
  const creates = rows.flatMap((row) =>
    row.plan.kind === 'create' && 'record' in row.plan
      ? [{ number: row.number, record: row.plan.record, note: row.plan.note }]
      : [],
  );
  const created = new Map<number, CreatedMember>();
  if (creates.length === 0) return created;
  const idOfNumber = new Map<string, number>();
  for (const part of chunks(creates)) {
    const inserted = await trx
      .insertInto('members')
      .values(part.map((c) => ({ ...c.record, email: c.record.email ?? '', created_at: at, updated_at: at })))
      .returning(['id', 'member_number'])
      .execute();
    for (const row of inserted) idOfNumber.set(row.member_number, row.id);
  }
  const emails = creates.flatMap((c) => (c.record.email ? [c.record.email] : []));
  const taken = new Set<string>();
  for (const part of chunks(emails)) {
    for (const user of await trx.selectFrom('users').select('email').where('email', 'in', part).execute())
      taken.add(user.email);
  }
  const wantAccounts = creates.filter((c) => c.record.email && !taken.has(c.record.email));
  const userOfMember = new Map<number, number>();
  for (const part of chunks(wantAccounts)) {
    const users = await trx
      .insertInto('users')
      .values(
        part.map((c) => ({
          email: c.record.email as string,
          password_hash: `${UNSET_PASSWORD_PREFIX}${randomBytes(16).toString('hex')}`,
          name: `${c.record.first_name} ${c.record.last_name}`.trim(),
          image: null,
          role_id: 1,
          member_id: idOfNumber.get(c.record.member_number) as number,
          chapter_id: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'member_id'])
      .execute();
    for (const user of users) if (user.member_id !== null) userOfMember.set(user.member_id, user.id);
  }
  for (const c of creates) {
    const memberId = idOfNumber.get(c.record.member_number) as number;
    created.set(c.number, {
      memberId,
      userId: userOfMember.get(memberId) ?? null,
      noteId: await addNote(trx, memberId, c.note, actorId, at),
      after: { ...c.record, updated_at: at },
    });
  }
  return created;
}
