import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

describeEachDatabase('Member and chapter records within each role’s scope', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let east: { id: number };
  let west: { id: number };
  let asha: { id: number };
  let ravi: { id: number };
  let member: CreatedUser;
  const get = async (url: string, user?: CreatedUser) => {
    const response = await api.request('GET', url, { token: user?.token });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    east = await createChapter(database.db, { region: 'East', name: 'Kolkata Chapter' });
    west = await createChapter(database.db, {
      region: 'West',
      name: 'Mumbai Chapter',
      city: 'Mumbai',
      state: 'Maharashtra',
    });
    asha = await createMember(database.db, east.id, { firstName: 'Asha' });
    ravi = await createMember(database.db, west.id, { firstName: 'Ravi' });
    member = await createUser(database.db, { roleId: '1', memberId: asha.id });
  });
  afterAll(() => database.drop());

  it('shows a member their own record, with its chapter', async () => {
    const own = await get(`/api/members/${asha.id}`, member);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      id: asha.id,
      firstName: 'Asha',
      chapter: { id: east.id, name: 'Kolkata Chapter', region: 'East' },
    });
    const viaMe = await get('/api/members/me', member);
    expect(viaMe.body.data.id).toBe(asha.id);
  });

  it('answers a member asking for another member with 404 and no data', async () => {
    const other = await get(`/api/members/${ravi.id}`, member);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Ravi');
    expect(other.body.data).toBeUndefined();
  });

  it('lets a chapter admin see only the members of their chapter', async () => {
    const chapterAdmin = await createUser(database.db, { roleId: '4', chapterId: east.id });
    expect((await get(`/api/members/${asha.id}`, chapterAdmin)).status).toBe(200);
    const outside = await get(`/api/members/${ravi.id}`, chapterAdmin);
    expect(outside.status).toBe(404);
    expect(JSON.stringify(outside.body)).not.toContain('Ravi');
  });

  it('lets roles 2 and 5 see any member, refuses content admins with 403 and strangers with 401', async () => {
    for (const roleId of ['2', '5'] as const) {
      const staff = await createUser(database.db, { roleId });
      expect((await get(`/api/members/${ravi.id}`, staff)).body.data.firstName).toBe('Ravi');
    }
    const contentAdmin = await createUser(database.db, { roleId: '3' });
    expect((await get(`/api/members/${asha.id}`, contentAdmin)).status).toBe(403);
    expect((await get(`/api/members/${asha.id}`)).status).toBe(401);
    expect((await get('/api/members/not-a-number', await createUser(database.db, { roleId: '2' }))).status).toBe(400);
  });

  it('answers /api/members/me with 404 for a user without a member record', async () => {
    const staff = await createUser(database.db, { roleId: '5' });
    expect((await get('/api/members/me', staff)).status).toBe(404);
  });

  it('shows a member only their own chapter, and staff any chapter', async () => {
    expect((await get(`/api/chapters/${east.id}`, member)).body.data).toMatchObject({
      id: east.id,
      name: 'Kolkata Chapter',
    });
    const foreign = await get(`/api/chapters/${west.id}`, member);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Mumbai');
    const contentAdmin = await createUser(database.db, { roleId: '3' });
    expect((await get(`/api/chapters/${west.id}`, contentAdmin)).body.data).toMatchObject({
      city: 'Mumbai',
      contactName: null,
    });
  });

  it('lists every chapter for any signed-in user, and nobody else', async () => {
    const list = await get('/api/chapters', member);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Kolkata Chapter', 'Mumbai Chapter']);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(['city', 'code', 'id', 'name', 'region', 'state']);
    expect((await get('/api/chapters')).status).toBe(401);
  });
});
