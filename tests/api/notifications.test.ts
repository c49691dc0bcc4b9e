import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signApiToken } from '../../src/server/domains/identity/token';
import type { RoleId } from '../../src/lib/roles';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, TEST_SECRET, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

/** The fields the answers below carry; each test reads the ones its route returns. */
interface AnswerData {
  count: number;
  recipients: number;
  marked: number;
  read: boolean;
  total: number;
  items: {
    id: number;
    title: string;
    link: string | null;
    readAt: string | null;
    recipientCount: number;
    readCount: number;
    audience: { type: string; id: string | null; label: string };
  }[];
}

async function json(response: Response) {
  return (await response.json()) as {
    success: boolean;
    data: AnswerData;
    error?: { code: string; fields?: Record<string, string> };
  };
}

describeEachDatabase('Notifications API', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let chapterA: { id: number };
  let chapterB: { id: number };
  let memberA: CreatedUser;
  let memberANumber: string;
  let memberB: CreatedUser;
  let chapterAdminA: CreatedUser;
  let contentAdmin: CreatedUser;
  let admin: CreatedUser;
  let disabled: CreatedUser;

  const count = async (user: CreatedUser) =>
    (await json(await api.request('GET', '/api/notifications/unread-count', { token: user.token }))).data.count;
  const send = (body: unknown, token = superAdmin.token) =>
    api.request('POST', '/api/admin/notifications', { token, body });

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    chapterA = await createChapter(db);
    chapterB = await createChapter(db);
    const recordA = await createMember(db, chapterA.id, { email: 'Asha.Member@Example.test' });
    memberANumber = recordA.member_number;
    const recordB = await createMember(db, chapterB.id);
    superAdmin = await createUser(db, { roleId: '2' });
    memberA = await createUser(db, { roleId: '1', memberId: recordA.id });
    memberB = await createUser(db, { roleId: '1', memberId: recordB.id });
    chapterAdminA = await createUser(db, { roleId: '4', chapterId: chapterA.id });
    contentAdmin = await createUser(db, { roleId: '3' });
    admin = await createUser(db, { roleId: '5' });
    disabled = await createUser(db, { roleId: '1', active: false });
    await db.updateTable('users').set({ notify_by_email: 1 }).where('id', 'in', [memberA.id, admin.id]).execute();
  });
  afterAll(() => database.drop());

  it('counts per user after a broadcast, a chapter notice and a direct one, and e-mails opted-in recipients', async () => {
    const everyone = [superAdmin, memberA, memberB, chapterAdminA, contentAdmin, admin];
    for (const user of everyone) expect(await count(user)).toBe(0);

    const broadcast = await send({ title: 'AGM', message: 'The AGM is on 1 March.', audience: { type: 'all' } });
    expect(broadcast.status).toBe(201);
    expect((await json(broadcast)).data.recipients).toBe(6);

    const chapter = await send({
      title: 'Chapter meet',
      message: 'Chapter A meets on Friday.',
      link: '/events',
      audience: { type: 'chapter', id: String(chapterA.id) },
    });
    expect((await json(chapter)).data.recipients).toBe(2);

    const direct = await send({
      title: 'Dues',
      message: 'Your dues are received.',
      audience: { type: 'member', id: memberANumber },
    });
    expect((await json(direct)).data.recipients).toBe(1);
    const byEmail = await send({
      title: 'By e-mail',
      message: 'Found by the member e-mail, in any case.',
      audience: { type: 'member', id: 'asha.member@example.TEST' },
    });
    expect((await json(byEmail)).data.recipients).toBe(1);

    const byRole = await send({ title: 'Admins', message: 'For admins.', audience: { type: 'role', id: '5' } });
    expect((await json(byRole)).data.recipients).toBe(1);

    expect(await count(memberA)).toBe(4);
    expect(await count(chapterAdminA)).toBe(2);
    expect(await count(memberB)).toBe(1);
    expect(await count(contentAdmin)).toBe(1);
    expect(await count(admin)).toBe(2);
    expect(await count(superAdmin)).toBe(1);
    const disabledRows = await database.db
      .selectFrom('notification_recipients')
      .select('user_id')
      .where('user_id', '=', disabled.id)
      .execute();
    expect(disabledRows).toEqual([]);

    await api.settle();
    const mails = api.outbox();
    const toMemberA = mails.filter((m) => m.includes(`To: ${memberA.email}`));
    const toAdmin = mails.filter((m) => m.includes(`To: ${admin.email}`));
    expect(toMemberA).toHaveLength(4);
    expect(toAdmin).toHaveLength(2);
    expect(mails).toHaveLength(6);
    expect(
      toMemberA.some((m) => m.includes('Subject: NIPM: Chapter meet') && m.includes('http://localhost:4321/events')),
    ).toBe(true);
  });

  it('refuses an audience that matches nobody or is incomplete, with the field named', async () => {
    const unknownMember = await send({
      title: 'X',
      message: 'Y',
      audience: { type: 'member', id: 'nobody@example.test' },
    });
    expect(unknownMember.status).toBe(400);
    expect((await json(unknownMember)).error?.fields).toHaveProperty(['audience.id']);
    const unknownChapter = await send({ title: 'X', message: 'Y', audience: { type: 'chapter', id: '999999' } });
    expect(unknownChapter.status).toBe(400);
    const missingId = await send({ title: 'X', message: 'Y', audience: { type: 'role' } });
    expect(missingId.status).toBe(400);
    const extraField = await send({ title: 'X', message: 'Y', audience: { type: 'all' }, priority: 'high' });
    expect(extraField.status).toBe(400);
    expect((await json(extraField)).error?.fields).toHaveProperty('priority');
    const badLink = await send({ title: 'X', message: 'Y', link: 'javascript:alert(1)', audience: { type: 'all' } });
    expect(badLink.status).toBe(400);
    const before = await database.db.selectFrom('notifications').select('id').execute();
    expect(before).toHaveLength(5);
  });

  it('lists the caller’s notices newest first, paginated, and filters unread', async () => {
    const first = await json(
      await api.request('GET', '/api/notifications?page=1&pageSize=3', { token: memberA.token }),
    );
    expect(first.data.total).toBe(4);
    expect(first.data.items.map((n: { title: string }) => n.title)).toEqual(['By e-mail', 'Dues', 'Chapter meet']);
    expect(first.data.items[2]).toMatchObject({ link: '/events', readAt: null });
    const second = await json(
      await api.request('GET', '/api/notifications?page=2&pageSize=3', { token: memberA.token }),
    );
    expect(second.data.items.map((n: { title: string }) => n.title)).toEqual(['AGM']);
    const tooBig = await api.request('GET', '/api/notifications?pageSize=1000', { token: memberA.token });
    expect(tooBig.status).toBe(400);
    const unknownParam = await api.request('GET', '/api/notifications?sort=asc', { token: memberA.token });
    expect(unknownParam.status).toBe(400);
    const onlyB = await json(await api.request('GET', '/api/notifications', { token: memberB.token }));
    expect(onlyB.data.items.map((n: { title: string }) => n.title)).toEqual(['AGM']);
  });

  it('marks one’s own notice read, twice harmlessly; someone else’s or an unknown id is a 404 that changes nothing', async () => {
    const list = await json(await api.request('GET', '/api/notifications', { token: memberA.token }));
    const chapterNotice = list.data.items.find((n) => n.title === 'Chapter meet')!;

    const otherBefore = await count(chapterAdminA);
    const foreign = await api.request('POST', `/api/notifications/${chapterNotice.id}/mark-read`, {
      token: memberB.token,
    });
    expect(foreign.status).toBe(404);
    expect(await count(memberB)).toBe(1);
    expect(await count(memberA)).toBe(4);
    expect(await count(chapterAdminA)).toBe(otherBefore);

    const unknown = await api.request('POST', '/api/notifications/987654/mark-read', { token: memberA.token });
    expect(unknown.status).toBe(404);
    for (const badId of ['abc', '0x10', '1e2', '%207']) {
      const notAnId = await api.request('POST', `/api/notifications/${badId}/mark-read`, { token: memberA.token });
      expect({ badId, status: notAnId.status }).toEqual({ badId, status: 400 });
    }
    expect(await count(memberA)).toBe(4);

    const own = await api.request('POST', `/api/notifications/${chapterNotice.id}/mark-read`, { token: memberA.token });
    expect(own.status).toBe(200);
    expect((await json(own)).data).toMatchObject({ read: true, count: 3 });
    const readAt = (
      await database.db
        .selectFrom('notification_recipients')
        .select('read_at')
        .where('user_id', '=', memberA.id)
        .where('notification_id', '=', chapterNotice.id)
        .executeTakeFirstOrThrow()
    ).read_at;
    api.clock.advance(60_000);
    const again = await api.request('POST', `/api/notifications/${chapterNotice.id}/mark-read`, {
      token: memberA.token,
    });
    expect(again.status).toBe(200);
    expect(await count(memberA)).toBe(3);
    const readAtAgain = await database.db
      .selectFrom('notification_recipients')
      .select('read_at')
      .where('user_id', '=', memberA.id)
      .where('notification_id', '=', chapterNotice.id)
      .executeTakeFirstOrThrow();
    expect(readAtAgain.read_at).toBe(readAt);
    expect(await count(chapterAdminA)).toBe(otherBefore);

    const unread = await json(await api.request('GET', '/api/notifications?unread=true', { token: memberA.token }));
    expect(unread.data.total).toBe(3);
    expect(unread.data.items.map((n: { title: string }) => n.title)).not.toContain('Chapter meet');
  });

  it('marks all of one’s own notices read and nobody else’s', async () => {
    const response = await api.request('POST', '/api/notifications/mark-all-read', { token: memberA.token });
    expect(response.status).toBe(200);
    expect((await json(response)).data.marked).toBe(3);
    expect(await count(memberA)).toBe(0);
    expect(await count(chapterAdminA)).toBe(2);
    expect(await count(memberB)).toBe(1);
  });

  it('shows the super admin the history with recipient and read counts', async () => {
    const history = await json(await api.request('GET', '/api/admin/notifications', { token: superAdmin.token }));
    expect(history.data.total).toBe(5);
    const byTitle = Object.fromEntries(
      history.data.items.map((n: { title: string; recipientCount: number; readCount: number }) => [
        n.title,
        [n.recipientCount, n.readCount],
      ]),
    );
    expect(byTitle).toEqual({ AGM: [6, 1], 'Chapter meet': [2, 1], Dues: [1, 1], 'By e-mail': [1, 1], Admins: [1, 0] });
    expect(history.data.items[0]).toMatchObject({ title: 'Admins', audience: { type: 'role', id: '5' } });
    const chapterEntry = history.data.items.find((n) => n.title === 'Chapter meet')!;
    expect(chapterEntry.audience.label).toMatch(/^Chapter: /);
  });

  describe('permissions', () => {
    const userRoutes: [string, string][] = [
      ['GET', '/api/notifications/unread-count'],
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/mark-all-read'],
    ];
    const adminRoutes: [string, string, unknown?][] = [
      ['GET', '/api/admin/notifications'],
      ['GET', '/api/admin/notifications/export.csv'],
      ['POST', '/api/admin/notifications', { title: 'P', message: 'Q', audience: { type: 'role', id: '3' } }],
    ];
    const roleUsers = (): Record<RoleId, CreatedUser> => ({
      '1': memberA,
      '2': superAdmin,
      '3': contentAdmin,
      '4': chapterAdminA,
      '5': admin,
    });

    it('lets every role use its own notices and only the super admin send or read the history', async () => {
      for (const [roleId, user] of Object.entries(roleUsers())) {
        for (const [method, url] of userRoutes) {
          const response = await api.request(method, url, { token: user.token });
          expect(response.status, `${method} ${url} as role ${roleId}`).toBe(200);
        }
        for (const [method, url, body] of adminRoutes) {
          const response = await api.request(method, url, { token: user.token, body });
          const expected = roleId === '2' ? (method === 'POST' ? 201 : 200) : 403;
          expect(response.status, `${method} ${url} as role ${roleId}`).toBe(expected);
        }
      }
      // Only the super admin's POST above went through: one notice to the one content admin.
      const sent = await database.db.selectFrom('notifications').select('id').where('title', '=', 'P').execute();
      expect(sent).toHaveLength(1);
    });

    it('answers 401 to a missing, expired, forged or revoked token on every route, and changes nothing', async () => {
      const list = await json(await api.request('GET', '/api/notifications', { token: memberB.token }));
      const noticeId = list.data.items[0].id;
      const forged = await signApiToken(
        { userId: superAdmin.id, tokenVersion: 0 },
        'not-the-secret-0123456789abcdefghij',
        3600,
      );
      const routes: [string, string, unknown?][] = [
        ...userRoutes,
        ['POST', `/api/notifications/${noticeId}/mark-read`],
        ...adminRoutes,
      ];
      for (const [method, url, body] of routes) {
        expect((await api.request(method, url, { body })).status, `${method} ${url} without token`).toBe(401);
        const forgedAnswer = await api.request(method, url, { token: forged, body });
        expect(forgedAnswer.status, `${method} ${url} forged`).toBe(401);
        expect((await json(forgedAnswer)).success).toBe(false);
        expect((await api.request(method, url, { token: disabled.token, body })).status).toBe(401);
      }
      const revoked = await createUser(database.db, { roleId: '2' });
      await database.db.updateTable('users').set({ token_version: 1 }).where('id', '=', revoked.id).execute();
      expect((await api.request('GET', '/api/admin/notifications', { token: revoked.token })).status).toBe(401);

      const expiredApi = createTestApi(database.db);
      expiredApi.clock.advance(9 * 3600 * 1000);
      for (const [method, url, body] of routes) {
        const response = await expiredApi.request(method, url, { token: superAdmin.token, body });
        expect(response.status, `${method} ${url} expired`).toBe(401);
        expect((await json(response)).error?.code).toBe('token_expired');
      }
      expect(await count(memberB)).toBe(1);
      const sent = await database.db.selectFrom('notifications').select('id').execute();
      expect(sent).toHaveLength(6);
      // A fresh token from the right secret still works: the refusals above were about the tokens.
      const fresh = await signApiToken({ userId: memberB.id, tokenVersion: 0 }, TEST_SECRET, 3600, api.clock.now);
      expect((await api.request('GET', '/api/notifications/unread-count', { token: fresh })).status).toBe(200);
    });
  });
});
