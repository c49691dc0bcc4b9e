import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD_FORGOT_MAX_PER_ADDRESS, PASSWORD_FORGOT_WINDOW_MS } from '../../src/lib/constants';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, FIXTURE_PASSWORD } from '../support/fixtures';

/**
 * Reset links end (issue 7, item 4): using one, changing the password or issuing a new one ends
 * every earlier link of the account; one link spent twice at once works once. The forgotten-password
 * form is throttled per client address (item 8).
 */
function resetTokenIn(eml: string): string {
  const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = body.match(/\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No reset link in:\n${eml}`);
  return match[1];
}

describeEachDatabase('Reset links and the forgotten-password throttle', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  let addressSequence = 0;
  /** Asks for a link from an address of its own and answers the link's token. */
  const newLink = async (email: string): Promise<string> => {
    const before = api.outbox().length;
    const response = await api.request('POST', '/api/password/forgot', {
      body: { email },
      headers: { 'x-nipm-client-address': `10.20.0.${++addressSequence}` },
    });
    expect(response.status).toBe(200);
    await api.settle();
    expect(api.outbox()).toHaveLength(before + 1);
    return resetTokenIn(api.outbox().at(-1) as string);
  };
  const reset = (token: string, password: string) =>
    api.request('POST', '/api/password/reset', { body: { token, password } });
  const signIn = (email: string, password: string) =>
    api.request('POST', '/api/sessions', {
      body: { email, password },
      headers: { 'x-nipm-client-address': '10.20.9.9' },
    });

  it('ends the first link when a second one is issued', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    const first = await newLink(user.email);
    const second = await newLink(user.email);
    const refused = await reset(first, 'Fresh-Start-2025');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields.token).toMatch(/not valid/);
    expect((await reset(second, 'Fresh-Start-2025')).status).toBe(200);
  });

  it('leaves one usable link after three simultaneous requests for the same account (two servers on PostgreSQL)', async () => {
    // SQLite is one process by design: a second connection in this one thread would only wait on the first.
    const second = kind.name === 'PostgreSQL' ? createTestApi(database.another()) : api;
    for (let round = 0; round < 5; round++) {
      const user = await createUser(database.db, { roleId: '2' });
      await Promise.all(
        [api, second, api].map((server, i) =>
          server.request('POST', '/api/password/forgot', {
            body: { email: user.email },
            headers: { 'x-nipm-client-address': `10.22.${round}.${i}` },
          }),
        ),
      );
      const open = await database.db
        .selectFrom('password_resets')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute();
      expect(open).toHaveLength(1);
    }
    await Promise.all([api.settle(), second.settle()]);
  });

  it('ends every other link of the account when one is used', async () => {
    const user = await createUser(database.db, { roleId: '3' });
    const first = await newLink(user.email);
    // A link issued while another is still open, straight in the table (the form would end the first).
    const second = await newLink(user.email);
    await database.db.updateTable('password_resets').set({ used_at: null }).where('user_id', '=', user.id).execute();
    expect((await reset(second, 'Fresh-Start-2025')).status).toBe(200);
    expect((await reset(first, 'Other-Start-2025')).status).toBe(400);
    expect((await signIn(user.email, 'Fresh-Start-2025')).status).toBe(200);
  });

  it('ends a link issued before a password change', async () => {
    const user = await createUser(database.db, { roleId: '4' });
    const link = await newLink(user.email);
    const changed = await api.request('POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: FIXTURE_PASSWORD, newPassword: 'Changed-Pass-2025' },
    });
    expect(changed.status).toBe(200);
    expect((await reset(link, 'Attacker-Pass-2025')).status).toBe(400);
    expect((await signIn(user.email, 'Changed-Pass-2025')).status).toBe(200);
  });

  it('ends a link when the account changes version by other means (a role change or a disable bumps it)', async () => {
    const user = await createUser(database.db, { roleId: '5' });
    const link = await newLink(user.email);
    await database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    expect((await reset(link, 'Fresh-Start-2025')).status).toBe(400);
  });

  it('answers exactly one 200 to two simultaneous resets with the same link', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    const link = await newLink(user.email);
    const answers = await Promise.all([reset(link, 'First-Choice-2025'), reset(link, 'Second-Choice-2025')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]?.status === 200 ? 'First-Choice-2025' : 'Second-Choice-2025';
    expect((await signIn(user.email, winner)).status).toBe(200);
    const audits = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'auth.password_reset')
      .where('actor_user_id', '=', user.id)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('accepts 10 of 60 simultaneous forgotten-password requests from one address and answers the rest 429', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    const ask = (address: string) =>
      api.request('POST', '/api/password/forgot', {
        body: { email: user.email },
        headers: { 'x-nipm-client-address': address },
      });
    const answers = await Promise.all(Array.from({ length: 60 }, () => ask('10.21.0.1')));
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PASSWORD_FORGOT_MAX_PER_ADDRESS);
    expect(refused).toHaveLength(60 - PASSWORD_FORGOT_MAX_PER_ADDRESS);
    const retryAfter = Number(refused[0]?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_FORGOT_WINDOW_MS / 1000);
    expect((await (refused[0] as Response).json()).error.code).toBe('too_many_requests');
    expect((await ask('10.21.0.2')).status).toBe(200);
    api.clock.advance(PASSWORD_FORGOT_WINDOW_MS + 1000);
    expect((await ask('10.21.0.1')).status).toBe(200);
  });
});
