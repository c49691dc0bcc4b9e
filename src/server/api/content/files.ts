import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { ImageRefSchema, UPLOAD_LIMITS } from '../../../lib/schemas/content';
import { openFileByKey, storageTotal, storeImage } from '../../domains/content/files';
import { notFound } from '../../domains/errors';
import { ANYONE, apiRoute, caller, createRouter, respond, rolesOnly, UploadedFile } from '../openapi';
import { storedFileResponse } from '../../platform/storage';

/** Pictures and attachments of published content, and the content area's storage total. */
const tags = ['Content: files'];

/** Who manages content (docs/architecture.md, "Roles"): roles 2, 3, 4 and 5. */
export const CONTENT_STAFF = rolesOnly(ROLE.superAdmin, ROLE.contentAdmin, ROLE.chapterAdmin, ROLE.admin);

/** Room for the multipart framing around the largest file a route takes. */
export const uploadLimit = (maxBytes: number) => maxBytes + 64 * 1024;

export const UploadForm = z.object({ file: UploadedFile }).strict();

export async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

const uploadImageRoute = apiRoute({
  method: 'post',
  path: '/images',
  summary: 'Uploads a picture (a cover): checked by content, re-encoded without metadata in responsive sizes',
  tags,
  access: CONTENT_STAFF,
  request: { body: { content: { 'multipart/form-data': { schema: UploadForm } } } },
  data: ImageRefSchema,
  status: 201,
  bodyLimit: uploadLimit(UPLOAD_LIMITS.image.maxBytes),
});

const fileRoute = apiRoute({
  method: 'get',
  path: '/files/{key}',
  summary: 'A picture or attachment of published content, by its random key',
  description: 'Keys are 128 random bits and never change: answered with a year of public caching.',
  tags,
  access: ANYONE,
  request: { params: z.object({ key: z.string().regex(/^[0-9a-f]{32}$/, 'Not a file key.') }) },
  data: z.never(),
  produces: 'application/octet-stream',
  errors: [404],
});

const storageRoute = apiRoute({
  method: 'get',
  path: '/storage',
  summary: 'How many files and bytes the content area keeps',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  data: z.object({ files: z.number().int(), bytes: z.number().int() }),
});

export const contentFilesRouter = createRouter()
  .openapi(uploadImageRoute, async (c) => {
    const { file } = c.req.valid('form');
    const { db, storage, now } = c.var.deps;
    return respond(c, await storeImage(db, storage, await bytesOf(file), caller(c).id, now()), 201);
  })
  .openapi(fileRoute, async (c) => {
    const { key } = c.req.valid('param');
    const { db, storage } = c.var.deps;
    const file = await openFileByKey(db, key);
    const bytes = file ? await storage.get(file.storage_key) : null;
    if (!file || !bytes) throw notFound('No such file.');
    const picture = file.mime.startsWith('image/');
    return storedFileResponse(c, {
      bytes,
      contentType: file.mime,
      filename: file.filename,
      disposition: picture ? 'inline' : 'attachment',
      cache: 'public',
    });
  })
  .openapi(storageRoute, async (c) => respond(c, await storageTotal(c.var.deps.db)));
