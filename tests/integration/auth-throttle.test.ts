import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../src/server/platform/env';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '../../src/lib/constants';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { TEST_SECRET } from '../support/api';
import { createUser, FIXTURE_PASSWORD } from '../support/fixtures';
import { AuthBrowser } from '../support/auth-browser';

/**
 * The Auth.js credentials callback under a burst (issue 7, items 1, 6 and 7): the same atomic
 * throttle as `POST /api/sessions`, the device cookie, and a quiet log for client errors.
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

process.env.AUTH_SECRET = TEST_SECRET;
resetEnvCache();
const { default: authConfig } = await import('../../auth.config');

const WRONG = 'Wrong-Password-42';

function tally(codes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of codes) {
    const key = code.startsWith('throttled-') ? 'throttled' : code;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Browsers at `count` addresses, each with its own CSRF cookie and token. */
async function browsersAt(addresses: string[]): Promise<{ browser: AuthBrowser; csrf: string }[]> {
  return Promise.all(
    addresses.map(async (address) => {
      const browser = new AuthBrowser(authConfig, address);
      return { browser, csrf: await browser.csrf() };
    }),
  );
}

describeEachDatabase('Auth.js sign-in under a burst', (kind) => {
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
  beforeEach(() => {
    checks.count = 0;
  });

  it('checks at most 5 passwords of 100 simultaneous wrong sign-ins through the callback; the rest are throttled', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    const browser = new AuthBrowser(authConfig, '10.30.0.1');
    const csrf = await browser.csrf();
    const codes = await Promise.all(
      Array.from({ length: 100 }, () => browser.signIn(user.email, WRONG, 'member', csrf)),
    );
    expect(checks.count).toBe(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(tally(codes)).toEqual({ invalid: 5, throttled: 95 });
  });

  it('does not let the right password through the callback in a burst from 60 addresses once the account limit is reached', async () => {
    const user = await createUser(database.db, { roleId: '2' });
    const browsers = await browsersAt(Array.from({ length: 60 }, (_, i) => `10.31.0.${i}`));
    const codes = await Promise.all(
      browsers.map(({ browser, csrf }, i) =>
        browser.signIn(user.email, i === 45 ? FIXTURE_PASSWORD : WRONG, 'staff', csrf),
      ),
    );
    expect(codes[45]).toMatch(/^throttled-\d+$/);
    expect(checks.count).toBe(5);
    expect(tally(codes)).toEqual({ invalid: 5, throttled: 55 });
    expect(await browsers[45]?.browser.session()).toBeNull();
  });

  it('lets the owner’s browser, which carries the device cookie of an earlier sign-in, through a lock', async () => {
    const owner = await createUser(database.db, { roleId: '3' });
    const own = new AuthBrowser(authConfig, '10.32.0.1');
    expect(await own.signIn(owner.email, FIXTURE_PASSWORD, 'staff')).toBe('ok');
    expect(own.cookies.get('nipm_device')).toMatch(/^\d+\./);
    await own.signOut();
    expect(await own.session()).toBeNull();

    const attackers = await browsersAt(Array.from({ length: 20 }, (_, i) => `10.32.1.${i}`));
    await Promise.all(attackers.map(({ browser, csrf }) => browser.signIn(owner.email, WRONG, 'staff', csrf)));
    const stranger = new AuthBrowser(authConfig, '10.32.0.1');
    expect(await stranger.signIn(owner.email, FIXTURE_PASSWORD, 'staff')).toMatch(/^throttled-\d+$/);

    expect(await own.signIn(owner.email, FIXTURE_PASSWORD, 'staff')).toBe('ok');
    expect((await own.session())?.user).toMatchObject({ email: owner.email, roleId: '3' });
  });

  it('logs a callback POST without its CSRF token as one line, without a stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const browser = new AuthBrowser(authConfig, '10.33.0.1');
      const response = await browser.call('POST', '/api/auth/callback/credentials', {
        email: 'someone@example.test',
        password: WRONG,
      });
      expect(response.status).toBeLessThan(500);
      expect(errors).toHaveBeenCalledTimes(1);
      const line = errors.mock.calls[0]?.map(String).join(' ') ?? '';
      expect(line).toMatch(/^\[auth\] MissingCSRF: /);
      expect(line).not.toContain('\n');
      expect(checks.count).toBe(0);
    } finally {
      errors.mockRestore();
    }
  });
});
