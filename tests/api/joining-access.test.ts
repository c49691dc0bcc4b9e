import { afterAll, beforeAll, expect, it } from 'vitest';
import { signApiToken } from '../../src/server/domains/identity/token';
import type { RoleId } from '../../src/lib/roles';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, TEST_SECRET, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { applicationBody, createProposer, json, seedFees, submit } from './joining-support';

describeEachDatabase('Joining: who may call each route', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let users: Record<RoleId, CreatedUser>;
  let expired: string;
  let forged: string;
  let applicationId: number;
  let ownChapterAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    const db = database.db;
    await seedFees(db, 2026);
    await seedFees(db, 2027);
    const chapter = await createChapter(db);
    const other = await createChapter(db);
    await createProposer(db, chapter.id, { memberNumber: 'AC-1', paidThrough: 2099 });
    await createProposer(db, chapter.id, { memberNumber: 'AC-2', paidThrough: 2099 });
    const member = await createMember(db, chapter.id);
    users = {
      '1': await createUser(db, { roleId: '1', memberId: member.id }),
      '2': await createUser(db, { roleId: '2' }),
      '3': await createUser(db, { roleId: '3' }),
      '4': await createUser(db, { roleId: '4', chapterId: other.id }),
      '5': await createUser(db, { roleId: '5' }),
    };
    ownChapterAdmin = await createUser(db, { roleId: '4', chapterId: chapter.id });
    const admin = users['5'];
    expired = await signApiToken({ userId: admin.id, tokenVersion: 0 }, TEST_SECRET, -60);
    forged = await signApiToken(
      { userId: admin.id, tokenVersion: 0 },
      'another-secret-another-secret-0123456789',
      3600,
    );
    const created = await json<{ reference: string }>(await submit(api, applicationBody(chapter.id, ['AC-1', 'AC-2'])));
    applicationId = (
      await db
        .selectFrom('applications')
        .select('id')
        .where('reference', '=', created.data.reference)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => database.drop());

  const staffRoutes = () => [
    { method: 'GET', url: '/api/admin/applications' },
    { method: 'GET', url: '/api/admin/applications/export.csv' },
    { method: 'GET', url: `/api/admin/applications/${applicationId}` },
    { method: 'POST', url: `/api/admin/applications/${applicationId}/transitions`, body: { to: 'under_scrutiny' } },
    { method: 'GET', url: `/api/admin/applications/${applicationId}/documents/photo` },
  ];
  const feeRoutes = [
    { method: 'GET', url: '/api/admin/membership-fees' },
    {
      method: 'PUT',
      url: '/api/admin/membership-fees/2027-28/student',
      body: { entranceFee: 10_000, subscription: 60_000, oneTimeFee: 0 },
    },
  ];

  it('refuses anonymous, expired and forged callers on every staff route with 401', async () => {
    for (const route of [...staffRoutes(), ...feeRoutes]) {
      for (const token of [undefined, expired, forged, 'not-a-token']) {
        const response = await api.request(route.method, route.url, { token, body: route.body });
        expect({ route: route.url, status: response.status }).toEqual({ route: route.url, status: 401 });
      }
    }
  });

  it('lets roles 2, 4 and 5 into the queue and refuses roles 1 and 3 with 403', async () => {
    for (const route of staffRoutes()) {
      for (const roleId of ['1', '3'] as const) {
        const response = await api.request(route.method, route.url, { token: users[roleId].token, body: route.body });
        expect({ route: route.url, roleId, status: response.status }).toEqual({
          route: route.url,
          roleId,
          status: 403,
        });
      }
    }
    const list = async (user: CreatedUser) =>
      (await json<{ total: number }>(await api.request('GET', '/api/admin/applications', { token: user.token }))).data
        .total;
    expect(await list(users['2'])).toBe(1);
    expect(await list(users['5'])).toBe(1);
    expect(await list(ownChapterAdmin)).toBe(1);
    // Another chapter's admin sees none, and the application does not exist for it.
    expect(await list(users['4'])).toBe(0);
    for (const route of staffRoutes().slice(2)) {
      const response = await api.request(route.method, route.url, { token: users['4'].token, body: route.body });
      expect({ route: route.url, status: response.status }).toEqual({ route: route.url, status: 404 });
    }
    const csv = await api.request('GET', '/api/admin/applications/export.csv', { token: users['2'].token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain('Application,State,Class,Name');
    expect(text).toContain('Awaiting payment');
  });

  it('keeps the fee schedule to the super admin', async () => {
    for (const route of feeRoutes) {
      for (const roleId of ['1', '3', '4', '5'] as const) {
        const response = await api.request(route.method, route.url, { token: users[roleId].token, body: route.body });
        expect({ route: route.url, roleId, status: response.status }).toEqual({
          route: route.url,
          roleId,
          status: 403,
        });
      }
      const response = await api.request(route.method, route.url, { token: users['2'].token, body: route.body });
      expect(response.status).toBe(200);
    }
    const year = await json<{ classCode: string; sample: boolean; subscription: number }[]>(
      await api.request('GET', '/api/admin/membership-fees?financialYear=2027-28', { token: users['2'].token }),
    );
    expect(year.data.find((r) => r.classCode === 'student')).toMatchObject({ sample: false, subscription: 60_000 });
    const badYear = await api.request('PUT', '/api/admin/membership-fees/2027-29/student', {
      token: users['2'].token,
      body: { entranceFee: 1, subscription: 1, oneTimeFee: 0 },
    });
    expect((await json(badYear)).error?.fields?.financialYear).toBe('Use a financial year such as 2026-27.');
    const bad = await api.request('PUT', '/api/admin/membership-fees/2027-28/student', {
      token: users['2'].token,
      body: { entranceFee: -1, subscription: 1.5, oneTimeFee: 0 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error?.fields ?? {}).sort()).toEqual(['entranceFee', 'subscription']);
  });

  it('opens the public routes to anyone, signed in or not', async () => {
    for (const token of [undefined, users['1'].token, users['3'].token]) {
      expect((await api.request('GET', '/api/membership/fee-quote?class=life', { token })).status).toBe(200);
      expect((await api.request('GET', '/api/membership/fees', { token })).status).toBe(200);
    }
    const fees = await json<{ classCode: string }[]>(await api.request('GET', '/api/membership/fees'));
    expect(fees.data.map((f) => f.classCode)).toEqual(['associate', 'corporate', 'life', 'institutional', 'student']);
  });
});
