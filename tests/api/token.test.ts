import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkApiToken } from '../../src/server/domains/identity/authorize';
import { signApiToken } from '../../src/server/domains/identity/token';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { TEST_SECRET } from '../support/api';
import { createUser } from '../support/fixtures';

describeEachDatabase('API token check', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.drop());

  it('accepts a fresh token of an active user and returns who it is', async () => {
    const user = await createUser(database.db, { roleId: '3' });
    const check = await checkApiToken(database.db, TEST_SECRET, user.token, new Date());
    expect(check).toMatchObject({ ok: true, user: { id: user.id, roleId: '3', email: user.email } });
  });

  it('refuses an expired token, a forged one, a disabled user and a bumped token version', async () => {
    const user = await createUser(database.db, { roleId: '1' });
    const later = new Date(Date.now() + 9 * 3600 * 1000);
    expect(await checkApiToken(database.db, TEST_SECRET, user.token, later)).toEqual({ ok: false, reason: 'expired' });
    const forged = await signApiToken(
      { userId: user.id, tokenVersion: 0 },
      'another-secret-0123456789abcdefghijkl',
      3600,
    );
    expect(await checkApiToken(database.db, TEST_SECRET, forged, new Date())).toEqual({ ok: false, reason: 'invalid' });
    await database.db.updateTable('users').set({ token_version: 1 }).where('id', '=', user.id).execute();
    expect(await checkApiToken(database.db, TEST_SECRET, user.token, new Date())).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const disabled = await createUser(database.db, { roleId: '1', active: false });
    expect(await checkApiToken(database.db, TEST_SECRET, disabled.token, new Date())).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await checkApiToken(database.db, TEST_SECRET, undefined, new Date())).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});
