import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { signApiToken } from '../../src/server/domains/identity/token';
import { dialectOf } from '../../src/server/platform/db/dialect';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, TEST_SECRET, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

/**
 * The polled route, GET /api/notifications/unread-count: one database round trip per poll, the
 * same token checks and 401 answers as every route, the partial index, and concurrent polls of
 * different users batched on PostgreSQL without mixing their answers. (The other notification
 * routes: notifications.test.ts.)
 */
async function json(response: Response) {
  return (await response.json()) as { success: boolean; data: { count: number } };
}

describeEachDatabase('Unread count', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let memberA: CreatedUser;
  let memberB: CreatedUser;
  let disabled: CreatedUser;

  const count = async (user: CreatedUser) =>
    (await json(await api.request('GET', '/api/notifications/unread-count', { token: user.token }))).data.count;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    const chapter = await createChapter(db);
    const superAdmin = await createUser(db, { roleId: '2' });
    memberA = await createUser(db, { roleId: '1', memberId: (await createMember(db, chapter.id)).id });
    const recordB = await createMember(db, chapter.id);
    memberB = await createUser(db, { roleId: '1', memberId: recordB.id });
    disabled = await createUser(db, { roleId: '1', active: false });
    // One unread notice for member B (and for member A, whose count the plan tests read).
    for (const member of [recordB.member_number, memberA.email]) {
      const sent = await api.request('POST', '/api/admin/notifications', {
        token: superAdmin.token,
        body: { title: 'Notice', message: 'For the polls.', audience: { type: 'member', id: member } },
      });
      expect(sent.status).toBe(201);
    }
  });
  afterAll(() => database.drop());
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
