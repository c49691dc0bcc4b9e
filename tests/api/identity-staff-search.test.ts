import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';

/**
 * The staff users list's search box reads `%` and `_` as the characters typed, as every other staff list does, not
 * as wildcards: an address with an underscore finds that address only.
 */
describeEachDatabase('Searching staff users', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    await createUser(database.db, { roleId: '5', email: 'ritu_sen@search.test', name: 'Ritu Sen' });
    await createUser(database.db, { roleId: '5', email: 'ritu.sen@search.test', name: 'Ritu Sengupta' });
    await createUser(database.db, { roleId: '3', email: 'web@search.test', name: 'Web 100% Team' });
  });
  afterAll(() => database.drop());

  const found = async (q: string) => {
    const response = await api.request('GET', `/api/admin/users?q=${encodeURIComponent(q)}&pageSize=100`, {
      token: superAdmin.token,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { items: { email: string }[] } };
    return body.data.items.map((user) => user.email).sort();
  };

  it('finds an underscore, a percent sign and a name in any case as typed', async () => {
    expect(await found('ritu_')).toEqual(['ritu_sen@search.test']);
    expect(await found('100%')).toEqual(['web@search.test']);
    expect(await found('%')).toEqual(['web@search.test']);
    expect(await found('RITU SEN')).toEqual(['ritu.sen@search.test', 'ritu_sen@search.test']);
  });
});
