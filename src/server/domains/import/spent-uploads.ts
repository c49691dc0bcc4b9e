import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { FileStore } from '../../platform/storage';
import { UNDO_WINDOW_MS } from './undo';

/** An upload nobody committed (or whose job failed and was left) is removed after this long. */
export const ABANDONED_UPLOAD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Removes the uploaded spreadsheets the institute no longer needs (DPDP Act, section 8(7)): each holds
 * every person of the old register, and an erasure clears a person's imported rows but cannot edit
 * the file. An import's file goes once the import can no longer be undone (7 days after it ended or
 * was undone); an upload never committed, or a failed job nobody ran again, after 30 days. A running
 * import keeps its file. Each removal is claimed by one conditional update, so servers running the
 * daily job together remove a file once. Answers how many files were removed.
 */
export async function removeSpentUploads(db: DB, store: FileStore, now: Date): Promise<number> {
  const ended = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
  const abandoned = new Date(now.getTime() - ABANDONED_UPLOAD_MS).toISOString();
  const spent = await db
    .selectFrom('imports')
    .select(['id', 'file_key'])
    .where('file_removed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', ended)]),
        eb.and([eb('state', '=', 'undone'), eb('undone_at', '<', ended)]),
        eb.and([eb('state', 'in', ['uploaded', 'checked', 'failed']), eb('updated_at', '<', abandoned)]),
      ]),
    )
    .execute();
  let removed = 0;
  for (const upload of spent) {
    const claimed = await db
      .updateTable('imports')
      .set({ file_removed_at: nowIso(now) })
      .where('id', '=', upload.id)
      .where('file_removed_at', 'is', null)
      .where('state', '!=', 'running')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    await store.remove(upload.file_key);
    removed++;
  }
  return removed;
}
