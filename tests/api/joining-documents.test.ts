import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readDocument, uploadDocument } from '../../src/server/domains/joining/documents';
import { createDiskStore, type FileStore } from '../../src/server/platform/storage/store';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter } from '../support/fixtures';
import { applicationRow } from './joining-support';

/**
 * An applicant's documents as the service keeps them: a picture stored as a JPEG named after the
 * application, each upload audited with what was kept, a new upload of the same kind replacing the old
 * file (which is then deleted, not left behind), and a document whose file has gone answered as missing.
 */
describeEachDatabase('Joining: an application’s documents, kept and replaced', (kind) => {
  let database: TestDatabase;
  let store: FileStore;
  let chapterId: number;
  const now = new Date('2026-11-20T06:00:00Z');

  beforeAll(async () => {
    database = await kind.create();
    store = createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-documents-')));
    chapterId = (await createChapter(database.db, { code: 'DOCS' })).id;
  });
  afterAll(() => database?.drop());

  const picture = async (background: string) =>
    new Uint8Array(
      await sharp({ create: { width: 30, height: 40, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  const keyOf = async (applicationId: number) =>
    (
      await database.db
        .selectFrom('application_documents')
        .select('storage_key')
        .where('application_id', '=', applicationId)
        .where('kind', '=', 'photo')
        .executeTakeFirstOrThrow()
    ).storage_key;

  it('keeps a photo as a JPEG named after the application, audits it, and deletes the one it replaces', async () => {
    const application = await database.db
      .insertInto('applications')
      .values(applicationRow(chapterId, { state: 'awaiting_payment' }))
      .returningAll()
      .executeTakeFirstOrThrow();
    const first = await uploadDocument(
      database.db,
      store,
      application,
      { kind: 'photo', bytes: await picture('#c33') },
      now,
      '203.0.113.5',
    );
    expect(first).toMatchObject({
      kind: 'photo',
      contentType: 'image/jpeg',
      filename: `${application.reference}-photo.jpg`,
      uploadedAt: now.toISOString(),
    });
    const firstKey = await keyOf(application.id);

    const second = await uploadDocument(
      database.db,
      store,
      application,
      { kind: 'photo', bytes: await picture('#33c') },
      now,
      '203.0.113.5',
    );
    const secondKey = await keyOf(application.id);
    expect(secondKey).not.toBe(firstKey);
    expect(await store.get(firstKey)).toBeNull();
    const kept = await readDocument(database.db, store, application.id, 'photo');
    expect(kept).toMatchObject({ contentType: 'image/jpeg', filename: `${application.reference}-photo.jpg` });
    expect(kept.bytes.byteLength).toBe(second.size);

    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'ip', 'detail'])
      .where('entity_id', '=', String(application.id))
      .where('action', '=', 'application.document_uploaded')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail ?? 'null') as unknown }))).toEqual(
      [first, second].map((upload) => ({
        action: 'application.document_uploaded',
        entity: 'application',
        ip: '203.0.113.5',
        detail: { kind: 'photo', contentType: 'image/jpeg', size: upload.size },
      })),
    );

    // A file lost from storage is not served as an empty document.
    await store.remove(secondKey);
    await expect(readDocument(database.db, store, application.id, 'photo')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'This document has not been uploaded.',
    });
  });
});
