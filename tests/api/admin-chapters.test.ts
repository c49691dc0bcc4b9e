import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { RoleId } from '../../src/lib/roles';
import { officeBearersOf } from '../../src/server/domains/organisation/chapters';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

type Body = { success: boolean; data: any; error?: { code: string; fields?: Record<string, string> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = async (response: Response) => (await response.json()) as Body;

describeEachDatabase('Chapters administration API', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let admin: CreatedUser;
  let contentAdmin: CreatedUser;
  let chapterAdmin: CreatedUser;
  let member: CreatedUser;
  let own: { id: number; code: string };
  let other: { id: number; code: string };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    own = await createChapter(db, { code: 'KOL', name: 'Kolkata Chapter' });
    other = await createChapter(db, { code: 'MUM', name: 'Mumbai Chapter', region: 'West', city: 'Mumbai' });
    const record = await createMember(db, own.id);
    superAdmin = await createUser(db, { roleId: '2' });
    admin = await createUser(db, { roleId: '5' });
    contentAdmin = await createUser(db, { roleId: '3' });
    chapterAdmin = await createUser(db, { roleId: '4', chapterId: own.id });
    member = await createUser(db, { roleId: '1', memberId: record.id });
  });
  afterAll(() => database.drop());

  const tokenOf = (roleId: RoleId) =>
    ({ '1': member, '2': superAdmin, '3': contentAdmin, '4': chapterAdmin, '5': admin })[roleId].token;

  it('lets roles 2, 4 and 5 read chapters (4 only its own) and nobody else', async () => {
    expect((await api.request('GET', '/api/admin/chapters')).status).toBe(401);
    for (const roleId of ['1', '3'] as RoleId[]) {
      expect((await api.request('GET', '/api/admin/chapters', { token: tokenOf(roleId) })).status).toBe(403);
      expect((await api.request('GET', `/api/admin/chapters/${own.id}`, { token: tokenOf(roleId) })).status).toBe(403);
    }
    const all = await json(await api.request('GET', '/api/admin/chapters', { token: admin.token }));
    expect(all.data.items.map((c: { code: string }) => c.code).sort()).toEqual(['KOL', 'MUM']);
    expect(all.data.items.find((c: { code: string }) => c.code === 'KOL').memberCount).toBe(1);
    const mine = await json(await api.request('GET', '/api/admin/chapters', { token: chapterAdmin.token }));
    expect(mine.data.items.map((c: { code: string }) => c.code)).toEqual(['KOL']);
    expect((await api.request('GET', `/api/admin/chapters/${other.id}`, { token: chapterAdmin.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', `/api/admin/chapters/${own.id}`, { token: chapterAdmin.token })).status).toBe(200);
    const filtered = await json(
      await api.request('GET', '/api/admin/chapters?region=West&sort=-name', { token: superAdmin.token }),
    );
    expect(filtered.data.items.map((c: { code: string }) => c.code)).toEqual(['MUM']);
    const csv = await api.request('GET', '/api/admin/chapters/export.csv?q=kolk', { token: superAdmin.token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('KOL,Kolkata Chapter');
    expect(text).not.toContain('MUM');
  });

  it('creates chapters with unique codes that are never reused, super admin only', async () => {
    const body = { code: 'pune', name: 'Pune Chapter', region: 'West', city: 'Pune', state: 'Maharashtra' };
    for (const roleId of ['1', '3', '4', '5'] as RoleId[]) {
      expect((await api.request('POST', '/api/admin/chapters', { token: tokenOf(roleId), body })).status).toBe(403);
    }
    const created = await api.request('POST', '/api/admin/chapters', { token: superAdmin.token, body });
    expect(created.status).toBe(201);
    const chapter = (await json(created)).data;
    expect(chapter).toMatchObject({ code: 'PUNE', active: true, memberCount: 0 });
    const again = await api.request('POST', '/api/admin/chapters', { token: superAdmin.token, body });
    expect(again.status).toBe(409);
    expect((await json(again)).error?.fields).toHaveProperty('code');
    // Deactivated, it keeps its code: a new chapter cannot take it.
    const off = await api.request('PATCH', `/api/admin/chapters/${chapter.id}`, {
      token: superAdmin.token,
      body: { active: false },
    });
    expect((await json(off)).data.active).toBe(false);
    expect((await api.request('POST', '/api/admin/chapters', { token: superAdmin.token, body })).status).toBe(409);
    // The code itself cannot be changed, and unknown fields are refused.
    const rename = await api.request('PATCH', `/api/admin/chapters/${chapter.id}`, {
      token: superAdmin.token,
      body: { code: 'PUN2' },
    });
    expect(rename.status).toBe(400);
    const bad = await api.request('POST', '/api/admin/chapters', {
      token: superAdmin.token,
      body: { code: 'x/1', name: '', region: 'Central', city: 'X', state: 'Y' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error?.fields ?? {}).sort()).toEqual(['code', 'name', 'region']);
    const log = await database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'chapter')
      .where('entity_id', '=', String(chapter.id))
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['chapter.created', 'chapter.updated']);
    const detail = JSON.parse(log[1].detail ?? '{}');
    expect(detail.before.active).toBe(true);
    expect(detail.after.active).toBe(false);
  });

  it('keeps a chapter admin to its own chapter’s contacts and office bearers', async () => {
    const contacts = { contactEmail: 'Kolkata@NIPM.in', contactPhone: '+91 33 2400 0000', address: '1 Park Street' };
    const ok = await api.request('PATCH', `/api/admin/chapters/${own.id}`, {
      token: chapterAdmin.token,
      body: contacts,
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data.contactEmail).toBe('kolkata@nipm.in');
    const name = await api.request('PATCH', `/api/admin/chapters/${own.id}`, {
      token: chapterAdmin.token,
      body: { name: 'Renamed' },
    });
    expect(name.status).toBe(403);
    const otherChapter = await api.request('PATCH', `/api/admin/chapters/${other.id}`, {
      token: chapterAdmin.token,
      body: contacts,
    });
    expect(otherChapter.status).toBe(404);
    expect(
      (await api.request('PATCH', `/api/admin/chapters/${own.id}`, { token: admin.token, body: contacts })).status,
    ).toBe(403);

    const bearer = { name: 'R. Sen', position: 'Chairman', termFrom: '2024-04-01', termTo: null };
    const added = await api.request('POST', `/api/admin/chapters/${own.id}/office-bearers`, {
      token: chapterAdmin.token,
      body: bearer,
    });
    expect(added.status).toBe(201);
    const chairman = (await json(added)).data;
    expect(chairman.current).toBe(true);
    const elsewhere = await api.request('POST', `/api/admin/chapters/${other.id}/office-bearers`, {
      token: chapterAdmin.token,
      body: bearer,
    });
    expect(elsewhere.status).toBe(404);
    const past = await json(
      await api.request('POST', `/api/admin/chapters/${own.id}/office-bearers`, {
        token: superAdmin.token,
        body: { name: 'A. Das', position: 'Secretary', termFrom: '2020-04-01', termTo: '2022-03-31' },
      }),
    );
    expect(past.data.current).toBe(false);
    const backwards = await api.request('PATCH', `/api/admin/chapters/${own.id}/office-bearers/${chairman.id}`, {
      token: chapterAdmin.token,
      body: { termTo: '2020-01-01' },
    });
    expect(backwards.status).toBe(400);
    const detail = await json(await api.request('GET', `/api/admin/chapters/${own.id}`, { token: admin.token }));
    expect(detail.data.officeBearers.map((b: { name: string }) => b.name)).toEqual(['R. Sen', 'A. Das']);
    const current = await officeBearersOf(database.db, own.id, new Date());
    expect(current.map((b) => b.position)).toEqual(['Chairman']);
    expect((await officeBearersOf(database.db, own.id, '2021-06-01')).map((b) => b.name)).toEqual(['A. Das']);

    const wrongChapter = await api.request('DELETE', `/api/admin/chapters/${other.id}/office-bearers/${past.data.id}`, {
      token: superAdmin.token,
    });
    expect(wrongChapter.status).toBe(404);
    const removed = await api.request('DELETE', `/api/admin/chapters/${own.id}/office-bearers/${past.data.id}`, {
      token: chapterAdmin.token,
    });
    expect(removed.status).toBe(200);
    const actions = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'office_bearer')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'office_bearer.created',
      'office_bearer.created',
      'office_bearer.deleted',
    ]);
  });

  it('stores an office bearer’s photo re-encoded and serves it to anyone', async () => {
    const bearer = await json(
      await api.request('POST', `/api/admin/chapters/${own.id}/office-bearers`, {
        token: superAdmin.token,
        body: { name: 'P. Roy', position: 'Treasurer', termFrom: '2024-04-01' },
      }),
    );
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    const url = `/api/admin/chapters/${own.id}/office-bearers/${bearer.data.id}/photo`;
    const refused = await api.app.request(url, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(refused.status).toBe(403);
    const put = await api.app.request(url, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${chapterAdmin.token}` },
    });
    expect(put.status).toBe(200);
    const photoUrl = ((await put.json()) as Body).data.photoUrl as string;
    const photo = await api.request('GET', photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const text = new File(['not a picture'], 'x.png', { type: 'image/png' });
    const fake = new FormData();
    fake.append('photo', text);
    const bad = await api.app.request(url, {
      method: 'PUT',
      body: fake,
      headers: { authorization: `Bearer ${chapterAdmin.token}` },
    });
    expect(bad.status).toBe(415);
  });

  it('refuses every write route to anonymous callers and to roles 1, 3 and 5', async () => {
    const bearer = { name: 'X', position: 'Member', termFrom: '2025-01-01' };
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/admin/chapters', { code: 'ZZZ', name: 'Z', region: 'East', city: 'Z', state: 'Z' }],
      ['PATCH', `/api/admin/chapters/${own.id}`, { contactPhone: '1' }],
      ['POST', `/api/admin/chapters/${own.id}/office-bearers`, bearer],
      ['PATCH', `/api/admin/chapters/${own.id}/office-bearers/1`, { name: 'Y' }],
      ['DELETE', `/api/admin/chapters/${own.id}/office-bearers/1`],
    ];
    for (const [method, url, body] of routes) {
      expect((await api.request(method, url, { body })).status, `${method} ${url}`).toBe(401);
      for (const roleId of ['1', '3', '5'] as RoleId[]) {
        const answer = await api.request(method, url, { token: tokenOf(roleId), body });
        expect(answer.status, `${method} ${url} as ${roleId}`).toBe(403);
      }
    }
    expect((await api.request('GET', `/api/admin/chapters/${own.id}`)).status).toBe(401);
  });

  it('refuses an expired or forged token', async () => {
    const forged = chapterAdmin.token.slice(0, -4) + 'abcd';
    expect((await api.request('GET', '/api/admin/chapters', { token: forged })).status).toBe(401);
    api.clock.advance(9 * 3600 * 1000);
    try {
      expect((await api.request('GET', '/api/admin/chapters', { token: superAdmin.token })).status).toBe(401);
    } finally {
      api.clock.advance(-9 * 3600 * 1000);
    }
  });
});
