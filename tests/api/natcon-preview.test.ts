import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createEdition } from '../support/natcon';
import { nowIso } from '../../src/server/platform/db';

/** Issue 28: the registration form shows the order's price, with the coupon's discount, before placing it. */
const json = async (response: Response) =>
  (await response.json()) as { data: Record<string, unknown>; error?: { fields?: Record<string, string> } };

describeEachDatabase('NATCON price preview', (kind) => {
  let database: TestDatabase;
  let api: TestApi;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('shows the coupon’s discount before the order is placed, without using the coupon', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Preview', fee: 1_000_000, seats: 10 }],
    });
    const at = nowIso();
    await database.db
      .insertInto('coupons')
      .values({
        code: 'PREVIEW20',
        kind: 'percent',
        value: 20,
        scope: 'natcon',
        valid_from: '2026-01-01',
        valid_to: '2099-12-31',
        max_uses: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const preview = (body: Record<string, unknown>) =>
      api.request('POST', '/api/natcon/price-preview', {
        body: { editionId: edition.id, categoryId: categories[0].id, delegates: [{}, {}], ...body },
      });
    const answer = await preview({ coupon: 'preview20' });
    expect(answer.status).toBe(200);
    expect((await json(answer)).data).toMatchObject({
      subtotal: 2_000_000,
      discount: 400_000,
      couponCode: 'PREVIEW20',
    });
    const coupon = await database.db
      .selectFrom('coupons')
      .select('uses')
      .where('code', '=', 'PREVIEW20')
      .executeTakeFirstOrThrow();
    expect(coupon.uses).toBe(0);
    const unknown = await preview({ coupon: 'NOSUCH' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error?.fields?.coupon).toBe('No coupon has this code.');
    // A wrong category for the order is named once, not again for each delegate who takes the order's.
    const wrongOrderCategory = await preview({ categoryId: 999_999, delegates: [{}] });
    expect((await json(wrongOrderCategory)).error?.fields).toEqual({
      categoryId: 'Choose a category of this conference.',
    });
    const badCategory = await preview({ delegates: [{ categoryId: 999_999 }] });
    expect((await json(badCategory)).error?.fields?.['delegates.0.categoryId']).toBe(
      'Choose a category of this conference.',
    );
  });

  it('adds GST after the discount, and reads no coupon, or a blank one, as none', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [
        { name: 'Hall', fee: 1_000_000, seats: 10 },
        { name: 'Workshop', fee: 200_000, seats: 10 },
      ],
    });
    const at = nowIso();
    await database.db
      .insertInto('settings')
      .values({ key: 'gst', value: JSON.stringify({ ratePercent: 18 }), updated_at: at, updated_by: null })
      .execute();
    await database.db
      .insertInto('coupons')
      .values({
        code: 'HALF',
        kind: 'percent',
        value: 50,
        scope: 'natcon',
        valid_from: '2026-01-01',
        valid_to: '2099-12-31',
        max_uses: 5,
        created_at: at,
        updated_at: at,
      })
      .execute();
    try {
      const preview = async (body: Record<string, unknown>) =>
        (
          await json(
            await api.request('POST', '/api/natcon/price-preview', {
              // One delegate in the order's category and one in another of the same conference.
              body: {
                editionId: edition.id,
                categoryId: categories[0].id,
                delegates: [{}, { categoryId: categories[1].id }],
                ...body,
              },
            }),
          )
        ).data;
      expect(await preview({ coupon: ' half ' })).toEqual({
        subtotal: 1_200_000,
        discount: 600_000,
        couponCode: 'HALF',
        gstPercent: 18,
        gst: 108_000,
        total: 708_000,
      });
      const none = {
        subtotal: 1_200_000,
        discount: 0,
        couponCode: null,
        gstPercent: 18,
        gst: 216_000,
        total: 1_416_000,
      };
      expect(await preview({})).toEqual(none);
      expect(await preview({ coupon: '   ' })).toEqual(none);
    } finally {
      await database.db.deleteFrom('settings').where('key', '=', 'gst').execute();
    }
  });
});
