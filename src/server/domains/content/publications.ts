import { sql } from 'kysely';
import {
  PUBLICATION_SORT_FIELDS,
  type ContentStatus,
  type PublicationInput,
  type PublicationItem,
  type PublicationSeries,
} from '../../../lib/schemas/content';
import type { SortOrder } from '../../../lib/schemas/common';
import { containsText } from '../../platform/db/export-rows';
import { exportAll, listPage } from './listing';
import { notFound, unauthenticated } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { FileStore } from '../../platform/storage';
import { checkCover, imagesByIds, releaseImages, releaseReplacedCover, storeDocument } from './files';

/**
 * Issues of the three series (newsletter, Personnel Today, research compendium): a listing anyone
 * sees once published, and a PDF that only signed-in members and staff download when the issue
 * is members-only.
 */

export const publicationFileUrl = (id: number) => `/api/content/publications/${id}/file`;

function baseQuery(db: DB) {
  return db
    .selectFrom('publications as p')
    .leftJoin('content_files as f', 'f.storage_key', 'p.pdf_key')
    .selectAll('p')
    .select('f.size as pdf_size');
}

type PublicationRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

async function toItems(db: DB, rows: PublicationRow[]): Promise<PublicationItem[]> {
  const covers = await imagesByIds(
    db,
    rows.map((r) => r.cover_image_id),
  );
  return rows.map((row) => ({
    id: row.id,
    series: row.series,
    title: row.title,
    volume: row.volume,
    number: row.number,
    issueDate: row.issue_date,
    abstract: row.abstract,
    cover: row.cover_image_id ? (covers.get(row.cover_image_id) ?? null) : null,
    membersOnly: row.members_only === 1,
    pdfUrl: row.pdf_key ? publicationFileUrl(row.id) : null,
    pdfSize: row.pdf_size === null ? null : Number(row.pdf_size),
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

export interface PublicationFilters {
  series?: PublicationSeries;
  status?: ContentStatus;
  q?: string;
  sort?: SortOrder<(typeof PUBLICATION_SORT_FIELDS)[number]>;
  publishedOnly?: boolean;
}

const SORT_COLUMNS = { issueDate: 'p.issue_date', title: 'p.title', updatedAt: 'p.updated_at' } as const;

function filtered(db: DB, filters: PublicationFilters) {
  let base = baseQuery(db);
  if (filters.series) base = base.where('p.series', '=', filters.series);
  if (filters.publishedOnly) base = base.where('p.status', '=', 'published');
  else if (filters.status) base = base.where('p.status', '=', filters.status);
  if (filters.q) base = base.where(containsText(sql.ref('p.title'), filters.q));
  return base;
}

function issueListing(db: DB, filters: PublicationFilters) {
  const sort = filters.sort ?? { field: 'issueDate', direction: 'desc' };
  return {
    filtered: () => filtered(db, filters),
    sort: [SORT_COLUMNS[sort.field], sort.direction] as [string, 'asc' | 'desc'],
    idColumn: 'p.id',
    toItems: (rows: PublicationRow[]) => toItems(db, rows),
  };
}

export async function listPublications(db: DB, query: PublicationFilters & { page: number; pageSize: number }) {
  return listPage(issueListing(db, query), query);
}

export function exportPublications(db: DB, filters: PublicationFilters): AsyncGenerator<PublicationItem> {
  return exportAll(issueListing(db, filters));
}

export async function getPublication(db: DB, id: number): Promise<PublicationItem> {
  const row = await baseQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such issue.');
  return (await toItems(db, [row]))[0];
}

function columnsOf(input: Partial<PublicationInput>) {
  return {
    ...(input.series !== undefined && { series: input.series }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.volume !== undefined && { volume: input.volume }),
    ...(input.number !== undefined && { number: input.number }),
    ...(input.issueDate !== undefined && { issue_date: input.issueDate }),
    ...(input.abstract !== undefined && { abstract: input.abstract }),
    ...(input.coverImageId !== undefined && { cover_image_id: input.coverImageId }),
    ...(input.membersOnly !== undefined && { members_only: input.membersOnly ? 1 : 0 }),
    ...(input.status !== undefined && { status: input.status }),
  };
}

export async function createPublication(
  db: DB,
  caller: AuthUser,
  input: PublicationInput,
  now: Date,
): Promise<PublicationItem> {
  await checkCover(db, input.coverImageId);
  const at = nowIso(now);
  const row = await db
    .insertInto('publications')
    .values({
      ...columnsOf(input),
      series: input.series,
      title: input.title,
      issue_date: input.issueDate,
      status: input.status,
      created_by: caller.id,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getPublication(db, row.id);
}

export async function updatePublication(
  db: DB,
  storage: FileStore,
  id: number,
  patch: Partial<PublicationInput>,
  now: Date,
): Promise<PublicationItem> {
  await checkCover(db, patch.coverImageId);
  const previousCover = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('publications')
      .select('cover_image_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('No such issue.');
    await trx
      .updateTable('publications')
      .set({ ...columnsOf(patch), updated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    return before.cover_image_id;
  });
  await releaseReplacedCover(db, storage, patch.coverImageId, previousCover);
  return getPublication(db, id);
}

/** Deletes an issue, then its PDF and its cover (unless shown elsewhere). */
export async function deletePublication(db: DB, storage: FileStore, id: number): Promise<void> {
  const row = await db
    .selectFrom('publications')
    .select(['pdf_key', 'cover_image_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('No such issue.');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('publications').where('id', '=', id).execute();
    if (row.pdf_key) await trx.deleteFrom('content_files').where('storage_key', '=', row.pdf_key).execute();
  });
  if (row.pdf_key) await storage.remove(row.pdf_key);
  await releaseImages(db, storage, [row.cover_image_id]);
}

/** Attaches the issue's PDF (checked by content, at most 20 MB), replacing an earlier one. */
export async function attachPdf(
  db: DB,
  storage: FileStore,
  caller: AuthUser,
  id: number,
  file: { bytes: Uint8Array; name: string },
  now: Date,
): Promise<PublicationItem> {
  const current = await db.selectFrom('publications').select('pdf_key').where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('No such issue.');
  const stored = await storeDocument(db, storage, file, 'pdf', caller.id, now);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('publications')
      .set({ pdf_key: stored.key, updated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    if (current.pdf_key) await trx.deleteFrom('content_files').where('storage_key', '=', current.pdf_key).execute();
  });
  if (current.pdf_key) await storage.remove(current.pdf_key);
  return getPublication(db, id);
}

/**
 * The PDF of an issue for a caller (null: anonymous). Staff read any issue's; others only a
 * published issue's, and a members-only issue's only when signed in (401 otherwise).
 */
export async function publicationPdf(db: DB, storage: FileStore, caller: AuthUser | null, id: number) {
  const row = await db
    .selectFrom('publications as p')
    .innerJoin('content_files as f', 'f.storage_key', 'p.pdf_key')
    .select(['p.status', 'p.members_only', 'p.title', 'f.storage_key', 'f.mime', 'f.filename'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  const staff = caller !== null && caller.roleId !== '1';
  if (!row || (row.status !== 'published' && !staff)) throw notFound('No such issue.');
  if (row.members_only === 1 && !caller) throw unauthenticated('Sign in as a member to download this issue.');
  const bytes = await storage.get(row.storage_key);
  if (!bytes) throw notFound('The file of this issue is missing.');
  return { bytes, contentType: row.mime, filename: row.filename, membersOnly: row.members_only === 1 };
}
