import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { createEdition } from '../support/natcon';
import { kolkataDate } from '../../src/lib/financial-year';

interface Answer {
  data: unknown;
  error?: { message: string; fields?: Record<string, string> };
}

/**
 * Before the office has set up any conference the public page, the settings list and the price
 * preview answer plainly; and a preview for another conference's category names the field.
 */
describeEachDatabase('NATCON with no edition yet', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;

  const preview = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/api/natcon/price-preview', { body: { delegates: [{}], ...body } });
    return { status: response.status, answer: (await response.json()) as Answer };
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('shows no conference on the public page and none in the settings', async () => {
    const page = (await (await api.request('GET', '/api/natcon')).json()) as Answer;
    expect(page.data).toEqual({ today: kolkataDate(api.clock.now), edition: null, pastEditions: [] });
    const settings = await api.request('GET', '/api/admin/natcon/editions', { token: superAdmin.token });
    expect(((await settings.json()) as Answer).data).toEqual([]);
  });

  it('answers a price preview with no conference open, or with another conference’s category', async () => {
    const none = await preview({ categoryId: 1 });
    expect([none.status, none.answer.error?.message]).toEqual([
      404,
      'There is no NATCON edition open for registration.',
    ]);
    const first = await createEdition(database.db, { categories: [{ name: 'Here', fee: 100_000, seats: 5 }] });
    const second = await createEdition(database.db, { categories: [{ name: 'There', fee: 100_000, seats: 5 }] });
    const hidden = await createEdition(database.db, { published: false });
    const unpublished = await preview({ editionId: hidden.edition.id, categoryId: hidden.categories[0].id });
    expect([unpublished.status, unpublished.answer.error?.message]).toEqual([
      404,
      'There is no NATCON edition open for registration.',
    ]);
    const wrong = await preview({ editionId: first.edition.id, categoryId: second.categories[0].id });
    expect([wrong.status, wrong.answer.error?.fields]).toEqual([
      400,
      { categoryId: 'Choose a category of this conference.' },
    ]);
  });
});
