import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { invalid } from '../errors';
import { IMAGE_WIDTHS, UPLOAD_LIMITS, type Attachment, type ImageRef } from '../../../lib/schemas/content';
import {
  IMAGE_TYPES,
  inspectUpload,
  PDF_TYPES,
  responsiveImages,
  type FileStore,
  type ImageFormat,
} from '../../platform/storage';

/**
 * The files behind published content. Every blob is kept by the store under a random key and
 * recorded in `content_files` (type read from the bytes, size, download name); a picture is
 * re-encoded by sharp into responsive sizes without metadata and recorded in `content_images`.
 */

export const FILE_URL_PREFIX = '/api/content/files/';

interface StoredVariant {
  key: string;
  format: ImageFormat;
  width: number;
  height: number;
}

/** AVIF for the browsers that take it (about half WebP's bytes), WebP, and JPEG for the rest. */
const FORMATS: readonly ImageFormat[] = ['avif', 'webp', 'jpeg'];
const FORMAT_OF_MIME: Record<string, { format: ImageFormat; ext: string }> = {
  'image/avif': { format: 'avif', ext: 'avif' },
  'image/webp': { format: 'webp', ext: 'webp' },
  'image/jpeg': { format: 'jpeg', ext: 'jpg' },
};

export function imageRefOf(row: { id: number; width: number; height: number; variants: string }): ImageRef {
  const variants = JSON.parse(row.variants) as StoredVariant[];
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    variants: variants.map((v) => ({
      url: FILE_URL_PREFIX + v.key,
      format: v.format,
      width: v.width,
      height: v.height,
    })),
  };
}

/** The pictures of `ids` by id (unknown ids are left out). */
export async function imagesByIds(db: DB, ids: (number | null)[]): Promise<Map<number, ImageRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('content_images')
    .select(['id', 'width', 'height', 'variants'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, imageRefOf(row)]));
}

async function keepAll(
  db: DB,
  storage: FileStore,
  files: { bytes: Uint8Array; mime: string; filename: string; open: boolean }[],
  userId: number | null,
  now: Date,
) {
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await storage.put(file.bytes));
    await db
      .insertInto('content_files')
      .values(
        files.map((file, i) => ({
          storage_key: keys[i],
          mime: file.mime,
          size: file.bytes.byteLength,
          filename: file.filename,
          open: file.open ? 1 : 0,
          created_by: userId,
          created_at: nowIso(now),
        })),
      )
      .execute();
    return keys;
  } catch (error) {
    await Promise.all(keys.map((key) => storage.remove(key)));
    throw error;
  }
}

/**
 * Checks a picture by its content and size, re-encodes it (upright, no EXIF or GPS) at the
 * responsive widths as AVIF, WebP and JPEG, and records it. Answers the picture's reference.
 */
export async function storeImage(
  db: DB,
  storage: FileStore,
  bytes: Uint8Array,
  userId: number | null,
  now: Date,
  field = 'file',
): Promise<ImageRef> {
  await inspectUpload(bytes, { ...UPLOAD_LIMITS.image, types: IMAGE_TYPES, field });
  const encoded = await responsiveImages(bytes, { widths: IMAGE_WIDTHS, formats: FORMATS, label: 'picture' });
  const keys = await keepAll(
    db,
    storage,
    encoded.map((image) => ({
      bytes: image.bytes,
      mime: image.mime,
      filename: `picture-${image.width}.${FORMAT_OF_MIME[image.mime].ext}`,
      open: true,
    })),
    userId,
    now,
  );
  const variants: StoredVariant[] = encoded.map((image, i) => ({
    key: keys[i],
    format: FORMAT_OF_MIME[image.mime].format,
    width: image.width,
    height: image.height,
  }));
  const largest = encoded.reduce((a, b) => (b.width > a.width ? b : a));
  const row = await db
    .insertInto('content_images')
    .values({
      width: largest.width,
      height: largest.height,
      variants: JSON.stringify(variants),
      created_by: userId,
      created_at: nowIso(now),
    })
    .returning(['id', 'width', 'height', 'variants'])
    .executeTakeFirstOrThrow();
  return imageRefOf(row);
}

/** Checks a PDF (or, for attachments, a PDF or picture) by content and size and records it. */
export async function storeDocument(
  db: DB,
  storage: FileStore,
  file: { bytes: Uint8Array; name: string },
  kind: 'pdf' | 'attachment',
  userId: number | null,
  now: Date,
): Promise<Attachment & { key: string }> {
  const types = kind === 'pdf' ? PDF_TYPES : [...PDF_TYPES, ...IMAGE_TYPES];
  const inspected = await inspectUpload(file.bytes, { ...UPLOAD_LIMITS[kind], types });
  const base =
    file.name
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .slice(0, 80) || kind;
  const filename = `${base}.${inspected.ext}`;
  const [key] = await keepAll(
    db,
    storage,
    [{ bytes: file.bytes, mime: inspected.mime, filename, open: kind !== 'pdf' }],
    userId,
    now,
  );
  return { key, url: FILE_URL_PREFIX + key, filename, size: file.bytes.byteLength, mime: inspected.mime };
}

/** A file anyone may fetch by its key (pictures, event attachments); publication PDFs are not. */
export async function openFileByKey(db: DB, key: string) {
  return db
    .selectFrom('content_files')
    .select(['storage_key', 'mime', 'size', 'filename'])
    .where('storage_key', '=', key)
    .where('open', '=', 1)
    .executeTakeFirst();
}

/** How much the content area keeps, for the super admin's gallery screen. */
export async function storageTotal(db: DB): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('content_files')
    .select((eb) => [
      eb.fn.countAll<number>().as('files'),
      eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/** The storage keys of a picture's variants (every width and format). */
function variantKeys(variants: string): string[] {
  return (JSON.parse(variants) as StoredVariant[]).map((v) => v.key);
}

/**
 * Forgets pictures that nothing shows any more, after the change that let go of them has
 * committed: a picture is deleted by one statement only while no photo, album, event or issue
 * refers to it (a photo that is also its album's cover is kept until both are gone), then its
 * variants' rows and files go. Answers how many files were removed.
 */
export async function releaseImages(db: DB, storage: FileStore, ids: (number | null | undefined)[]): Promise<number> {
  let removed = 0;
  for (const id of new Set(ids.filter((i): i is number => typeof i === 'number'))) {
    const keys = await db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('content_images')
        .where('id', '=', id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('album_photos')
                .select('id')
                .where('image_id', '=', id)
                .union(selectFrom('albums').select('id').where('cover_image_id', '=', id))
                .union(selectFrom('events').select('id').where('cover_image_id', '=', id))
                .union(selectFrom('publications').select('id').where('cover_image_id', '=', id)),
            ),
          ),
        )
        .returning('variants')
        .executeTakeFirst();
      if (!row) return [];
      const keys = variantKeys(row.variants);
      if (keys.length) await trx.deleteFrom('content_files').where('storage_key', 'in', keys).execute();
      return keys;
    });
    for (const key of keys) await storage.remove(key);
    removed += keys.length;
  }
  return removed;
}

/** After a patch has committed: the cover it replaced, if it named another, is released as above. */
export async function releaseReplacedCover(
  db: DB,
  storage: FileStore,
  patchedCover: number | null | undefined,
  previousCover: number | null,
): Promise<void> {
  if (patchedCover !== undefined && patchedCover !== previousCover) await releaseImages(db, storage, [previousCover]);
}

/** An event's or issue's cover must be an uploaded picture (an album's has its own message). */
export async function checkCover(db: DB, coverImageId: number | null | undefined): Promise<void> {
  if (!coverImageId) return;
  const found = await db.selectFrom('content_images').select('id').where('id', '=', coverImageId).executeTakeFirst();
  if (!found) throw invalid({ coverImageId: 'No such picture: upload the cover again.' });
}

/**
 * Forgets event attachments no event lists any more (after the change has committed): the row
 * goes by one statement only while no event's attachment list names the key, then the file.
 */
export async function releaseAttachments(db: DB, storage: FileStore, keys: string[]): Promise<number> {
  let removed = 0;
  for (const key of new Set(keys)) {
    const deleted = await db
      .deleteFrom('content_files')
      .where('storage_key', '=', key)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('events').select('id').where('attachments', 'like', `%"${key}"%`))),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) continue;
    await storage.remove(key);
    removed += 1;
  }
  return removed;
}
