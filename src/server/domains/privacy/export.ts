import { strToU8, zipSync, type Zippable } from 'fflate';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { FileStore } from '../../platform/storage/store';
import { writeAudit } from '../audit/audit';
import { CURRENT_NOTICE_VERSION } from '../../../lib/schemas/privacy';
import { collectPersonData } from './collect';
import { gatherPersonKeys } from './person';
import type { ExportSource, PersonKeys } from './export-manifest';

/**
 * "Download my data" (DPDP Act, section 11): one ZIP with a JSON file per kind of record and the
 * original files. It is prepared as a job so a large member's export never holds a request open:
 * the request answers 202 at once and the page polls until the ZIP is ready, within seconds.
 */

const README = `This archive holds every record the National Institute of Personnel Management keeps about you on
its website, as it was when the archive was made. Each .json file is one kind of record (see the privacy notice,
version ${CURRENT_NOTICE_VERSION}, at /privacy); the files/ folder holds the documents you uploaded and the
tickets made for you. Passwords and the secrets of status links are never included.
`;

/** A job left pending this long is taken to have died with its server and is started again. */
const STALE_MS = 2 * 60_000;

/** The ZIP of everything about the account `userId`. */
export async function buildExportZip(db: DB, store: FileStore, userId: number, now: Date): Promise<Uint8Array> {
  return zipOf(db, store, await gatherPersonKeys(db, { userId }), now);
}

/** The ZIP of the rows and files these keys reach (and the extra sources' rows). */
export async function zipOf(
  db: DB,
  store: FileStore,
  keys: PersonKeys,
  now: Date,
  extraSources: readonly ExportSource[] = [],
): Promise<Uint8Array> {
  const { sections, files } = await collectPersonData(db, keys, extraSources);
  const entries: Zippable = { 'README.txt': strToU8(README) };
  for (const section of sections)
    entries[`${section.source.file}.json`] = strToU8(JSON.stringify(section.rows, null, 2));
  for (const file of files) {
    const bytes = await store.get(file.key);
    if (bytes) entries[file.path] = bytes;
  }
  entries['made.json'] = strToU8(JSON.stringify({ madeAt: nowIso(now), noticeVersion: CURRENT_NOTICE_VERSION }));
  return zipSync(entries, { level: 6 });
}

export type ExportState =
  { state: 'none' } | { state: 'pending' | 'failed'; id: number } | { state: 'ready'; id: number };

/** The caller's latest export and its state. */
export async function exportState(db: DB, userId: number): Promise<ExportState & { requestedAt?: string }> {
  const job = await db
    .selectFrom('data_export_jobs')
    .select(['id', 'state', 'requested_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!job) return { state: 'none' };
  return { state: job.state, id: job.id, requestedAt: job.requested_at };
}

/**
 * Starts an export unless one is already being prepared (a second click, or a second server,
 * reuses it); answers the job's id.
 */
export async function requestExport(db: DB, userId: number, now: Date): Promise<{ id: number; start: boolean }> {
  const latest = await exportState(db, userId);
  if (latest.state === 'pending' && latest.requestedAt && now.getTime() - Date.parse(latest.requestedAt) < STALE_MS)
    return { id: latest.id, start: false };
  const row = await db
    .insertInto('data_export_jobs')
    .values({ user_id: userId, requested_at: nowIso(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, start: true };
}

/** Prepares job `id`: builds the ZIP, stores it, replaces the person's earlier ZIP. */
export async function runExportJob(db: DB, store: FileStore, id: number, now: () => Date = () => new Date()) {
  const job = await db.selectFrom('data_export_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job || job.state !== 'pending') return;
  try {
    const zip = await buildExportZip(db, store, job.user_id, now());
    const key = await store.put(zip);
    const older = await db
      .selectFrom('data_export_jobs')
      .select(['id', 'storage_key'])
      .where('user_id', '=', job.user_id)
      .where('id', '<>', id)
      .execute();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('data_export_jobs')
        .set({ state: 'ready', ready_at: nowIso(now()), storage_key: key })
        .where('id', '=', id)
        .execute();
      if (older.length)
        await trx
          .deleteFrom('data_export_jobs')
          .where(
            'id',
            'in',
            older.map((o) => o.id),
          )
          .execute();
      await writeAudit(trx, {
        action: 'privacy.export_prepared',
        at: now(),
        actorUserId: job.user_id,
        entity: 'user',
        entityId: job.user_id,
      });
    });
    for (const old of older) if (old.storage_key) await store.remove(old.storage_key);
  } catch (error) {
    console.error('[privacy] export failed', id, error);
    await db.updateTable('data_export_jobs').set({ state: 'failed' }).where('id', '=', id).execute();
  }
}

/** The ready ZIP of the caller's latest export, or null. */
export async function readyExport(db: DB, store: FileStore, userId: number): Promise<Uint8Array | null> {
  const job = await db
    .selectFrom('data_export_jobs')
    .select(['storage_key'])
    .where('user_id', '=', userId)
    .where('state', '=', 'ready')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return job?.storage_key ? store.get(job.storage_key) : null;
}
