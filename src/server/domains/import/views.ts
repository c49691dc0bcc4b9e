import type { ImportData } from '../../../lib/schemas/import';
import type { DB } from '../../platform/db';
import { importView, loadImport, type ImportRecord } from './imports';
import { invitationCounts } from './invitations';
import { UNDO_WINDOW_MS } from './undo';

/**
 * What the staff screen shows of an import: its state and counts, the commit's progress with its
 * speed and the time left (from the rows done since it started), the invitations' counts, and
 * until when it can be undone.
 */
export async function importDetails(db: DB, record: ImportRecord, now: Date): Promise<ImportData> {
  const view = importView(record);
  const started = record.started_at ? new Date(record.started_at).getTime() : null;
  const end = record.finished_at ? new Date(record.finished_at).getTime() : now.getTime();
  const seconds = started === null ? 0 : Math.max((end - started) / 1000, 0.001);
  const rowsPerSecond =
    started === null || record.done_rows === 0 ? null : Math.round((record.done_rows / seconds) * 10) / 10;
  const left = record.total_rows - record.done_rows;
  const secondsLeft =
    record.state !== 'running'
      ? record.state === 'done'
        ? 0
        : null
      : rowsPerSecond
        ? Math.ceil(left / rowsPerSecond)
        : null;
  const undoUntil =
    record.state === 'done' && record.kind === 'members' && record.finished_at
      ? new Date(new Date(record.finished_at).getTime() + UNDO_WINDOW_MS).toISOString()
      : null;
  return {
    ...view,
    progress: { ...view.progress, rowsPerSecond, secondsLeft },
    invitations: await invitationCounts(db, record.id),
    undoUntil: undoUntil && undoUntil > now.toISOString() ? undoUntil : null,
  };
}

export async function importDetailsById(db: DB, id: number, now: Date): Promise<ImportData> {
  return importDetails(db, await loadImport(db, id), now);
}

/** The imports, newest first, a page at a time. */
export async function listImports(
  db: DB,
  query: { page: number; pageSize: number; kind?: 'members' | 'payments'; state?: ImportRecord['state'] },
  now: Date,
): Promise<{ items: ImportData[]; total: number; page: number; pageSize: number }> {
  let base = db.selectFrom('imports');
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.state) base = base.where('state', '=', query.state);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const records = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const items = await Promise.all(records.map((record) => importDetails(db, record, now)));
  return { items, total: Number(total.n), page: query.page, pageSize: query.pageSize };
}
