import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventItem } from '../../src/lib/schemas/content';
import { eventsVersion, nextEventEnd, publishedEvents } from '../../src/server/domains/content/events';
import { signApiToken } from '../../src/server/domains/identity/token';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { json, photoWithGps, smallPdf, upload } from './content-support';

const event = (overrides: Record<string, unknown> = {}) => ({
  title: 'NATCON 2027',
  type: 'national',
  startsAt: '2027-02-05T09:30:00+05:30',
  endsAt: '2027-02-06T18:00:00+05:30',
  venue: 'Biswa Bangla Convention Centre, Kolkata',
  description: 'The **national** conference.',
  status: 'published',
  ...overrides,
});

describeEachDatabase('Content API: events', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterA: { id: number };
  let chapterB: { id: number };
  let member: CreatedUser;
  let superAdmin: CreatedUser;
  let contentAdmin: CreatedUser;
  let chapterAdminA: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    chapterA = await createChapter(db);
    chapterB = await createChapter(db);
    member = await createUser(db, { roleId: '1', memberId: (await createMember(db, chapterA.id)).id });
    superAdmin = await createUser(db, { roleId: '2' });
    contentAdmin = await createUser(db, { roleId: '3' });
    chapterAdminA = await createUser(db, { roleId: '4', chapterId: chapterA.id });
    admin = await createUser(db, { roleId: '5' });
  });
  afterAll(() => database.drop());

  const create = async (body: unknown, token = contentAdmin.token) =>
    api.request('POST', '/api/content/events', { token, body });

  it('lets roles 2, 3, 4 and 5 list events, and refuses anonymous callers, members and bad tokens', async () => {
    for (const user of [superAdmin, contentAdmin, chapterAdminA, admin]) {
      expect((await api.request('GET', '/api/content/events', { token: user.token })).status).toBe(200);
    }
    expect((await api.request('GET', '/api/content/events')).status).toBe(401);
    expect((await api.request('GET', '/api/content/events', { token: member.token })).status).toBe(403);
    const expired = await signApiToken({ userId: contentAdmin.id, tokenVersion: 0 }, 'another-secret-'.repeat(4), 60);
    expect((await api.request('GET', '/api/content/events', { token: expired })).status).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/content/events'],
      ['PATCH', '/api/content/events/1'],
      ['DELETE', '/api/content/events/1'],
    ]) {
      const body = method === 'DELETE' ? undefined : {};
      expect((await api.request(method, url, { body })).status).toBe(401);
      expect((await api.request(method, url, { token: member.token, body })).status).toBe(403);
    }
  });

  it('creates, previews, changes and deletes an event; the description renders inert', async () => {
    const created = await create(
      event({ description: 'Hi <script>alert(1)</script> [x](javascript:alert(2)) **bold**', status: 'draft' }),
    );
    expect(created.status).toBe(201);
    const item = (await json<EventItem>(created)).data;
    expect(item).toMatchObject({ title: 'NATCON 2027', type: 'national', status: 'draft', region: null });
    expect(item.startsAt).toBe('2027-02-05T04:00:00.000Z');
    expect(item.descriptionHtml).toContain('<strong>bold</strong>');
    expect(item.descriptionHtml).not.toMatch(/<script|javascript:/);

    const changed = await api.request('PATCH', `/api/content/events/${item.id}`, {
      token: admin.token,
      body: { title: 'NATCON 2027, Kolkata', status: 'published' },
    });
    expect((await json<EventItem>(changed)).data).toMatchObject({ title: 'NATCON 2027, Kolkata', status: 'published' });

    const gone = await api.request('DELETE', `/api/content/events/${item.id}`, { token: superAdmin.token });
    expect(gone.status).toBe(200);
    expect((await api.request('GET', `/api/content/events/${item.id}`, { token: superAdmin.token })).status).toBe(404);
  });

  it('asks for the region, the chapter and a sane end, field by field, and rejects unknown fields', async () => {
    const bad = await create(event({ type: 'regional', endsAt: '2027-02-01T09:00:00+05:30', extra: 1 }));
    expect(bad.status).toBe(400);
    const fields = (await json(bad)).error?.fields ?? {};
    expect(fields.extra).toBe('Unknown field.');
    const bad2 = await create(event({ type: 'regional', endsAt: '2027-02-01T09:00:00+05:30' }));
    expect((await json(bad2)).error?.fields).toMatchObject({
      region: 'Choose the region.',
      endsAt: 'The end must not be before the start.',
    });
    const bad3 = await create(event({ type: 'chapter', registration: 'external' }));
    expect((await json(bad3)).error?.fields).toMatchObject({
      chapterId: 'Choose the chapter.',
      registrationUrl: 'Give the registration address.',
    });
    const bad4 = await create(event({ title: '', startsAt: 'tomorrow' }));
    expect(Object.keys((await json(bad4)).error?.fields ?? {})).toEqual(expect.arrayContaining(['title', 'startsAt']));
  });

  it('keeps a chapter admin to their own chapter: another chapter’s event is 404 to read, change or delete', async () => {
    const other = (await json<EventItem>(await create(event({ type: 'chapter', chapterId: chapterB.id })))).data;
    const own = await create(
      event({ type: 'chapter', chapterId: chapterA.id, title: 'Study circle' }),
      chapterAdminA.token,
    );
    expect(own.status).toBe(201);
    const ownId = (await json<EventItem>(own)).data.id;

    expect((await create(event({ type: 'chapter', chapterId: chapterB.id }), chapterAdminA.token)).status).toBe(404);
    expect((await create(event(), chapterAdminA.token)).status).toBe(403);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { title: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await api.request(method, `/api/content/events/${other.id}`, {
        token: chapterAdminA.token,
        body,
      });
      expect({ method, status: response.status }).toEqual({ method, status: 404 });
    }
    const moved = await api.request('PATCH', `/api/content/events/${ownId}`, {
      token: chapterAdminA.token,
      body: { chapterId: chapterB.id },
    });
    expect(moved.status).toBe(404);
    const list = (
      await json<{ items: EventItem[] }>(
        await api.request('GET', '/api/content/events?pageSize=100', { token: chapterAdminA.token }),
      )
    ).data.items;
    expect(list.map((e) => e.id)).toEqual([ownId]);
    expect((await api.request('GET', `/api/content/events/${other.id}`, { token: contentAdmin.token })).status).toBe(
      200,
    );
  });

  it('never shows drafts publicly, and lists upcoming events first (soonest first), then past ones', async () => {
    const now = new Date('2026-11-20T00:00:00Z');
    const at = (date: string) => ({ startsAt: `${date}T10:00:00+05:30`, endsAt: `${date}T17:00:00+05:30` });
    const titles = ['Past old', 'Past recent', 'Soon', 'Later', 'Draft soon'];
    const dates = ['2026-01-10', '2026-10-10', '2026-12-01', '2027-03-01', '2026-11-25'];
    for (const [i, title] of titles.entries()) {
      await create(
        event({ title, type: 'regional', region: 'West', ...at(dates[i]), status: i === 4 ? 'draft' : 'published' }),
      );
    }
    const page = await publishedEvents(database.db, { type: 'regional', page: 1, pageSize: 10, now });
    expect(page.items.map((e) => e.title)).toEqual(['Soon', 'Later', 'Past recent', 'Past old']);
    expect(page.total).toBe(4);
  });

  it('takes a cover picture checked by its content and attachments, stripped of GPS', async () => {
    const cover = await upload(
      api,
      'POST',
      '/api/content/images',
      { file: { bytes: await photoWithGps(), name: 'cover.jpg' } },
      contentAdmin.token,
    );
    expect(cover.status).toBe(201);
    const image = (await json<{ id: number; variants: { url: string; format: string; width: number }[] }>(cover)).data;
    expect(image.variants.map((v) => `${v.format}:${v.width}`).sort()).toEqual(
      [
        'avif:1200',
        'avif:400',
        'avif:800',
        'jpeg:1200',
        'jpeg:400',
        'jpeg:800',
        'webp:1200',
        'webp:400',
        'webp:800',
      ].sort(),
    );
    const avif = await api.request('GET', image.variants.find((v) => v.format === 'avif')!.url);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).format).toBe('heif');
    const served = await api.request('GET', image.variants.find((v) => v.format === 'jpeg')!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('public');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);

    const fake = await upload(
      api,
      'POST',
      '/api/content/images',
      {
        file: { bytes: new TextEncoder().encode('<html>not a picture</html>'), name: 'photo.jpg', type: 'image/jpeg' },
      },
      contentAdmin.token,
    );
    expect(fake.status).toBe(415);
    expect((await json(fake)).error?.message).toMatch(/JPEG, PNG or WebP/);
    expect(
      (
        await upload(
          api,
          'POST',
          '/api/content/images',
          { file: { bytes: await photoWithGps(), name: 'x.jpg' } },
          member.token,
        )
      ).status,
    ).toBe(403);

    const created = (await json<EventItem>(await create(event({ coverImageId: image.id })))).data;
    expect(created.cover?.id).toBe(image.id);
    const attached = await upload(
      api,
      'POST',
      `/api/content/events/${created.id}/attachments`,
      { file: { bytes: await smallPdf('Programme'), name: 'Programme.pdf' } },
      contentAdmin.token,
    );
    expect(attached.status).toBe(201);
    const [attachment] = (await json<EventItem>(attached)).data.attachments;
    expect(attachment).toMatchObject({ filename: 'Programme.pdf', mime: 'application/pdf' });
    const download = await api.request('GET', attachment.url);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect((await create(event({ coverImageId: 999999 }))).status).toBe(400);
  });

  it('keeps every one of 100 attachments sent at once, and removes one by its key', async () => {
    const created = (await json<EventItem>(await create(event({ title: 'Many papers' })))).data;
    const pdf = await smallPdf('Paper');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        upload(
          api,
          'POST',
          `/api/content/events/${created.id}/attachments`,
          { file: { bytes: pdf, name: `paper-${i}.pdf` } },
          contentAdmin.token,
        ),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const after = (
      await json<EventItem>(
        await api.request('GET', `/api/content/events/${created.id}`, { token: contentAdmin.token }),
      )
    ).data;
    expect(new Set(after.attachments.map((a) => a.filename)).size).toBe(100);
    const key = after.attachments[0].url.split('/').pop();
    const removed = await api.request('DELETE', `/api/content/events/${created.id}/attachments/${key}`, {
      token: contentAdmin.token,
    });
    expect((await json<EventItem>(removed)).data.attachments).toHaveLength(99);
    expect(
      (
        await api.request('DELETE', `/api/content/events/${created.id}/attachments/${key}`, {
          token: contentAdmin.token,
        })
      ).status,
    ).toBe(404);
  });

  it('changes the lists’ content version on every create, edit and delete, and knows when the next event ends', async () => {
    const versions = [await eventsVersion(database.db)];
    const created = (await json<EventItem>(await create(event({ title: 'Versioned', endsAt: '2040-01-01T10:00:00Z' }))))
      .data;
    versions.push(await eventsVersion(database.db));
    api.clock.advance(5);
    await api.request('PATCH', `/api/content/events/${created.id}`, {
      token: contentAdmin.token,
      body: { title: 'Versioned again' },
    });
    versions.push(await eventsVersion(database.db));
    await database.db
      .updateTable('chapters')
      .set({ updated_at: '2099-01-01T00:00:00.000Z' })
      .where('id', '=', chapterA.id)
      .execute();
    versions.push(await eventsVersion(database.db));
    await api.request('DELETE', `/api/content/events/${created.id}`, { token: contentAdmin.token });
    versions.push(await eventsVersion(database.db));
    expect(new Set(versions).size).toBe(versions.length);
    expect(await eventsVersion(database.db)).toBe(versions[versions.length - 1]);

    const soon = (
      await json<EventItem>(
        await create(event({ title: 'Soon', startsAt: '2039-12-31T10:00:00Z', endsAt: '2039-12-31T12:00:00Z' })),
      )
    ).data;
    expect(await nextEventEnd(database.db, new Date('2039-12-31T11:00:00Z'))).toBe(soon.endsAt);
    expect(await nextEventEnd(database.db, new Date('2100-01-01T00:00:00Z'))).toBeNull();
  });

  it('answers the super admin the storage total, and nobody else', async () => {
    const total = await api.request('GET', '/api/content/storage', { token: superAdmin.token });
    expect((await json<{ files: number; bytes: number }>(total)).data.files).toBeGreaterThan(0);
    for (const user of [member, contentAdmin, chapterAdminA, admin]) {
      expect((await api.request('GET', '/api/content/storage', { token: user.token })).status).toBe(403);
    }
    expect((await api.request('GET', '/api/content/storage')).status).toBe(401);
  });
});
