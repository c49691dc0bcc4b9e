import { afterAll, beforeAll, expect, it } from 'vitest';
import { signApiToken } from '../../src/server/domains/identity/token';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_THROTTLE_WINDOW_MS,
} from '../../src/lib/constants';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, TEST_SECRET, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, FIXTURE_PASSWORD } from '../support/fixtures';

describeEachDatabase('Sign-in, tokens and the signed-in user', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  const signIn = (email: string, password: string, address = '10.0.0.1') =>
    api.request('POST', '/api/sessions', { body: { email, password }, headers: { 'x-nipm-client-address': address } });

  it('signs in with the e-mail in any case and answers a token that opens /api/me', async () => {
    const chapter = await createChapter(database.db);
    const member = await createMember(database.db, chapter.id);
    const user = await createUser(database.db, { roleId: '1', memberId: member.id, name: 'Asha Rao' });
    const response = await signIn(user.email.toUpperCase(), FIXTURE_PASSWORD);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.user).toEqual({
      id: user.id,
      email: user.email,
      name: 'Asha Rao',
      image: null,
      roleId: '1',
      memberId: member.id,
      chapterId: chapter.id,
      notifyByEmail: false,
    });
    expect(new Date(data.expiresAt).getTime() - api.clock.now.getTime()).toBeGreaterThan(8 * 3600 * 1000 - 2000);
    const me = await api.request('GET', '/api/me', { token: data.token });
    expect((await me.json()).data.email).toBe(user.email);
    const audit = await database.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', user.id).execute();
    expect(audit.map((row) => row.action)).toContain('auth.sign_in');
  });

  it('answers an unknown e-mail and a wrong password with one and the same 401 message', async () => {
    const user = await createUser(database.db, { roleId: '3' });
    const wrongPassword = await signIn(user.email, 'Not-the-password-1', '10.0.0.2');
    const unknownEmail = await signIn('nobody@example.test', FIXTURE_PASSWORD, '10.0.0.2');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const refusal = await wrongPassword.json();
    expect(refusal).toEqual(await unknownEmail.json());
    expect(refusal.error).toMatchObject({
      code: 'invalid_credentials',
      message: 'The e-mail address or password is not correct.',
    });
    const failures = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'auth.sign_in_failed')
      .where('ip', '=', '10.0.0.2')
      .execute();
    expect(failures).toHaveLength(2);
  });

  it('refuses the attempt after the limit with 429 and Retry-After, and lets the user in after the window', async () => {
    const user = await createUser(database.db, { roleId: '5' });
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_ACCOUNT; attempt++) {
      expect((await signIn(user.email, 'Wrong-password-9', '10.0.0.3')).status).toBe(401);
    }
    const refused = await signIn(user.email, FIXTURE_PASSWORD, '10.0.0.4');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE_WINDOW_MS / 1000);
    const lockouts = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'auth.lockout')
      .where('actor_user_id', '=', user.id)
      .execute();
    expect(lockouts).toHaveLength(1);
    api.clock.advance(retryAfter * 1000 + 1000);
    expect((await signIn(user.email, FIXTURE_PASSWORD, '10.0.0.4')).status).toBe(200);
  });

  it('locks a client address that fails across many accounts, and a success does not unlock it', async () => {
    const user = await createUser(database.db, { roleId: '2' });
    expect((await signIn(user.email, FIXTURE_PASSWORD, '10.9.9.9')).status).toBe(200);
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_ADDRESS; attempt++) {
      const answer = await signIn(`guess-${attempt}@example.test`, 'Some-password-1', '10.9.9.9');
      expect(answer.status).toBe(401);
    }
    expect((await signIn(user.email, FIXTURE_PASSWORD, '10.9.9.9')).status).toBe(429);
    expect((await signIn(user.email, FIXTURE_PASSWORD, '10.9.9.10')).status).toBe(200);
  });

  it('takes the address the trusted proxy saw from X-Forwarded-For, never one the client wrote', async () => {
    const proxied = createTestApi(database.db, { trustProxy: 1 });
    const user = await createUser(database.db, { roleId: '3' });
    // The client wrote 198.51.100.9; the one proxy in front appended the address it saw.
    const attempt = (forwardedFor: string, password: string) =>
      proxied.request('POST', '/api/sessions', {
        body: { email: user.email, password },
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await attempt('198.51.100.9, 203.0.113.7', 'Wrong-password-2')).status).toBe(401);
    expect((await attempt('203.0.113.8', 'Wrong-password-2')).status).toBe(401);
    await api.request('POST', '/api/sessions', {
      body: { email: user.email, password: 'Wrong-password-3' },
      headers: { 'x-forwarded-for': '198.51.100.10', 'x-nipm-client-address': '10.0.0.9' },
    });
    const rows = await database.db
      .selectFrom('audit_log')
      .select('ip')
      .where('actor_user_id', '=', user.id)
      .where('action', '=', 'auth.sign_in_failed')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.ip)).toEqual(['203.0.113.7', '203.0.113.8', '10.0.0.9']);
  });

  it('refuses expired, forged, disabled and outdated tokens on a real route', async () => {
    const user = await createUser(database.db, { roleId: '2' });
    expect((await api.request('GET', '/api/me', { token: user.token })).status).toBe(200);
    expect((await api.request('GET', '/api/me')).status).toBe(401);
    const forged = await signApiToken(
      { userId: user.id, tokenVersion: 0 },
      'another-secret-0123456789abcdefghij',
      3600,
    );
    expect((await api.request('GET', '/api/me', { token: forged })).status).toBe(401);
    const expired = await signApiToken(
      { userId: user.id, tokenVersion: 0 },
      TEST_SECRET,
      60,
      new Date(Date.now() - 3600_000),
    );
    const expiredAnswer = await api.request('GET', '/api/me', { token: expired });
    expect(expiredAnswer.status).toBe(401);
    expect((await expiredAnswer.json()).error.code).toBe('token_expired');
    await database.db.updateTable('users').set({ token_version: 1 }).where('id', '=', user.id).execute();
    expect((await api.request('GET', '/api/me', { token: user.token })).status).toBe(401);
    const disabled = await createUser(database.db, { roleId: '2', active: false });
    expect((await api.request('GET', '/api/me', { token: disabled.token })).status).toBe(401);
  });

  it('updates the name and the e-mail preference, and refuses unknown fields with per-field messages', async () => {
    const user = await createUser(database.db, { roleId: '4' });
    const updated = await api.request('PATCH', '/api/me', {
      token: user.token,
      body: { name: '  Ravi Kumar ', notifyByEmail: true },
    });
    expect((await updated.json()).data).toMatchObject({ name: 'Ravi Kumar', notifyByEmail: true });
    const bad = await api.request('PATCH', '/api/me', { token: user.token, body: { name: '', roleId: '2' } });
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error.fields).toEqual({ name: 'Enter your name.', roleId: 'Unknown field.' });
    const me = await api.request('GET', '/api/me', { token: user.token });
    expect((await me.json()).data).toMatchObject({ roleId: '4', name: 'Ravi Kumar' });
  });

  it('changes only the fields sent, stamps the change and audits which fields changed', async () => {
    const user = await createUser(database.db, { roleId: '4', name: 'Asha Rao' });
    const before = await database.db
      .selectFrom('users')
      .select('updated_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await api.request('PATCH', '/api/me', { token: user.token, body: { notifyByEmail: true } });
    const renamed = await api.request('PATCH', '/api/me', { token: user.token, body: { name: 'Asha R. Rao' } });
    expect((await renamed.json()).data).toMatchObject({ name: 'Asha R. Rao', notifyByEmail: true });
    const row = await database.db
      .selectFrom('users')
      .select(['name', 'notify_by_email', 'updated_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Asha R. Rao', notify_by_email: 1 });
    expect(row.updated_at > before.updated_at).toBe(true);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'detail'])
      .where('actor_user_id', '=', user.id)
      .where('action', '=', 'user.updated')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'user.updated', entity: 'user', entity_id: String(user.id), detail: '{"fields":["notifyByEmail"]}' },
      { action: 'user.updated', entity: 'user', entity_id: String(user.id), detail: '{"fields":["name"]}' },
    ]);
  });

  it('changes the password: wrong current password is refused, other sessions end, the new token works', async () => {
    const user = await createUser(database.db, { roleId: '3' });
    const wrong = await api.request('POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: 'Not-it-at-all-1', newPassword: 'Brand-new-Pass-7' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ currentPassword: 'The current password is not correct.' });
    const weak = await api.request('POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: FIXTURE_PASSWORD, newPassword: 'password123' },
    });
    expect((await weak.json()).error.fields.newPassword).toMatch(/too common/);
    const changed = await api.request('POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: FIXTURE_PASSWORD, newPassword: 'Brand-new-Pass-7' },
    });
    expect(changed.status).toBe(200);
    const { data } = await changed.json();
    expect((await api.request('GET', '/api/me', { token: user.token })).status).toBe(401);
    expect((await api.request('GET', '/api/me', { token: data.token })).status).toBe(200);
    expect((await signIn(user.email, 'Brand-new-Pass-7', '10.0.0.5')).status).toBe(200);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id'])
      .where('actor_user_id', '=', user.id)
      .where('action', '=', 'auth.password_changed')
      .execute();
    expect(audit).toEqual([{ action: 'auth.password_changed', entity: 'user', entity_id: String(user.id) }]);
  });
});
