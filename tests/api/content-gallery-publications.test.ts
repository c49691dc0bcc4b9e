import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlbumDetail, Photo, PublicationItem } from '../../src/lib/schemas/content';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { json, photoWithGps, smallPdf, upload } from './content-support';

describeEachDatabase('Content API: gallery and publications', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let member: CreatedUser;
  let staff: CreatedUser[];
  let contentAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    const chapter = await createChapter(db);
    member = await createUser(db, { roleId: '1', memberId: (await createMember(db, chapter.id)).id });
    contentAdmin = await createUser(db, { roleId: '3' });
    staff = [
      await createUser(db, { roleId: '2' }),
      contentAdmin,
      await createUser(db, { roleId: '4', chapterId: chapter.id }),
      await createUser(db, { roleId: '5' }),
    ];
  });
  afterAll(() => database.drop());

  const routes = [
    ['GET', '/api/content/albums'],
    ['POST', '/api/content/albums'],
    ['GET', '/api/content/albums/1'],
    ['PATCH', '/api/content/albums/1'],
    ['DELETE', '/api/content/albums/1'],
    ['PUT', '/api/content/albums/1/photos/order'],
    ['PATCH', '/api/content/albums/1/photos/1'],
    ['DELETE', '/api/content/albums/1/photos/1'],
    ['GET', '/api/content/publications'],
    ['POST', '/api/content/publications'],
    ['GET', '/api/content/publications/1'],
    ['PATCH', '/api/content/publications/1'],
    ['DELETE', '/api/content/publications/1'],
  ] as const;

  it('refuses anonymous callers (401) and members (403) on every staff route, and lets every staff role list', async () => {
    for (const [method, url] of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect({ url, method, status: (await api.request(method, url, { body })).status }).toMatchObject({ status: 401 });
      const asMember = await api.request(method, url, { token: member.token, body });
      expect({ url, method, status: asMember.status }).toMatchObject({ status: 403 });
    }
    for (const user of staff) {
      expect((await api.request('GET', '/api/content/albums', { token: user.token })).status).toBe(200);
      expect((await api.request('GET', '/api/content/publications', { token: user.token })).status).toBe(200);
    }
  });

  it('refuses a search holding a NUL byte with a message, on every content list and its CSV (a 500 on PostgreSQL before)', async () => {
    for (const list of ['events', 'albums', 'publications']) {
      for (const url of [`/api/content/${list}?q=%00t`, `/api/content/${list}/export.csv?q=%00t`]) {
        const answer = await api.request('GET', url, { token: staff[0].token });
        expect({ url, status: answer.status }).toEqual({ url, status: 400 });
        expect((await answer.json()).error.fields).toEqual({ q: 'Remove control or text-direction characters.' });
      }
    }
  });

  it('uploads many photos at once, in order, captioned, reordered and removed, without their GPS', async () => {
    const created = await api.request('POST', '/api/content/albums', {
      token: contentAdmin.token,
      body: { title: 'NATCON 2026', albumDate: '2026-02-06', status: 'published' },
    });
    expect(created.status).toBe(201);
    const album = (await json<AlbumDetail>(created)).data;
    const bytes = await photoWithGps(640, 480);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        upload(
          api,
          'POST',
          `/api/content/albums/${album.id}/photos`,
          { file: { bytes, name: `p${i}.jpg` }, caption: `Photo ${i}` },
          contentAdmin.token,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const detail = (
      await json<AlbumDetail>(
        await api.request('GET', `/api/content/albums/${album.id}`, { token: contentAdmin.token }),
      )
    ).data;
    expect(detail.photos.map((p) => p.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(detail.photoCount).toBe(10);
    expect(detail.cover?.id).toBe(detail.photos[0].image.id);
    const webp = await api.request('GET', detail.photos[0].image.variants.find((v) => v.format === 'webp')!.url);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await webp.arrayBuffer()).includes(Buffer.from('PhoneMaker'))).toBe(false);
    const avif = await api.request('GET', detail.photos[0].image.variants.find((v) => v.format === 'avif')!.url);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(Buffer.from(await avif.arrayBuffer()).includes(Buffer.from('PhoneMaker'))).toBe(false);

    const reversed = detail.photos.map((p) => p.id).reverse();
    const ordered = await api.request('PUT', `/api/content/albums/${album.id}/photos/order`, {
      token: contentAdmin.token,
      body: { photoIds: reversed },
    });
    expect((await json<Photo[]>(ordered)).data.map((p) => p.id)).toEqual(reversed);
    const partial = await api.request('PUT', `/api/content/albums/${album.id}/photos/order`, {
      token: contentAdmin.token,
      body: { photoIds: reversed.slice(1) },
    });
    expect(partial.status).toBe(400);

    const captioned = await api.request('PATCH', `/api/content/albums/${album.id}/photos/${reversed[0]}`, {
      token: contentAdmin.token,
      body: { caption: 'The award evening' },
    });
    expect((await json<Photo>(captioned)).data.caption).toBe('The award evening');
    expect(
      (
        await api.request('DELETE', `/api/content/albums/${album.id}/photos/${reversed[0]}`, {
          token: contentAdmin.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.request('DELETE', `/api/content/albums/${album.id}/photos/${reversed[0]}`, {
          token: contentAdmin.token,
        })
      ).status,
    ).toBe(404);

    const fake = await upload(
      api,
      'POST',
      `/api/content/albums/${album.id}/photos`,
      { file: { bytes: new TextEncoder().encode('MZ not a photo'), name: 'evil.jpg', type: 'image/jpeg' } },
      contentAdmin.token,
    );
    expect(fake.status).toBe(415);
    expect(
      (
        await upload(
          api,
          'POST',
          '/api/content/albums/999999/photos',
          { file: { bytes, name: 'x.jpg' } },
          contentAdmin.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (await upload(api, 'POST', `/api/content/albums/${album.id}/photos`, { file: { bytes, name: 'x.jpg' } })).status,
    ).toBe(401);
  });

  it('serves a members-only PDF to members and staff only (401 anonymously), a public one to anyone, and no draft', async () => {
    const issue = async (body: Record<string, unknown>) => {
      const created = await api.request('POST', '/api/content/publications', {
        token: contentAdmin.token,
        body: {
          series: 'personnel-today',
          title: 'Personnel Today',
          volume: 12,
          number: 3,
          issueDate: '2026-09-30',
          status: 'published',
          ...body,
        },
      });
      expect(created.status).toBe(201);
      const item = (await json<PublicationItem>(created)).data;
      const attached = await upload(
        api,
        'PUT',
        `/api/content/publications/${item.id}/file`,
        { file: { bytes: await smallPdf(), name: 'Issue 3.pdf' } },
        contentAdmin.token,
      );
      expect(attached.status).toBe(200);
      return (await json<PublicationItem>(attached)).data;
    };
    const closed = await issue({ membersOnly: true });
    expect(closed).toMatchObject({ membersOnly: true, pdfUrl: `/api/content/publications/${closed.id}/file` });
    const anonymous = await api.request('GET', closed.pdfUrl!);
    expect(anonymous.status).toBe(401);
    const asMember = await api.request('GET', closed.pdfUrl!, { token: member.token });
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get('content-type')).toBe('application/pdf');
    expect(asMember.headers.get('content-disposition')).toBe('attachment; filename="Issue-3.pdf"');
    expect(asMember.headers.get('cache-control')).toContain('private');
    expect(
      Buffer.from(await asMember.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    for (const user of staff)
      expect((await api.request('GET', closed.pdfUrl!, { token: user.token })).status).toBe(200);

    const open = await issue({ membersOnly: false });
    expect((await api.request('GET', open.pdfUrl!)).status).toBe(200);
    const draft = await issue({ status: 'draft' });
    expect((await api.request('GET', draft.pdfUrl!, { token: member.token })).status).toBe(404);
    expect((await api.request('GET', draft.pdfUrl!, { token: contentAdmin.token })).status).toBe(200);

    const notPdf = await upload(
      api,
      'PUT',
      `/api/content/publications/${open.id}/file`,
      { file: { bytes: await photoWithGps(100, 100), name: 'issue.pdf' } },
      contentAdmin.token,
    );
    expect(notPdf.status).toBe(415);
    const key = (
      await database.db
        .selectFrom('publications')
        .select('pdf_key')
        .where('id', '=', closed.id)
        .executeTakeFirstOrThrow()
    ).pdf_key;
    expect((await api.request('GET', `/api/content/files/${key}`)).status).toBe(404);
  });

  it('changes and deletes an issue, and checks its fields', async () => {
    const bad = await api.request('POST', '/api/content/publications', {
      token: contentAdmin.token,
      body: { series: 'magazine', title: '', issueDate: '30-09-2026', status: 'published', secret: true },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error?.fields ?? {}).sort()).toEqual([
      'issueDate',
      'secret',
      'series',
      'title',
    ]);
    const created = (
      await json<PublicationItem>(
        await api.request('POST', '/api/content/publications', {
          token: contentAdmin.token,
          body: { series: 'newsletter', title: 'NIPM News', issueDate: '2026-10-01', status: 'draft' },
        }),
      )
    ).data;
    const changed = await api.request('PATCH', `/api/content/publications/${created.id}`, {
      token: staff[3].token,
      body: { membersOnly: true, status: 'published' },
    });
    expect((await json<PublicationItem>(changed)).data).toMatchObject({
      membersOnly: true,
      status: 'published',
      pdfUrl: null,
    });
    expect(
      (await api.request('DELETE', `/api/content/publications/${created.id}`, { token: staff[0].token })).status,
    ).toBe(200);
    expect(
      (await api.request('GET', `/api/content/publications/${created.id}`, { token: staff[0].token })).status,
    ).toBe(404);
  });
});
