import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlbumDetail, EventItem, ImageRef, PublicationItem } from '../../src/lib/schemas/content';
import { createDiskStore } from '../../src/server/platform/storage';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser, type CreatedUser } from '../support/fixtures';
import { json, photoWithGps, smallPdf, upload } from './content-support';

/** The keys of every file in the upload folder (the disk store fans them out into two-character folders). */
function keysOnDisk(root: string): Set<string> {
  if (!existsSync(root)) return new Set();
  return new Set(readdirSync(root).flatMap((dir) => readdirSync(path.join(root, dir))));
}
const keysOf = (image: ImageRef) => image.variants.map((v) => v.url.split('/').pop()!);

describeEachDatabase('Content API: removed pictures and files leave storage', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let uploads: string;
  let staff: CreatedUser;
  let photo: Uint8Array;

  const picture = async () => {
    const answer = await upload(
      api,
      'POST',
      '/api/content/images',
      { file: { bytes: photo, name: 'c.jpg' } },
      staff.token,
    );
    expect(answer.status).toBe(201);
    return (await json<ImageRef>(answer)).data;
  };
  const call = async <T>(method: string, url: string, body?: unknown) => {
    const answer = await api.request(method, url, { token: staff.token, body });
    expect(answer.status, `${method} ${url}`).toBeLessThan(300);
    return (await json<T>(answer)).data;
  };
  const expectOnDisk = (keys: string[], present: boolean) => {
    const disk = keysOnDisk(uploads);
    for (const key of keys) expect(disk.has(key), key).toBe(present);
  };
  const fileRows = async (keys: string[]) =>
    (await database.db.selectFrom('content_files').select('storage_key').where('storage_key', 'in', keys).execute())
      .length;

  beforeAll(async () => {
    database = await kind.create();
    uploads = mkdtempSync(path.join(os.tmpdir(), 'nipm-content-cleanup-'));
    api = createTestApi(database.db, { storage: createDiskStore(uploads) });
    staff = await createUser(database.db, { roleId: '3' });
    photo = await photoWithGps(900, 600);
  });
  afterAll(() => database.drop());

  it('removes a removed photo’s every size and format, but keeps it while it is still the album’s cover', async () => {
    const album = await call<AlbumDetail>('POST', '/api/content/albums', {
      title: 'Cleanup',
      albumDate: '2026-11-01',
      status: 'draft',
    });
    const added = [];
    for (const name of ['a.jpg', 'b.jpg']) {
      const answer = await upload(
        api,
        'POST',
        `/api/content/albums/${album.id}/photos`,
        { file: { bytes: photo, name } },
        staff.token,
      );
      added.push((await json<AlbumDetail['photos'][number]>(answer)).data);
    }
    const [first, second] = added;
    expect(keysOf(first.image).length).toBeGreaterThanOrEqual(4);
    expectOnDisk([...keysOf(first.image), ...keysOf(second.image)], true);

    // The second photo is also the cover: removing the photo keeps its files for the cover.
    await call('PATCH', `/api/content/albums/${album.id}`, { coverImageId: second.image.id });
    await call('DELETE', `/api/content/albums/${album.id}/photos/${first.id}`);
    expectOnDisk(keysOf(first.image), false);
    expect(await fileRows(keysOf(first.image))).toBe(0);
    expect(
      await database.db.selectFrom('content_images').select('id').where('id', '=', first.image.id).execute(),
    ).toEqual([]);
    expect(
      (await database.db.selectFrom('album_photos').select('id').where('id', '=', second.id).execute()).length,
    ).toBe(1);

    // Replacing the cover with a new picture keeps the old one: it is still a photo of the album.
    const cover = await picture();
    await call('PATCH', `/api/content/albums/${album.id}`, { coverImageId: cover.id });
    expectOnDisk(keysOf(second.image), true);

    // Deleting the album removes its photos' and its cover's files.
    await call('DELETE', `/api/content/albums/${album.id}`);
    expectOnDisk([...keysOf(second.image), ...keysOf(cover)], false);
    expect(await fileRows([...keysOf(second.image), ...keysOf(cover)])).toBe(0);
  });

  it('removes an event’s replaced cover and, with the event, its cover and attachments; a shared cover stays', async () => {
    const [first, second] = [await picture(), await picture()];
    const base = {
      type: 'national',
      startsAt: '2027-02-05T09:30:00+05:30',
      endsAt: '2027-02-06T18:00:00+05:30',
      description: 'Cleanup.',
      status: 'draft',
    };
    const event = await call<EventItem>('POST', '/api/content/events', {
      ...base,
      title: 'One',
      coverImageId: first.id,
    });
    const other = await call<EventItem>('POST', '/api/content/events', {
      ...base,
      title: 'Two',
      coverImageId: second.id,
    });
    await call('PATCH', `/api/content/events/${event.id}`, { coverImageId: second.id });
    expectOnDisk(keysOf(first), false);
    expectOnDisk(keysOf(second), true);

    const attached = await upload(
      api,
      'POST',
      `/api/content/events/${event.id}/attachments`,
      { file: { bytes: await smallPdf('Programme'), name: 'Programme.pdf' } },
      staff.token,
    );
    const kept = await upload(
      api,
      'POST',
      `/api/content/events/${event.id}/attachments`,
      { file: { bytes: await smallPdf('Menu'), name: 'Menu.pdf' } },
      staff.token,
    );
    expect([attached.status, kept.status]).toEqual([201, 201]);
    const attachments = (await json<EventItem>(kept)).data.attachments.map((a) => a.url.split('/').pop()!);
    expectOnDisk(attachments, true);
    await call('DELETE', `/api/content/events/${event.id}/attachments/${attachments[0]}`);
    expectOnDisk([attachments[0]], false);
    expectOnDisk([attachments[1]], true);

    // The cover is shared with the other event: deleting this one keeps it, removes the attachment.
    await call('DELETE', `/api/content/events/${event.id}`);
    expectOnDisk([attachments[1]], false);
    expect(await fileRows(attachments)).toBe(0);
    expectOnDisk(keysOf(second), true);
    await call('DELETE', `/api/content/events/${other.id}`);
    expectOnDisk(keysOf(second), false);
  });

  it('removes an issue’s replaced cover and PDF, and both with the issue', async () => {
    const [first, second] = [await picture(), await picture()];
    const issue = await call<PublicationItem>('POST', '/api/content/publications', {
      series: 'newsletter',
      title: 'Cleanup issue',
      issueDate: '2026-11-01',
      status: 'draft',
      coverImageId: first.id,
    });
    await call('PATCH', `/api/content/publications/${issue.id}`, { coverImageId: second.id });
    expectOnDisk(keysOf(first), false);
    const pdfKey = async () =>
      (
        await database.db
          .selectFrom('publications')
          .select('pdf_key')
          .where('id', '=', issue.id)
          .executeTakeFirstOrThrow()
      ).pdf_key!;
    const attach = async (title: string) => {
      const answer = await upload(
        api,
        'PUT',
        `/api/content/publications/${issue.id}/file`,
        { file: { bytes: await smallPdf(title), name: `${title}.pdf` } },
        staff.token,
      );
      expect(answer.status).toBeLessThan(300);
      return pdfKey();
    };
    const replaced = await attach('First');
    expectOnDisk([replaced], true);
    await attach('Second');
    expectOnDisk([replaced], false);
    const pdf = await pdfKey();
    expectOnDisk([pdf], true);
    expect(keysOnDisk(uploads).size).toBe(keysOf(second).length + 1);
    await call('DELETE', `/api/content/publications/${issue.id}`);
    expectOnDisk([pdf, ...keysOf(second)], false);
    expect(keysOnDisk(uploads).size).toBe(0);
  });
});
