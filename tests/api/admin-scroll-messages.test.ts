import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoleId } from '../../src/lib/roles';
import { kolkataDate } from '../../src/lib/financial-year';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

type Body = { success: boolean; data: any; error?: { code: string; fields?: Record<string, string> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = async (response: Response) => (await response.json()) as Body;
const day = (from: Date, days: number) => kolkataDate(new Date(from.getTime() + days * 86_400_000));

describeEachDatabase('Scroll ticker API', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let users: Record<RoleId, CreatedUser>;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    const chapter = await createChapter(db);
    const record = await createMember(db, chapter.id);
    users = {
      '1': await createUser(db, { roleId: '1', memberId: record.id }),
      '2': await createUser(db, { roleId: '2' }),
      '3': await createUser(db, { roleId: '3' }),
      '4': await createUser(db, { roleId: '4', chapterId: chapter.id }),
      '5': await createUser(db, { roleId: '5' }),
    };
  });
  afterAll(() => database.drop());

  const create = (body: unknown, token = users['2'].token) =>
    api.request('POST', '/api/admin/scroll-messages', { token, body });

  it('lets only the super admin manage messages', async () => {
    const body = { text: 'Hello', startsOn: '2026-11-01', endsOn: '2026-11-30', active: true };
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/scroll-messages'],
      ['POST', '/api/admin/scroll-messages', body],
      ['PATCH', '/api/admin/scroll-messages/1', { active: false }],
      ['DELETE', '/api/admin/scroll-messages/1'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await api.request(method, url, { body: payload })).status).toBe(401);
      for (const roleId of ['1', '3', '4', '5'] as RoleId[]) {
        const answer = await api.request(method, url, { token: users[roleId].token, body: payload });
        expect(answer.status, `${method} ${url} as ${roleId}`).toBe(403);
      }
    }
  });

  it('shows the current messages publicly, in order, by the Kolkata day, cacheable for a minute', async () => {
    // Days are Kolkata's (kolkataDate), whatever the server's time zone.
    const today = kolkataDate(api.clock.now);
    const later = await json(
      await create({ text: 'Second', startsOn: today, endsOn: today, position: 2, active: true }),
    );
    await create({
      text: 'First',
      link: '/events',
      startsOn: day(api.clock.now, -3),
      endsOn: today,
      position: 1,
      active: true,
    });
    await create({ text: 'Ended', startsOn: day(api.clock.now, -9), endsOn: day(api.clock.now, -1), active: true });
    await create({ text: 'Future', startsOn: day(api.clock.now, 1), endsOn: day(api.clock.now, 5), active: true });
    await create({ text: 'Hidden', startsOn: today, endsOn: today, active: false });
    const current = await api.request('GET', '/api/scroll-messages');
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=60');
    const messages = (await json(current)).data;
    expect(messages.map((m: { text: string }) => m.text)).toEqual(['First', 'Second']);
    expect(messages[0]).toEqual({ id: expect.any(Number), text: 'First', link: '/events' });
    // Other routes keep no-store.
    const list = await api.request('GET', '/api/admin/scroll-messages', { token: users['2'].token });
    expect(list.headers.get('cache-control')).toBe('no-store');
    const all = (await json(list)).data;
    expect(all.total).toBe(5);
    expect(all.items.find((m: { text: string }) => m.text === 'Future').current).toBe(false);

    const moved = await api.request('PATCH', `/api/admin/scroll-messages/${later.data.id}`, {
      token: users['2'].token,
      body: { position: 0 },
    });
    expect((await json(moved)).data.current).toBe(true);
    const reordered = (await json(await api.request('GET', '/api/scroll-messages'))).data;
    expect(reordered.map((m: { text: string }) => m.text)).toEqual(['Second', 'First']);
    const removed = await api.request('DELETE', `/api/admin/scroll-messages/${later.data.id}`, {
      token: users['2'].token,
    });
    expect(removed.status).toBe(200);
    expect(
      (await api.request('DELETE', `/api/admin/scroll-messages/${later.data.id}`, { token: users['2'].token })).status,
    ).toBe(404);
    const log = await database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'scroll_message')
      .where('entity_id', '=', String(later.data.id))
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual([
      'scroll_message.created',
      'scroll_message.updated',
      'scroll_message.deleted',
    ]);
    expect(JSON.parse(log[1].detail ?? '{}')).toMatchObject({ before: { position: 2 }, after: { position: 0 } });
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await database.db.selectFrom('scroll_messages').select('id').execute();
    const answer = await create({
      text: '',
      link: 'javascript:alert(1)',
      startsOn: '2026-12-10',
      endsOn: '2026-12-01',
      active: 'yes',
      extra: 1,
    });
    expect(answer.status).toBe(400);
    const fields = (await json(answer)).error?.fields ?? {};
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['text', 'link', 'active']));
    const backwards = await create({ text: 'x', startsOn: '2026-12-10', endsOn: '2026-12-01', active: true });
    expect((await json(backwards)).error?.fields).toHaveProperty('endsOn');
    const impossible = await create({ text: 'x', startsOn: '2026-02-30', endsOn: '2026-03-01', active: true });
    expect((await json(impossible)).error?.fields).toHaveProperty('startsOn');
    expect(await database.db.selectFrom('scroll_messages').select('id').execute()).toHaveLength(before.length);
  });
});
