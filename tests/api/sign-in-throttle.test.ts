import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import {
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_DEVICE,
} from '../../src/lib/constants';
import { pruneThrottle } from '../../src/server/domains/identity/throttle';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, FIXTURE_PASSWORD } from '../support/fixtures';

/**
 * The sign-in throttle under a burst (issue 7, items 1, 7 and 8) through `POST /api/sessions`:
 * every password check is counted, so "at most 5 passwords were tried" is measured, not inferred.
 */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/server/domains/identity/password-hash', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/domains/identity/password-hash')>();
  return {
    ...real,
    verifyPassword: (hashed: string, password: string) => {
      checks.count++;
      return real.verifyPassword(hashed, password);
    },
  };
});

const WRONG = 'Wrong-Password-42';

function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

/** `nipm_device=<value>` from a sign-in answer, ready for a Cookie header. */
function deviceCookieOf(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('nipm_device='));
  if (!header) throw new Error('No device cookie in the answer');
  return header.split(';')[0] as string;
}

describeEachDatabase('Sign-in throttle under a burst', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());
  beforeEach(() => {
    checks.count = 0;
  });

  const signIn = (target: TestApi, email: string, password: string, address: string, cookie?: string) =>
    target.request('POST', '/api/sessions', {
      body: { email, password },
      headers: { 'x-nipm-client-address': address, ...(cookie ? { cookie } : {}) },
    });

  const auditCount = async (action: string, userId?: number) => {
    let query = database.db.selectFrom('audit_log').select('id').where('action', '=', action);
    if (userId !== undefined) query = query.where('actor_user_id', '=', userId);
    return (await query.execute()).length;
  };

  it('checks at most 5 passwords of 100 simultaneous wrong attempts from one address; the other 95 answer 429', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(api, user.email, WRONG, '10.1.1.1')));
    expect(checks.count).toBe(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await auditCount('auth.sign_in_failed', user.id)).toBe(5);
    expect(await auditCount('auth.lockout', user.id)).toBe(1);
  });

  it('checks at most 5 passwords of 100 simultaneous wrong attempts for one account from 100 addresses', async () => {
    const user = await createUser(database.db, { roleId: '5' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(api, user.email, WRONG, `10.2.${Math.floor(i / 50)}.${i % 50}`)),
    );
    expect(checks.count).toBe(5);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
  });

  it.skipIf(kind.name === 'SQLite')(
    'checks at most 5 passwords when the burst is split over two servers with their own connection pools',
    async () => {
      const user = await createUser(database.db, { roleId: '3' });
      const second = createTestApi(database.another());
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => signIn(i % 2 ? second : api, user.email, WRONG, `10.3.0.${i}`)),
      );
      expect(checks.count).toBe(5);
      expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
    },
  );

  it('does not let the right password through in a burst from 60 addresses once the account limit is reached', async () => {
    const user = await createUser(database.db, { roleId: '2' });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(api, user.email, i === 45 ? FIXTURE_PASSWORD : WRONG, `10.4.0.${i}`)),
    );
    expect(answers[45]?.status).toBe(429);
    expect(checks.count).toBe(5);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 55 });

    const later = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(api, user.email, FIXTURE_PASSWORD, `10.4.1.${i}`)),
    );
    expect(statuses(later)).toEqual({ 429: 10 });
    expect(checks.count).toBe(5);

    api.clock.advance(LOGIN_LOCK_MS + 1000);
    expect((await signIn(api, user.email, FIXTURE_PASSWORD, '10.4.2.1')).status).toBe(200);
  });

  it('lets the owner with a device cookie sign in during a lock that strangers caused, and nobody else', async () => {
    const owner = await createUser(database.db, { roleId: '4' });
    const other = await createUser(database.db, { roleId: '1' });
    const ownerCookie = deviceCookieOf(await signIn(api, owner.email, FIXTURE_PASSWORD, '10.5.0.1'));
    const otherCookie = deviceCookieOf(await signIn(api, other.email, FIXTURE_PASSWORD, '10.5.0.2'));

    await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(api, owner.email, WRONG, `10.5.1.${i}`)));
    expect((await signIn(api, owner.email, FIXTURE_PASSWORD, '10.5.0.1')).status).toBe(429);
    expect((await signIn(api, owner.email, FIXTURE_PASSWORD, '10.5.0.3', otherCookie)).status).toBe(429);
    const [name, value] = ownerCookie.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -3)}${value.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await signIn(api, owner.email, FIXTURE_PASSWORD, '10.5.0.1', forged)).status).toBe(429);

    const during = await signIn(api, owner.email, FIXTURE_PASSWORD, '10.5.0.1', ownerCookie);
    expect(during.status).toBe(200);
    const signedIn = await database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'auth.sign_in')
      .where('actor_user_id', '=', owner.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(signedIn.detail as string)).toMatchObject({ device: true });
    // The lock still holds for everyone else.
    expect((await signIn(api, owner.email, FIXTURE_PASSWORD, '10.5.0.4')).status).toBe(429);
  });

  it('gives a device cookie only its own few attempts: a stolen cookie does not open unlimited guessing', async () => {
    const owner = await createUser(database.db, { roleId: '3' });
    const cookie = deviceCookieOf(await signIn(api, owner.email, FIXTURE_PASSWORD, '10.6.0.1'));
    checks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(api, owner.email, WRONG, `10.6.1.${i}`, cookie)),
    );
    expect(checks.count).toBe(LOGIN_MAX_FAILURES_PER_DEVICE);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 15 });
    // The device's failures did not lock the account for other browsers.
    expect((await signIn(api, owner.email, FIXTURE_PASSWORD, '10.6.0.2')).status).toBe(200);
  });

  it('gives a successful sign-in its place back: 30 sign-ins one after another from one office address all succeed', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, () => createUser(database.db, { roleId: '1' })));
    const answers: Response[] = [];
    for (const user of users) answers.push(await signIn(api, user.email, FIXTURE_PASSWORD, '10.7.0.1'));
    expect(statuses(answers)).toEqual({ 200: 30 });
    expect(answers.length).toBeGreaterThan(LOGIN_MAX_FAILURES_PER_ADDRESS);
  });

  it('writes a throttled burst as one audit entry with its count, and prunes expired throttle rows', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(api, user.email, WRONG, `10.8.0.${i}`)));
    // Every e-mail tried gets a row: the unknown ones as well.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(api, `nobody-${i}@example.test`, WRONG, `10.8.1.${i}`)),
    );
    const burstEntries = async () =>
      (await database.db.selectFrom('audit_log').select('detail').where('action', '=', 'auth.throttled').execute())
        .map((row) => JSON.parse(row.detail as string) as Record<string, unknown>)
        .filter((detail) => detail.email === user.email);
    expect(await burstEntries()).toEqual([]);
    expect(await auditCount('auth.sign_in_failed', user.id)).toBe(5);

    api.clock.advance(LOGIN_LOCK_MS + 1000);
    await pruneThrottle(database.db, api.clock.now);
    expect(await burstEntries()).toEqual([
      { kind: 'account', email: user.email, refused: 95, until: expect.any(String) },
    ]);
    const left = await database.db.selectFrom('login_throttle').select('key').execute();
    expect(left).toEqual([]);
  });
});
