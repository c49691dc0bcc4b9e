import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { signApiToken } from '../../src/server/auth/token';
import { dialectOf } from '../../src/server/db/dialect';
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

  it('answers the polled count with one database query: the token’s user and the count together', async () => {
    const queries: string[] = [];
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const countingApi = createTestApi(counted);
    const response = await countingApi.request('GET', '/api/notifications/unread-count', { token: memberB.token });
    expect((await json(response)).data.count).toBe(1);
    expect(queries).toEqual(['SelectQueryNode']);
    queries.length = 0;
    // A refusal costs the same one query (or none, when the token itself is refused).
    expect(
      (await countingApi.request('GET', '/api/notifications/unread-count', { token: disabled.token })).status,
    ).toBe(401);
    expect(queries).toEqual(['SelectQueryNode']);
  });

  it('checks the polled count’s token as every route does, in the same query: the same 401 answers', async () => {
    const url = '/api/notifications/unread-count';
    const refusal = async (response: Response) => {
      const body = (await response.json()) as {
        success: boolean;
        data?: unknown;
        error?: { code: string; message: string };
      };
      return { status: response.status, success: body.success, data: body.data, error: body.error };
    };
    const invalid = {
      status: 401,
      success: false,
      data: undefined,
      error: { code: 'unauthorized', message: 'Your session is no longer valid.' },
    };
    // Another user's notices exist, so a refused answer could only leak a count by mistake.
    expect(await count(memberB)).toBe(1);

    expect(await refusal(await api.request('GET', url))).toMatchObject({
      ...invalid,
      error: { code: 'unauthorized', message: 'Sign in to continue.' },
    });
    const forged = await signApiToken(
      { userId: memberB.id, tokenVersion: 0 },
      'not-the-secret-0123456789abcdefghij',
      3600,
    );
    expect(await refusal(await api.request('GET', url, { token: forged }))).toEqual(invalid);
    expect(await refusal(await api.request('GET', url, { token: disabled.token }))).toEqual(invalid);
    const unknownUser = await signApiToken({ userId: 987654, tokenVersion: 0 }, TEST_SECRET, 3600, api.clock.now);
    expect(await refusal(await api.request('GET', url, { token: unknownUser }))).toEqual(invalid);

    // Bumping the token version (disabled, new role, new password) ends the session at once, here too.
    const bumped = await createUser(database.db, { roleId: '1' });
    expect((await api.request('GET', url, { token: bumped.token })).status).toBe(200);
    await database.db.updateTable('users').set({ token_version: 1 }).where('id', '=', bumped.id).execute();
    expect(await refusal(await api.request('GET', url, { token: bumped.token }))).toEqual(invalid);
    // Deactivating a user with a still-valid token: refused from the next poll.
    const active = await createUser(database.db, { roleId: '1' });
    expect((await api.request('GET', url, { token: active.token })).status).toBe(200);
    await database.db.updateTable('users').set({ active: 0 }).where('id', '=', active.id).execute();
    expect(await refusal(await api.request('GET', url, { token: active.token }))).toEqual(invalid);

    const expiredApi = createTestApi(database.db);
    expiredApi.clock.advance(9 * 3600 * 1000);
    expect(await refusal(await expiredApi.request('GET', url, { token: memberB.token }))).toEqual({
      ...invalid,
      error: { code: 'token_expired', message: 'Your session has expired. Sign in again.' },
    });
    expect(await count(memberB)).toBe(1);
  });

  it('answers the polled count and its refusals with Cache-Control: no-store', async () => {
    const ok = await api.request('GET', '/api/notifications/unread-count', { token: memberB.token });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/);
    const refused = await api.request('GET', '/api/notifications/unread-count');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('counts unread with one index lookup (EXPLAIN), alone and in the polled route’s token query', async () => {
    const db = database.db;
    // The shape of the query requireUserWith(c, unreadCountOf) runs: the token's user and the count.
    const combined = sql`select id, active, token_version, (select count(*) from notification_recipients
      where user_id = ${memberA.id} and read_at is null) as unread from users where id = ${memberA.id}`;
    if (dialectOf(db as Kysely<unknown>) === 'postgres') {
      await sql`analyze notification_recipients`.execute(db);
      const plan = await db.transaction().execute(async (trx) => {
        // With a handful of rows a sequential scan is cheaper; the test is about the index being usable.
        await sql`set local enable_seqscan = off`.execute(trx);
        const alone = await sql<{
          'QUERY PLAN': string;
        }>`explain select count(*) from notification_recipients where user_id = ${memberA.id} and read_at is null`.execute(
          trx,
        );
        const withUser = await sql<{ 'QUERY PLAN': string }>`explain ${combined}`.execute(trx);
        return [alone, withUser];
      });
      for (const { rows } of plan) {
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
          /Index (Only )?Scan using notification_recipients_unread_idx|Bitmap Index Scan on notification_recipients_unread_idx/,
        );
      }
    } else {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select count(*) from notification_recipients where user_id = ${memberA.id} and read_at is null`.execute(
        db,
      );
      const withUser = await sql<{ detail: string }>`explain query plan ${combined}`.execute(db);
      for (const { rows } of [plan, withUser]) {
        expect(rows.map((r) => r.detail).join('\n')).toMatch(
          /USING (COVERING )?INDEX notification_recipients_unread_idx/,
        );
      }
    }
  });

  it('answers concurrent polls of different users each with their own count or 401, in fewer queries on PostgreSQL', async () => {
    const db = database.db;
    const at = new Date().toISOString();
    const notices = await db
      .insertInto('notifications')
      .values(
        [1, 2, 3, 4].map((i) => ({
          title: `Batch ${i}`,
          message: 'For the concurrent polls.',
          link: null,
          audience_type: 'all' as const,
          audience_id: null,
          sender_user_id: null,
          recipient_count: 0,
          created_at: at,
        })),
      )
      .returning('id')
      .execute();
    // Users with 0 to 4 unread notices (one more, read, each), and three whose tokens no longer hold.
    const readers = [];
    for (let unread = 0; unread <= 4; unread++) readers.push({ user: await createUser(db, { roleId: '1' }), unread });
    const [disabledNow, bumped, revoked] = [
      await createUser(db, { roleId: '1' }),
      await createUser(db, { roleId: '1' }),
      await createUser(db, { roleId: '2' }),
    ];
    const copies = readers.flatMap(({ user, unread }) =>
      notices.map((notice, i) => ({
        notification_id: notice.id,
        user_id: user.id,
        read_at: i < unread ? null : at,
        created_at: at,
      })),
    );
    const refusedCopies = [disabledNow, bumped, revoked].map((user) => ({
      notification_id: notices[0]!.id,
      user_id: user.id,
      read_at: null,
      created_at: at,
    }));
    await db
      .insertInto('notification_recipients')
      .values([...copies, ...refusedCopies])
      .execute();
    await db.updateTable('users').set({ active: 0 }).where('id', '=', disabledNow.id).execute();
    await db.updateTable('users').set({ token_version: 1 }).where('id', 'in', [bumped.id, revoked.id]).execute();
    const unknownUser = await signApiToken({ userId: 987655, tokenVersion: 0 }, TEST_SECRET, 3600);

    const queries: string[] = [];
    const counted = db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const countingApi = createTestApi(counted);
    const poll = async (token: string) => {
      const response = await countingApi.request('GET', '/api/notifications/unread-count', { token });
      const body = (await response.json()) as { data?: { count: number }; error?: { code: string; message: string } };
      return { status: response.status, count: body.data?.count, error: body.error };
    };
    const refused = {
      status: 401,
      count: undefined,
      error: { code: 'unauthorized', message: 'Your session is no longer valid.' },
    };
    const tokens = [
      ...readers.map((r) => r.user.token),
      disabledNow.token,
      bumped.token,
      unknownUser,
      revoked.token,
      readers[3]!.user.token,
    ];
    const expected = [
      ...readers.map((r) => ({ status: 200, count: r.unread, error: undefined })),
      refused,
      refused,
      refused,
      refused,
      { status: 200, count: readers[3]!.unread, error: undefined },
    ];
    // Three rounds, in different orders: each caller gets the row of its own user, whatever the batch.
    for (const order of [tokens, [...tokens].reverse(), [...tokens.slice(5), ...tokens.slice(0, 5)]]) {
      queries.length = 0;
      const answers = await Promise.all(order.map(poll));
      expect(answers).toEqual(order.map((token) => expected[tokens.indexOf(token)]));
      expect(queries.every((kind) => kind === 'SelectQueryNode')).toBe(true);
      if (database.name === 'PostgreSQL') expect(queries.length).toBeLessThan(order.length);
      else expect(queries).toHaveLength(order.length);
    }
  });
});
