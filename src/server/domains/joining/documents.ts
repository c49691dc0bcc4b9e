import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { conflict, notFound } from '../errors';
import {
  IMAGE_TYPES,
  inspectUpload,
  MB,
  PDF_TYPES,
  reencodeImage,
  type FileStore,
  type UploadRule,
} from '../../platform/storage';
import { CLOSED_STATES, type DocumentKind } from '../../../lib/schemas/membership';
import { writeAudit } from '../audit/audit';
import type { ApplicationRow } from './records';

/** Photos up to 2 MB (re-encoded without metadata), certificates and ID cards as PDF or picture up to 5 MB. */
export const DOCUMENT_RULES: Record<DocumentKind, UploadRule> = {
  photo: { label: 'photo', types: IMAGE_TYPES, maxBytes: 2 * MB, field: 'file' },
  certificate: { label: 'certificate', types: [...PDF_TYPES, ...IMAGE_TYPES], maxBytes: 5 * MB, field: 'file' },
  'id-card': { label: 'ID card', types: [...PDF_TYPES, ...IMAGE_TYPES], maxBytes: 5 * MB, field: 'file' },
};

/** The largest multipart body the upload route reads: the largest file plus the form's few fields. */
export const DOCUMENT_BODY_LIMIT = 5 * MB + 64 * 1024;

const PHOTO_MAX_WIDTH = 1200;

/**
 * Keeps one document of an application (a new upload of the same kind replaces the old one).
 * Checked by content and size; a picture is decoded and written again without its metadata.
 */
export async function uploadDocument(
  db: DB,
  store: FileStore,
  application: ApplicationRow,
  input: { kind: DocumentKind; bytes: Uint8Array },
  now: Date,
  ip: string,
) {
  if (CLOSED_STATES.includes(application.state)) {
    throw conflict('This application is closed: its documents can no longer change.');
  }
  const rule = DOCUMENT_RULES[input.kind];
  const inspected = await inspectUpload(input.bytes, rule);
  let bytes = input.bytes;
  let contentType = inspected.mime;
  let ext = inspected.ext;
  if (inspected.mime.startsWith('image/')) {
    const image = await reencodeImage(input.bytes, { maxWidth: PHOTO_MAX_WIDTH, format: 'jpeg', label: rule.label });
    bytes = image.bytes;
    contentType = image.mime;
    ext = 'jpg';
  }
  const key = await store.put(bytes);
  const filename = `${application.reference}-${input.kind}.${ext}`;
  const values = {
    storage_key: key,
    content_type: contentType,
    filename,
    size: bytes.byteLength,
    uploaded_at: nowIso(now),
  };
  const previous = await db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('application_documents')
      .select('storage_key')
      .where('application_id', '=', application.id)
      .where('kind', '=', input.kind)
      .executeTakeFirst();
    await trx
      .insertInto('application_documents')
      .values({ application_id: application.id, kind: input.kind, ...values })
      .onConflict((oc) => oc.columns(['application_id', 'kind']).doUpdateSet(values))
      .execute();
    await writeAudit(trx, {
      action: 'application.document_uploaded',
      at: now,
      entity: 'application',
      entityId: application.id,
      ip,
      detail: { kind: input.kind, contentType, size: bytes.byteLength },
    });
    return old?.storage_key;
  });
  if (previous) await store.remove(previous);
  return { kind: input.kind, contentType, filename, size: bytes.byteLength, uploadedAt: values.uploaded_at };
}

export async function readDocument(db: DB, store: FileStore, applicationId: number, kind: DocumentKind) {
  const row = await db
    .selectFrom('application_documents')
    .select(['storage_key', 'content_type', 'filename'])
    .where('application_id', '=', applicationId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const bytes = row ? await store.get(row.storage_key) : null;
  if (!row || !bytes) throw notFound('This document has not been uploaded.');
  return { bytes, contentType: row.content_type, filename: row.filename };
}
