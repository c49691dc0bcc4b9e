import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE } from '../../src/lib/schemas/text';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';

/**
 * Input that used to be stored or to answer 500 (issue 7, items 5, 6 and 9): notice links that
 * leave the site, huge page numbers, control and text-direction characters in names and titles.
 */
describeEachDatabase('Input hardening', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let member: CreatedUser;
  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    member = await createUser(database.db, { roleId: '1' });
  });
  afterAll(() => database.drop());

  const send = (body: Record<string, unknown>) =>
    api.request('POST', '/api/admin/notifications', {
      token: superAdmin.token,
      body: { title: 'Notice', message: 'Text', audience: { type: 'role', id: '1' }, ...body },
    });

  it.each(['/\\evil.example', '/\\\\evil.example/x', '/\t/evil.example', '/\n/evil.example', '//evil.example'])(
    'refuses the notice link %j, which browsers follow off the site',
    async (link) => {
      const answer = await send({ link });
      expect(answer.status).toBe(400);
      expect(Object.keys((await answer.json()).error.fields)).toEqual(['link']);
    },
  );

  it('stores a site path and an http(s) address as links', async () => {
    for (const link of ['/events', 'https://www.example.org/report']) {
      const answer = await send({ link });
      expect(answer.status).toBe(201);
      const id = (await answer.json()).data.id;
      const row = await database.db.selectFrom('notifications').select('link').where('id', '=', id).executeTakeFirst();
      expect(row?.link).toBe(link);
    }
  });

  it('answers 400, not 500, to page=1e20 on the member’s and the super admin’s lists', async () => {
    for (const [url, token] of [
      ['/api/notifications?page=1e20', member.token],
      ['/api/admin/notifications?page=1e20', superAdmin.token],
      ['/api/notifications?pageSize=1e20', member.token],
      ['/api/admin/notifications?page=100000000000000000000', superAdmin.token],
    ] as const) {
      const answer = await api.request('GET', url, { token });
      expect(answer.status, url).toBe(400);
      expect((await answer.json()).error.code).toBe('validation_failed');
    }
  });

  it.each([
    ['NUL', 'Asha\u0000Rao'],
    ['right-to-left override', 'Asha \u202eoaR'],
  ])('refuses a name with a %s and keeps the old name', async (_what, name) => {
    const user = await createUser(database.db, { roleId: '3', name: 'Asha Rao' });
    const answer = await api.request('PATCH', '/api/me', { token: user.token, body: { name } });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.fields).toEqual({ name: CONTROL_CHARACTER_MESSAGE });
    const row = await database.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirst();
    expect(row?.name).toBe('Asha Rao');
  });

  it('refuses a notice title with a NUL or a bidirectional override, and a message with a NUL', async () => {
    for (const body of [{ title: 'AGM\u0000' }, { title: 'AGM \u202e2026' }]) {
      const answer = await send(body);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.fields).toEqual({ title: CONTROL_CHARACTER_MESSAGE });
    }
    const message = await send({ message: 'Dear members\u0000' });
    expect((await message.json()).error.fields).toEqual({ message: CONTROL_CHARACTER_MESSAGE });
    expect((await send({ title: 'आम सभा 2026', message: 'Line one\nLine two' })).status).toBe(201);
  });
});
