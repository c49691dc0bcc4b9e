import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createEdition, delegate, registration } from '../support/natcon';

interface Answer {
  data: { id: number; orderNumber: string; state: string; status: string; message: string };
  error?: { message: string; fields?: Record<string, string> };
}

/**
 * What the registration form tells a buyer when the conference is not open to them, a delegate's
 * category is not this conference's, or a GSTIN comes without its legal name; and what a free order
 * is told and stored as.
 */
describeEachDatabase('NATCON registration refusals', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let open: Awaited<ReturnType<typeof createEdition>>;
  let other: Awaited<ReturnType<typeof createEdition>>;

  const register = async (body: unknown) => {
    const response = await api.request('POST', '/api/natcon/registrations', { body });
    return { status: response.status, answer: (await response.json()) as Answer };
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    open = await createEdition(database.db, {
      categories: [
        { name: 'Delegate', fee: 500_000, seats: 5 },
        { name: 'Invitee', fee: 0, seats: 5 },
      ],
    });
    other = await createEdition(database.db, { categories: [{ name: 'Elsewhere', fee: 100_000, seats: 5 }] });
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('refuses an edition that is unpublished, or not yet open, saying when it opens', async () => {
    const hidden = await createEdition(database.db, { published: false });
    const unpublished = await register({
      ...registration(hidden.categories[0].id, [delegate()]),
      editionId: hidden.edition.id,
    });
    expect([unpublished.status, unpublished.answer.error?.message]).toEqual([
      404,
      'There is no NATCON edition open for registration.',
    ]);
    const later = await createEdition(database.db, { opensOn: '2099-01-01' });
    const early = await register({
      ...registration(later.categories[0].id, [delegate()]),
      editionId: later.edition.id,
    });
    expect([early.status, early.answer.error?.message]).toEqual([
      409,
      `Registration for ${later.edition.title} opens on 2099-01-01.`,
    ]);
  });

  it('refuses a delegate in another conference’s category, naming that delegate', async () => {
    const refused = await register({
      ...registration(open.categories[0].id, [delegate(), delegate({ categoryId: other.categories[0].id })]),
      editionId: open.edition.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.answer.error?.fields).toEqual({ 'delegates.1.categoryId': 'Choose a category of this conference.' });
  });

  it('names a wrong category for the order once, not again for each delegate who takes it', async () => {
    const refused = await register({
      ...registration(other.categories[0].id, [delegate(), delegate()]),
      editionId: open.edition.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.answer.error?.fields).toEqual({ categoryId: 'Choose a category of this conference.' });
  });

  it('asks for the legal name with a GSTIN', async () => {
    const refused = await register({
      ...registration(open.categories[0].id, [delegate()], {
        organisation: '',
        gstin: '19AAACH1234L1Z5',
        buyerAddress: '1 Strand Road, Kolkata 700001',
      }),
      editionId: open.edition.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.answer.error?.fields).toMatchObject({
      organisation: 'Enter the legal name the GSTIN is registered to.',
    });
  });

  it('registers a free order at once, with nothing due', async () => {
    const free = await register({
      ...registration(open.categories[1].id, [delegate()]),
      editionId: open.edition.id,
    });
    expect(free.status).toBe(201);
    expect(free.answer.data).toMatchObject({ state: 'confirmed', status: 'confirmed' });
    expect(free.answer.data.message).toBe(
      `Registered: order ${free.answer.data.orderNumber}. Each delegate receives a ticket by e-mail.`,
    );
    const row = await database.db
      .selectFrom('natcon_orders')
      .select(['payment_state', 'amount_due', 'hold_until'])
      .where('id', '=', free.answer.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_state: 'not_due', amount_due: 0, hold_until: null });
  });
});
