import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  PASSWORD_RESET_MAX_REQUESTS,
  PASSWORD_RESET_REQUEST_WINDOW_MS,
  PASSWORD_RESET_TTL_MS,
} from '../../src/lib/constants';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, FIXTURE_PASSWORD } from '../support/fixtures';

/** The reset token of the link in an .eml message (quoted-printable soft breaks undone). */
function resetTokenIn(eml: string): string {
  const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = body.match(/http:\/\/localhost:4321\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No reset link in:\n${eml}`);
  return match[1];
}

describeEachDatabase('Forgotten password and reset by e-mail', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  const forgot = async (email: string) => {
    const response = await api.request('POST', '/api/password/forgot', { body: { email } });
    await api.settle();
    return { status: response.status, body: await response.json() };
  };
  const reset = async (token: string, password: string) => {
    const response = await api.request('POST', '/api/password/reset', { body: { token, password } });
    return { status: response.status, body: await response.json() };
  };
  const signIn = (email: string, password: string) =>
    api.request('POST', '/api/sessions', { body: { email, password } });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = api.outbox().length;
    const answer = await forgot('nobody-here@example.test');
    expect(answer).toEqual({ status: 200, body: { success: true, data: { sent: true } } });
    expect(api.outbox()).toHaveLength(before);
  });

  it('e-mails a single-use link that sets a new password and ends the old sessions', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    const answer = await forgot(user.email.toUpperCase());
    expect(answer.body).toEqual({ success: true, data: { sent: true } });
    const mail = api.outbox().at(-1) as string;
    expect(mail).toContain(`To: ${user.email}`);
    const token = resetTokenIn(mail);
    const stored = await database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const weak = await reset(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields).toEqual({ password: 'Use at least 8 characters.' });

    expect((await reset(token, 'Fresh-Start-2025')).body).toEqual({ success: true, data: { reset: true } });
    expect((await api.request('GET', '/api/me', { token: user.token })).status).toBe(401);
    expect((await signIn(user.email, FIXTURE_PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, 'Fresh-Start-2025')).status).toBe(200);

    const again = await reset(token, 'Another-Start-2025');
    expect(again.status).toBe(400);
    expect(again.body.error.fields.token).toMatch(/not valid/);
    const actions = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', user.id)
      .execute();
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['auth.password_reset_requested', 'auth.password_reset']),
    );
  });

  it('refuses a link older than one hour, and a made-up token', async () => {
    const user = await createUser(database.db, { roleId: '3' });
    await forgot(user.email);
    const token = resetTokenIn(api.outbox().at(-1) as string);
    api.clock.advance(PASSWORD_RESET_TTL_MS + 1000);
    const late = await reset(token, 'Fresh-Start-2025');
    expect(late.status).toBe(400);
    expect(late.body.error.fields.token).toMatch(/not valid/);
    expect((await reset('made-up-token', 'Fresh-Start-2025')).status).toBe(400);
    expect((await signIn(user.email, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('stops sending reset e-mails to one account after a few in an hour, answering the same', async () => {
    const user = await createUser(database.db, { roleId: '5' });
    const before = api.outbox().length;
    for (let request = 0; request <= PASSWORD_RESET_MAX_REQUESTS; request++) {
      expect((await forgot(user.email)).body).toEqual({ success: true, data: { sent: true } });
    }
    expect(api.outbox()).toHaveLength(before + PASSWORD_RESET_MAX_REQUESTS);
    api.clock.advance(PASSWORD_RESET_REQUEST_WINDOW_MS + 1000);
    await forgot(user.email);
    expect(api.outbox()).toHaveLength(before + PASSWORD_RESET_MAX_REQUESTS + 1);
  });

  it('refuses a body with unknown fields or a malformed e-mail, field by field', async () => {
    const response = await api.request('POST', '/api/password/forgot', {
      body: { email: 'not-an-email', admin: true },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({
      email: 'Enter a valid e-mail address.',
      admin: 'Unknown field.',
    });
  });
});
