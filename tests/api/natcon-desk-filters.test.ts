import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration } from '../support/natcon';

interface Order {
  id: number;
  orderNumber: string;
  state: string;
  delegates: { id: number; confirmationNumber: string }[];
}
interface ListAnswer {
  data: { total: number; items: { orderNumber: string; state: string; paymentState: string }[] };
  error?: { message: string };
}

/**
 * What the desk's search box and filters find: each part of an order a caller may type (its number,
 * the buyer, any delegate), in any case, and wildcard characters read as the characters they are.
 */
describeEachDatabase('NATCON desk filters', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let chapterOneAdmin: CreatedUser;
  let chapterlessAdmin: CreatedUser;
  let alpha: Order;
  let beta: Order;
  let waiting: Order;
  let memberOrder: Order;
  let editionId: number;

  const register = async (body: unknown) =>
    ((await (await api.request('POST', '/api/natcon/registrations', { body })).json()) as { data: Order }).data;
  const list = async (query: string, token = staff.token) =>
    (await (await api.request('GET', `/api/admin/natcon/registrations?${query}`, { token })).json()) as ListAnswer;
  const numbers = async (query: string, token = staff.token) =>
    (await list(query, token)).data.items.map((o) => o.orderNumber).sort();

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    // A chapter admin with no chapter must not fall through to chapter 1's members.
    const existing = await db.selectFrom('chapters').select('id').where('id', '=', 1).executeTakeFirst();
    const chapterOne = existing ?? (await createChapter(db));
    expect(chapterOne.id).toBe(1);
    const member = await createMember(db, 1, { email: 'filters.member@example.test' });
    await db.updateTable('members').set({ membership_class: 'life' }).where('id', '=', member.id).execute();
    staff = await createUser(db, { roleId: '2' });
    chapterOneAdmin = await createUser(db, { roleId: '4', chapterId: 1 });
    chapterlessAdmin = await createUser(db, { roleId: '4', chapterId: null });
    const { edition, categories } = await createEdition(db, {
      categories: [
        { name: 'Delegate', fee: 500_000, seats: 2 },
        { name: 'Member', fee: 300_000, seats: 5, memberRate: true },
      ],
    });
    editionId = edition.id;
    alpha = await register(
      registration(categories[0].id, [delegate({ name: 'Anjali Mukherjee', email: 'anjali.m@example.test' })], {
        contact: { name: 'Ritu Sen', email: 'ritu_sen@example.test', phone: '9830012345' },
        organisation: 'Alpha Steel',
      }),
    );
    beta = await register(
      registration(categories[0].id, [delegate()], {
        contact: { name: 'Bikash Roy', email: 'bikash.roy@example.test', phone: '9830012345' },
        organisation: 'Beta 100% Cotton',
      }),
    );
    waiting = await register(
      registration(categories[0].id, [delegate()], {
        contact: { name: 'Chandan Das', email: 'chandan.das@example.test', phone: '9830012345' },
        organisation: 'Gamma Jute',
      }),
    );
    memberOrder = await register(
      registration(
        categories[1].id,
        [delegate({ memberNumber: member.member_number, email: 'filters.member@example.test' })],
        {
          contact: { name: 'Dipa Ghosh', email: 'dipa.ghosh@example.test', phone: '9830012345' },
          organisation: 'Delta Tea',
        },
      ),
    );
    // Another edition's order, which the edition filter must leave out.
    const other = await createEdition(db, { categories: [{ name: 'Elsewhere', fee: 100_000, seats: 5 }] });
    const elsewhere = await register({
      ...registration(other.categories[0].id, [delegate()], {
        contact: { name: 'Esha Pal', email: 'esha.pal@example.test', phone: '9830012345' },
      }),
      editionId: other.edition.id,
    });
    expect(elsewhere.state).toBe('confirmed');
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('placed the orders the filters are tested on', () => {
    expect([alpha.state, beta.state, waiting.state, memberOrder.state]).toEqual([
      'confirmed',
      'confirmed',
      'waitlisted',
      'confirmed',
    ]);
  });

  it('lists an edition’s orders newest first, page by page, each with its own categories', async () => {
    const page = async (n: number) => {
      const answer = (await list(`editionId=${editionId}&pageSize=2&page=${n}`)) as unknown as {
        data: { total: number; items: { orderNumber: string; categories: string; delegateCount: number }[] };
      };
      return {
        total: answer.data.total,
        items: answer.data.items.map((i) => [i.orderNumber, i.categories, i.delegateCount]),
      };
    };
    expect(await page(1)).toEqual({
      total: 4,
      items: [
        [memberOrder.orderNumber, 'Member', 1],
        [waiting.orderNumber, 'Delegate', 1],
      ],
    });
    expect(await page(2)).toEqual({
      total: 4,
      items: [
        [beta.orderNumber, 'Delegate', 1],
        [alpha.orderNumber, 'Delegate', 1],
      ],
    });
  });

  it('finds an order by the buyer’s name or e-mail, from the middle and in any case', async () => {
    expect(await numbers('q=ITU%20SE')).toEqual([alpha.orderNumber]);
    expect(await numbers('q=oy@example')).toEqual([beta.orderNumber]);
    // An underscore is a character of the address, not "any one character".
    expect(await numbers('q=Ritu_Sen@')).toEqual([alpha.orderNumber]);
    expect(await numbers('q=ritu_se')).toEqual([alpha.orderNumber]);
    expect(await numbers('q=ritu%5Fs')).toEqual([alpha.orderNumber]);
  });

  it('finds an order by a delegate’s name, e-mail or confirmation number', async () => {
    expect(await numbers('q=mukherJ')).toEqual([alpha.orderNumber]);
    expect(await numbers('q=NJALI.M@EXAMPLE')).toEqual([alpha.orderNumber]);
    expect(await numbers('q=filters.member')).toEqual([memberOrder.orderNumber]);
    const ticket = alpha.delegates[0].confirmationNumber.toLowerCase();
    expect(await numbers(`q=${encodeURIComponent(ticket)}`)).toEqual([alpha.orderNumber]);
    expect(await numbers(`q=${encodeURIComponent(beta.orderNumber.toLowerCase().slice(1))}`)).toEqual([
      beta.orderNumber,
    ]);
  });

  it('reads % and _ in a search as themselves', async () => {
    // 'Beta 100% Cotton' is an organisation, which the search box does not look at.
    expect((await list('q=%25')).data.total).toBe(0);
    expect(await numbers('q=_')).toEqual([alpha.orderNumber]);
    expect((await list('q=ritu%5Csen')).data.total).toBe(0);
    expect(await numbers('organisation=100%25')).toEqual([beta.orderNumber]);
    expect((await list('organisation=1_0')).data.total).toBe(0);
    expect((await list('q=nobody-by-this-name')).data).toMatchObject({ total: 0, items: [] });
  });

  it('filters by edition, state and payment state', async () => {
    const all = await numbers(`editionId=${editionId}`);
    expect(all).toEqual([alpha, beta, waiting, memberOrder].map((o) => o.orderNumber).sort());
    expect(await numbers(`editionId=${editionId}&state=waitlisted`)).toEqual([waiting.orderNumber]);
    expect(await numbers(`editionId=${editionId}&state=confirmed`)).toEqual(
      [alpha, beta, memberOrder].map((o) => o.orderNumber).sort(),
    );
    expect((await list(`editionId=${editionId}&state=cancelled`)).data.total).toBe(0);
    await database.db
      .updateTable('natcon_orders')
      .set({ payment_state: 'reported' })
      .where('id', '=', beta.id)
      .execute();
    expect(await numbers(`editionId=${editionId}&paymentState=reported`)).toEqual([beta.orderNumber]);
    expect((await list(`editionId=${editionId}&paymentState=verified`)).data.total).toBe(0);
    const unpaid = await list(`editionId=${editionId}&paymentState=unpaid&state=confirmed`);
    expect(unpaid.data.items.map((o) => [o.orderNumber, o.state, o.paymentState]).sort()).toEqual(
      [alpha, memberOrder].map((o) => [o.orderNumber, 'confirmed', 'unpaid']).sort(),
    );
  });

  it('shows a chapter admin without a chapter no one’s registrations, and chapter 1’s admin its member’s', async () => {
    expect(await numbers('', chapterOneAdmin.token)).toEqual([memberOrder.orderNumber]);
    const none = await list('', chapterlessAdmin.token);
    expect(none.data).toMatchObject({ total: 0, items: [] });
    const direct = await api.request('GET', `/api/admin/natcon/registrations/${memberOrder.id}`, {
      token: chapterlessAdmin.token,
    });
    expect(direct.status).toBe(404);
    expect(((await direct.json()) as ListAnswer).error?.message).toBe('No such registration.');
  });
});
