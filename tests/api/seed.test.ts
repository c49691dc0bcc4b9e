import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DemoAccountsRefused,
  SAMPLE_CHAPTERS,
  seedChapters,
  seedDemoAccounts,
} from '../../src/server/demo/seed';

describeEachDatabase('Seed data', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  const count = async (table: 'chapters' | 'users' | 'members') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses demo accounts in production and writes nothing', async () => {
    await expect(seedDemoAccounts(database.db, { nodeEnv: 'production', now: new Date() })).rejects.toThrow(
      DemoAccountsRefused,
    );
    expect(await count('users')).toBe(0);
    expect(await count('chapters')).toBe(0);
  });

  it('loads chapters in all four regions once, however often it runs', async () => {
    expect(await seedChapters(database.db, new Date())).toBe(SAMPLE_CHAPTERS.length);
    expect(await seedChapters(database.db, new Date())).toBe(0);
    expect(await count('chapters')).toBe(SAMPLE_CHAPTERS.length);
    const regions = await database.db.selectFrom('chapters').select('region').distinct().execute();
    expect(regions.map((r) => r.region).sort()).toEqual(['East', 'North', 'South', 'West']);
    expect(await count('users')).toBe(0);
  });

  it('adds the five demo accounts once; each signs in with the demo password', async () => {
    expect(await seedDemoAccounts(database.db, { nodeEnv: 'development', now: new Date() })).toBe(5);
    expect(await seedDemoAccounts(database.db, { nodeEnv: 'development', now: new Date() })).toBe(0);
    expect(await count('users')).toBe(5);
    expect(await count('members')).toBe(1);
    for (const account of DEMO_ACCOUNTS) {
      const response = await api.request('POST', '/api/sessions', {
        body: { email: account.email, password: DEMO_PASSWORD },
      });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data.user.roleId).toBe(account.roleId);
      if (account.roleId === '1') {
        const member = await api.request('GET', '/api/members/me', { token: data.token });
        expect((await member.json()).data).toMatchObject({ firstName: 'Ananya', chapter: { code: 'KOL' } });
      }
      if (account.roleId === '4') expect(data.user.chapterId).not.toBeNull();
    }
  });
});
