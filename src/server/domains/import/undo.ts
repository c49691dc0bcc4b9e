import { nowIso, type DB } from '../../platform/db';
import { writeAudit } from '../audit/audit';
import { UNSET_PASSWORD_PREFIX } from './accounts';
import type { RecordImage } from './commit';
import { RECORD_COLUMNS, recordOf } from './evaluate';
import type { Queryable } from './queryable';
import { loadImport } from './imports';
import { wrongState } from './problems';

/**
 * Undo of a committed members import, within 7 days and only while nobody has touched what it
 * wrote: each created or updated member must still be exactly as the import left it (fields and
 * last-change time), and an account it created must not have been used to set a password. Then,
 * in one transaction, what it created goes and what it updated gets its before-image back.
 */
export const UNDO_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How many changed members a refusal names before it says "and N more". */
const NAMED_IN_REFUSAL = 20;

interface AppliedRow {
  row_number: number;
  outcome: 'created' | 'updated' | 'unchanged' | 'invalid' | 'duplicate' | 'conflict';
  member_id: number | null;
  user_id: number | null;
  note_id: number | null;
  payment_id: number | null;
  before_image: string | null;
  after_image: string | null;
}

async function currentImage(db: Queryable, memberId: number): Promise<RecordImage | undefined> {
  const row = await db
    .selectFrom('members')
    .select(['id', 'updated_at', ...RECORD_COLUMNS])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ? { ...recordOf(row), updated_at: row.updated_at } : undefined;
}

/** Member numbers (or row numbers, for members since removed) changed since the import. */
async function changedSince(db: Queryable, rows: readonly AppliedRow[]): Promise<string[]> {
  const changed: string[] = [];
  for (const row of rows) {
    if (!row.member_id || !row.after_image) continue;
    const now = await currentImage(db, row.member_id);
    const after = JSON.parse(row.after_image) as RecordImage;
    const same =
      now &&
      RECORD_COLUMNS.every((c) => (now[c] ?? null) === (after[c] ?? null)) &&
      now.updated_at === after.updated_at;
    let accountUsed = false;
    if (row.user_id) {
      const user = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      accountUsed = !user || !user.password_hash.startsWith(UNSET_PASSWORD_PREFIX);
    }
    if (!same || accountUsed) changed.push(now?.member_number ?? after.member_number);
  }
  return changed;
}

export async function undoImport(db: DB, id: number, input: { userId: number; now: Date; ip?: string | null }) {
  const record = await loadImport(db, id);
  if (record.state !== 'done')
    throw wrongState(`This import is ${record.state}: only a finished import can be undone.`);
  if (record.kind !== 'members') throw wrongState('A payments import is undone by rejecting its payments.');
  const finished = record.finished_at ? new Date(record.finished_at).getTime() : 0;
  if (input.now.getTime() - finished > UNDO_WINDOW_MS)
    throw wrongState('An import can be undone only within 7 days of its commit.');

  await db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('imports')
      .set({ state: 'undone', undone_at: nowIso(input.now), undone_by: input.userId, updated_at: nowIso(input.now) })
      .where('id', '=', id)
      .where('state', '=', 'done')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw wrongState('This import is being undone already.');
    const rows = (await trx
      .selectFrom('import_rows')
      .select(['row_number', 'outcome', 'member_id', 'user_id', 'note_id', 'payment_id', 'before_image', 'after_image'])
      .where('import_id', '=', id)
      .where('outcome', 'in', ['created', 'updated'])
      .orderBy('row_number', 'desc')
      .execute()) as AppliedRow[];
    const changed = await changedSince(trx, rows);
    if (changed.length > 0) {
      const named = changed.slice(0, NAMED_IN_REFUSAL).join(', ');
      const more = changed.length > NAMED_IN_REFUSAL ? ` and ${changed.length - NAMED_IN_REFUSAL} more` : '';
      throw wrongState(`This import cannot be undone: these members have changed since: ${named}${more}.`);
    }
    for (const row of rows) {
      if (row.user_id) {
        await trx.deleteFrom('invitation_sends').where('user_id', '=', row.user_id).execute();
        await trx.deleteFrom('password_resets').where('user_id', '=', row.user_id).execute();
        await trx.deleteFrom('users').where('id', '=', row.user_id).execute();
      }
      if (row.note_id) await trx.deleteFrom('member_notes').where('id', '=', row.note_id).execute();
      if (row.outcome === 'created' && row.member_id) {
        await trx.deleteFrom('members').where('id', '=', row.member_id).execute();
      } else if (row.member_id && row.before_image) {
        const before = JSON.parse(row.before_image) as RecordImage;
        const { updated_at, ...fields } = before;
        await trx
          .updateTable('members')
          .set({ ...fields, email: fields.email ?? '', updated_at })
          .where('id', '=', row.member_id)
          .execute();
        const after = JSON.parse(row.after_image ?? '{}') as Partial<RecordImage>;
        if (after.email !== before.email && before.email) {
          await trx.updateTable('users').set({ email: before.email }).where('member_id', '=', row.member_id).execute();
        }
      }
    }
    await writeAudit(trx, {
      action: 'import.undone',
      at: input.now,
      actorUserId: input.userId,
      entity: 'import',
      entityId: id,
      ip: input.ip ?? null,
      detail: {
        removed: rows.filter((r) => r.outcome === 'created').length,
        restored: rows.filter((r) => r.outcome === 'updated').length,
      },
    });
  });
  return loadImport(db, id);
}
