import { sql } from 'kysely';
import {
  ALBUM_SORT_FIELDS,
  type AlbumDetail,
  type AlbumInput,
  type AlbumItem,
  type ContentStatus,
  type Photo,
} from '../../../lib/schemas/content';
import type { SortOrder } from '../../../lib/schemas/common';
import { containsText } from '../../platform/db/export-rows';
import { exportAll, listPage } from './listing';
import { notFound, invalid } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import type { FileStore } from '../../platform/storage';
import { imageRefOf, imagesByIds, releaseImages, releaseReplacedCover, storeImage } from './files';

/**
 * Gallery albums and their photos. Photos keep an explicit position, reordered by the staff.
 */

function albumQuery(db: DB) {
  return db
    .selectFrom('albums as a')
    .leftJoin('events as e', 'e.id', 'a.event_id')
    .selectAll('a')
    .select('e.title as event_title')
    .select((eb) =>
      eb
        .selectFrom('album_photos as p')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('p.album_id', '=', 'a.id')
        .as('photo_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('album_photos as p')
        .select('p.image_id')
        .whereRef('p.album_id', '=', 'a.id')
        .orderBy('p.position')
        .limit(1)
        .as('first_image_id'),
    );
}

type AlbumRow = Awaited<ReturnType<ReturnType<typeof albumQuery>['executeTakeFirstOrThrow']>>;

async function toAlbums(db: DB, rows: AlbumRow[]): Promise<AlbumItem[]> {
  const coverOf = (row: AlbumRow) => row.cover_image_id ?? row.first_image_id ?? null;
  const covers = await imagesByIds(db, rows.map(coverOf));
  return rows.map((row) => {
    const cover = coverOf(row);
    return {
      id: row.id,
      title: row.title,
      albumDate: row.album_date,
      eventId: row.event_id,
      eventTitle: row.event_title,
      description: row.description,
      cover: cover ? (covers.get(cover) ?? null) : null,
      coverImageId: row.cover_image_id,
      photoCount: Number(row.photo_count ?? 0),
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

export interface AlbumFilters {
  status?: ContentStatus;
  q?: string;
  sort?: SortOrder<(typeof ALBUM_SORT_FIELDS)[number]>;
  publishedOnly?: boolean;
}

const ALBUM_SORT_COLUMNS = { albumDate: 'a.album_date', title: 'a.title', updatedAt: 'a.updated_at' } as const;

function filtered(db: DB, filters: AlbumFilters) {
  let base = albumQuery(db);
  if (filters.publishedOnly) base = base.where('a.status', '=', 'published');
  else if (filters.status) base = base.where('a.status', '=', filters.status);
  if (filters.q) base = base.where(containsText(sql.ref('a.title'), filters.q));
  return base;
}

function albumListing(db: DB, filters: AlbumFilters) {
  const sort = filters.sort ?? { field: 'albumDate', direction: 'desc' };
  return {
    filtered: () => filtered(db, filters),
    sort: [ALBUM_SORT_COLUMNS[sort.field], sort.direction] as [string, 'asc' | 'desc'],
    idColumn: 'a.id',
    toItems: (rows: AlbumRow[]) => toAlbums(db, rows),
  };
}

export async function listAlbums(db: DB, query: AlbumFilters & { page: number; pageSize: number }) {
  return listPage(albumListing(db, query), query);
}

export function exportAlbums(db: DB, filters: AlbumFilters): AsyncGenerator<AlbumItem> {
  return exportAll(albumListing(db, filters));
}

async function photosOf(db: DB, albumId: number): Promise<Photo[]> {
  const rows = await db
    .selectFrom('album_photos as p')
    .innerJoin('content_images as i', 'i.id', 'p.image_id')
    .select(['p.id', 'p.caption', 'p.position', 'i.id as image_id', 'i.width', 'i.height', 'i.variants'])
    .where('p.album_id', '=', albumId)
    .orderBy('p.position')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    caption: row.caption,
    position: row.position,
    image: imageRefOf({ id: row.image_id, width: row.width, height: row.height, variants: row.variants }),
  }));
}

/** One album with its photos; `publishedOnly` for the public page (a draft is then not found). */
export async function getAlbum(db: DB, id: number, options: { publishedOnly?: boolean } = {}): Promise<AlbumDetail> {
  let query = albumQuery(db).where('a.id', '=', id);
  if (options.publishedOnly) query = query.where('a.status', '=', 'published');
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('No such album.');
  const [album] = await toAlbums(db, [row]);
  return { ...album, photos: await photosOf(db, id) };
}

async function checkLinks(db: DB, input: Partial<AlbumInput>) {
  if (input.eventId) {
    const event = await db.selectFrom('events').select('id').where('id', '=', input.eventId).executeTakeFirst();
    if (!event) throw invalid({ eventId: 'No such event.' });
  }
  if (input.coverImageId) {
    const image = await db
      .selectFrom('content_images')
      .select('id')
      .where('id', '=', input.coverImageId)
      .executeTakeFirst();
    if (!image) throw invalid({ coverImageId: 'No such picture.' });
  }
}

function columnsOf(input: Partial<AlbumInput>) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.albumDate !== undefined && { album_date: input.albumDate }),
    ...(input.eventId !== undefined && { event_id: input.eventId }),
    ...(input.coverImageId !== undefined && { cover_image_id: input.coverImageId }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.status !== undefined && { status: input.status }),
  };
}

export async function createAlbum(db: DB, caller: AuthUser, input: AlbumInput, now: Date): Promise<AlbumDetail> {
  await checkLinks(db, input);
  const at = nowIso(now);
  const row = await db
    .insertInto('albums')
    .values({
      ...columnsOf(input),
      title: input.title,
      album_date: input.albumDate,
      status: input.status,
      created_by: caller.id,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getAlbum(db, row.id);
}

export async function updateAlbum(
  db: DB,
  storage: FileStore,
  id: number,
  patch: Partial<AlbumInput>,
  now: Date,
): Promise<AlbumDetail> {
  await checkLinks(db, patch);
  const previousCover = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('albums').select('cover_image_id').where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('No such album.');
    await trx
      .updateTable('albums')
      .set({ ...columnsOf(patch), updated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    return before.cover_image_id;
  });
  await releaseReplacedCover(db, storage, patch.coverImageId, previousCover);
  return getAlbum(db, id);
}

/** Deletes an album with its photos, then the pictures nothing else shows. */
export async function deleteAlbum(db: DB, storage: FileStore, id: number): Promise<void> {
  const images = await db.transaction().execute(async (trx) => {
    const album = await trx.selectFrom('albums').select('cover_image_id').where('id', '=', id).executeTakeFirst();
    if (!album) throw notFound('No such album.');
    const photos = await trx.selectFrom('album_photos').select('image_id').where('album_id', '=', id).execute();
    await trx.deleteFrom('albums').where('id', '=', id).execute();
    return [album.cover_image_id, ...photos.map((p) => p.image_id)];
  });
  await releaseImages(db, storage, images);
}

/** Checks, re-encodes and appends one photo at the album's next position (one statement). */
export async function addPhoto(
  db: DB,
  storage: FileStore,
  caller: AuthUser,
  albumId: number,
  file: { bytes: Uint8Array; caption: string },
  now: Date,
): Promise<Photo> {
  const exists = await db.selectFrom('albums').select('id').where('id', '=', albumId).executeTakeFirst();
  if (!exists) throw notFound('No such album.');
  const image = await storeImage(db, storage, file.bytes, caller.id, now);
  const row = await db.transaction().execute(async (trx) => {
    // The album's row is locked while the next position is taken (SQLite runs one write
    // transaction at a time), so photos uploaded at once never share a position.
    const album = await trx
      .selectFrom('albums')
      .select('id')
      .where('id', '=', albumId)
      .$if(dialectOf(trx as never) === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!album) throw notFound('No such album.');
    const last = await trx
      .selectFrom('album_photos')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('album_id', '=', albumId)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('album_photos')
      .values({
        album_id: albumId,
        image_id: image.id,
        caption: file.caption,
        position: Number(last?.position ?? 0) + 1,
        created_at: nowIso(now),
      })
      .returning(['id', 'caption', 'position'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('albums')
      .set({ updated_at: nowIso(now) })
      .where('id', '=', albumId)
      .execute();
    return inserted;
  });
  return { id: row.id, caption: row.caption, position: row.position, image };
}

export async function updatePhoto(db: DB, albumId: number, photoId: number, caption: string): Promise<Photo> {
  const updated = await db
    .updateTable('album_photos')
    .set({ caption })
    .where('id', '=', photoId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows)) throw notFound('No such photo.');
  const photo = (await photosOf(db, albumId)).find((p) => p.id === photoId);
  if (!photo) throw notFound('No such photo.');
  return photo;
}

/** Removes a photo from its album (and as its cover), then its picture unless shown elsewhere. */
export async function removePhoto(
  db: DB,
  storage: FileStore,
  albumId: number,
  photoId: number,
  now: Date,
): Promise<void> {
  const imageId = await db.transaction().execute(async (trx) => {
    const photo = await trx
      .selectFrom('album_photos')
      .select('image_id')
      .where('id', '=', photoId)
      .where('album_id', '=', albumId)
      .executeTakeFirst();
    if (!photo) throw notFound('No such photo.');
    await trx.deleteFrom('album_photos').where('id', '=', photoId).execute();
    await trx
      .updateTable('albums')
      .set({ cover_image_id: null })
      .where('id', '=', albumId)
      .where('cover_image_id', '=', photo.image_id)
      .execute();
    await trx
      .updateTable('albums')
      .set({ updated_at: nowIso(now) })
      .where('id', '=', albumId)
      .execute();
    return photo.image_id;
  });
  await releaseImages(db, storage, [imageId]);
}

/** Puts the album's photos in the given order: the list must name each photo of the album once. */
export async function reorderPhotos(db: DB, albumId: number, photoIds: number[], now: Date): Promise<Photo[]> {
  await db.transaction().execute(async (trx) => {
    const album = await trx.selectFrom('albums').select('id').where('id', '=', albumId).executeTakeFirst();
    if (!album) throw notFound('No such album.');
    const current = await trx.selectFrom('album_photos').select('id').where('album_id', '=', albumId).execute();
    const known = new Set(current.map((p) => p.id));
    if (
      photoIds.length !== known.size ||
      new Set(photoIds).size !== photoIds.length ||
      photoIds.some((id) => !known.has(id))
    ) {
      throw invalid({ photoIds: 'List every photo of the album exactly once.' });
    }
    for (const [index, id] of photoIds.entries()) {
      await trx
        .updateTable('album_photos')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    }
    await trx
      .updateTable('albums')
      .set({ updated_at: nowIso(now) })
      .where('id', '=', albumId)
      .execute();
  });
  return photosOf(db, albumId);
}
