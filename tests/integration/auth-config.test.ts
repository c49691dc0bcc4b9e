import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetEnvCache } from '../../src/server/platform/env';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '../../src/lib/constants';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, TEST_SECRET } from '../support/api';
import { createChapter, createMember, createUser, FIXTURE_PASSWORD } from '../support/fixtures';
import { AuthBrowser } from '../support/auth-browser';

/**
 * The Auth.js configuration (auth.config.ts) driven through @auth/core exactly as auth-astro
 * calls it, on the test database: the credentials sign-in, its failure codes, the session's
 * contents, the verified token update and the sign-out audit.
 */
process.env.AUTH_SECRET = TEST_SECRET;
resetEnvCache();
const { default: authConfig } = await import('../../auth.config');

describeEachDatabase('Auth.js sign-in and session', (kind) => {
  let database: TestDatabase;
  const holder = ((globalThis as Record<string, unknown>).__nipmDb ??= {}) as Record<string, unknown>;
  beforeAll(async () => {
    database = await kind.create();
    holder.db = database.db;
    holder.ready = Promise.resolve(database.db);
  });
  afterAll(async () => {
    delete holder.db;
    delete holder.ready;
    await database.drop();
  });

  it('signs a member in and puts the role, the member id and a working API token into the session', async () => {
    const chapter = await createChapter(database.db);
    const member = await createMember(database.db, chapter.id);
    const user = await createUser(database.db, { roleId: '1', memberId: member.id, name: 'Asha Rao' });
    const browser = new AuthBrowser(authConfig, '10.1.0.1');
    expect(await browser.signIn(user.email.toUpperCase(), FIXTURE_PASSWORD, 'member')).toBe('ok');
    const session = await browser.session();
    expect(session?.user).toMatchObject({
      name: 'Asha Rao',
      email: user.email,
      image: null,
      roleId: '1',
      memberId: member.id,
    });
    const hours = (new Date(session?.expires as string).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    const api = createTestApi(database.db);
    const me = await api.request('GET', '/api/me', { token: session?.user.token as string });
    expect((await me.json()).data.id).toBe(user.id);
  });

  it('answers a wrong password as invalid, a member on the staff sign-in as member-account, then throttles', async () => {
    const member = await createUser(database.db, { roleId: '1' });
    const browser = new AuthBrowser(authConfig, '10.1.0.2');
    expect(await browser.signIn(member.email, FIXTURE_PASSWORD, 'staff')).toBe('member-account');
    expect(await browser.signIn('nobody@example.test', FIXTURE_PASSWORD, 'member')).toBe('invalid');
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_ACCOUNT; attempt++) {
      expect(await browser.signIn(member.email, 'Wrong-password-1', 'member')).toBe('invalid');
    }
    expect(await browser.signIn(member.email, FIXTURE_PASSWORD, 'member')).toMatch(/^throttled-\d+$/);
    expect(await browser.session()).toBeNull();
  });

  it('takes a new API token into the session only when it is genuine and the same user’s, and audits sign-out', async () => {
    const user = await createUser(database.db, { roleId: '3' });
    const other = await createUser(database.db, { roleId: '2' });
    const browser = new AuthBrowser(authConfig, '10.1.0.3');
    expect(await browser.signIn(user.email, FIXTURE_PASSWORD, 'staff')).toBe('ok');
    const before = (await browser.session())?.user.token;
    const update = async (data: unknown) =>
      browser.call('POST', '/api/auth/session', { json: { csrfToken: await browser.csrf(), data } });

    await update({ token: other.token, roleId: '2' });
    expect((await browser.session())?.user).toMatchObject({ roleId: '3', token: before });
    await update({ token: 'not-a-token' });
    expect((await browser.session())?.user.token).toBe(before);

    const api = createTestApi(database.db);
    const changed = await api.request('POST', '/api/me/password', {
      token: before as string,
      body: { currentPassword: FIXTURE_PASSWORD, newPassword: 'Brand-new-Pass-7' },
    });
    const { token: fresh } = (await changed.json()).data;
    await update({ token: fresh });
    expect((await browser.session())?.user.token).toBe(fresh);

    await browser.call('POST', '/api/auth/signout', { csrfToken: await browser.csrf(), callbackUrl: '/' });
    expect(await browser.session()).toBeNull();
    const actions = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', user.id)
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['auth.sign_in', 'auth.password_changed', 'auth.sign_out']);
  });
});
