import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { decisionMailsTo, payOnHostedPage, startOnlineWorld, type OnlineWorld } from '../support/online';
import { createEdition, delegate, registration } from '../support/natcon';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { kolkataDate } from '../../src/lib/financial-year';

interface Order {
  id: number;
  orderNumber: string;
  statusToken: string;
  state: string;
}
interface Started {
  paymentId: number;
  amount: number;
  checkoutUrl: string;
}

/**
 * A buyer pays an order online from the order's private link: only that link's token starts a
 * payment, at the amount the server holds, and the gateway sends the buyer back to the order's page.
 */
describeEachDatabase('NATCON orders paid online', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let order: Order;
  let editionId: number;
  let memberCategoryId: number;

  const start = (body: Record<string, unknown>) =>
    world.api.request('POST', '/api/payments/online', { body: { purpose: 'natcon_order', ...body } });
  const orderRow = () =>
    database.db
      .selectFrom('natcon_orders')
      .select(['amount_due', 'payment_state', 'state'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await kind.create();
    world = await startOnlineWorld(database.db);
    const made = await createEdition(database.db, {
      categories: [
        { name: 'Delegate', fee: 650_000, seats: 5 },
        { name: 'Member', fee: 400_000, seats: 5, memberRate: true },
      ],
    });
    memberCategoryId = made.categories[1].id;
    editionId = made.edition.id;
    const response = await world.api.request('POST', '/api/natcon/registrations', {
      body: {
        ...registration(made.categories[0].id, [
          delegate({ name: 'Payal Online', email: 'payal.online@example.test' }),
        ]),
        editionId,
      },
    });
    order = ((await response.json()) as { data: Order }).data;
  });
  afterAll(async () => {
    await world?.api.settle();
    await world?.stop();
    await database?.drop();
  });

  it('starts no payment without the order’s own token', async () => {
    const attempts = [
      await start({ subjectId: order.id }),
      await start({ subjectId: order.id, statusToken: 'not-the-token-of-this-order' }),
      await start({ subjectId: 99_999_999, statusToken: order.statusToken }),
    ];
    for (const refused of attempts) {
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('No such order.');
    }
    const payments = await database.db.selectFrom('payments').select('id').execute();
    expect(payments).toEqual([]);
    expect((await orderRow()).payment_state).toBe('unpaid');
  });

  it('pays the amount due online and returns the buyer to the order’s page, with a receipt', async () => {
    const { amount_due } = await orderRow();
    const response = await start({ subjectId: order.id, statusToken: order.statusToken });
    expect(response.status).toBe(201);
    const started = ((await response.json()) as { data: Started }).data;
    expect(started.amount).toBe(amount_due);
    const reported = await database.db
      .selectFrom('payments')
      .select(['mode', 'reference', 'amount', 'paid_on', 'purpose', 'subject_id', 'state'])
      .where('id', '=', started.paymentId)
      .executeTakeFirstOrThrow();
    expect(reported).toEqual({
      mode: 'online',
      reference: null,
      amount: amount_due,
      paid_on: kolkataDate(new Date()),
      purpose: 'natcon_order',
      subject_id: order.id,
      state: 'reported',
    });
    expect((await orderRow()).payment_state).toBe('reported');
    // The desk sees the started payment with no gateway reference yet, as an empty one.
    const staff = await createUser(database.db, { roleId: '2' });
    const desk = await world.api.request('GET', `/api/admin/natcon/registrations/${order.id}`, { token: staff.token });
    expect(((await desk.json()) as { data: { payments: unknown[] } }).data.payments).toEqual([
      expect.objectContaining({
        mode: 'online',
        reference: '',
        amount: amount_due,
        state: 'reported',
        receiptNumber: null,
      }),
    ]);

    const location = await payOnHostedPage(world, started.checkoutUrl);
    expect(location).toBe(
      `/natcon/register?order=${order.orderNumber}&token=${encodeURIComponent(order.statusToken)}&payment=paid`,
    );
    expect(await orderRow()).toMatchObject({ payment_state: 'verified', state: 'confirmed' });
    await world.standin.gateway.webhooks.idle();
    await world.api.settle();
    // Tickets follow from the NATCON job; what the buyer gets at once is the receipt.
    expect(decisionMailsTo(world.api.outbox(), 'ritu.sen@example.test').receipts).toHaveLength(1);
  });

  it('refuses a second online payment once the order is paid', async () => {
    const again = await start({ subjectId: order.id, statusToken: order.statusToken });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Nothing is due on this order.',
    );
  });

  it('shows the receipt to the chapter of any member in the order, and to no other chapter or member', async () => {
    const db = database.db;
    const [east, west, north] = [await createChapter(db), await createChapter(db), await createChapter(db)];
    const delegates = [];
    for (const [chapter, email] of [
      [east, 'east.member@example.test'],
      [west, 'west.member@example.test'],
    ] as const) {
      const member = await createMember(db, chapter.id, { email });
      await db.updateTable('members').set({ membership_class: 'life' }).where('id', '=', member.id).execute();
      delegates.push(delegate({ memberNumber: member.member_number, email }));
    }
    const placed = await world.api.request('POST', '/api/natcon/registrations', {
      body: { ...registration(memberCategoryId, delegates), editionId },
    });
    const members = ((await placed.json()) as { data: Order }).data;
    const response = await start({ subjectId: members.id, statusToken: members.statusToken });
    const started = ((await response.json()) as { data: Started }).data;
    await payOnHostedPage(world, started.checkoutUrl);
    const payment = await db
      .selectFrom('payments')
      .select(['state', 'chapter_id'])
      .where('id', '=', started.paymentId)
      .executeTakeFirstOrThrow();
    // The payment is filed under the first delegate's chapter; the second's reaches it through the order.
    expect(payment).toEqual({ state: 'verified', chapter_id: east.id });
    const viewers = {
      eastAdmin: await createUser(db, { roleId: '4', chapterId: east.id }),
      westAdmin: await createUser(db, { roleId: '4', chapterId: west.id }),
      northAdmin: await createUser(db, { roleId: '4', chapterId: north.id }),
      chapterlessAdmin: await createUser(db, { roleId: '4', chapterId: null }),
      westMemberUser: await createUser(db, { roleId: '1', chapterId: west.id }),
      admin: await createUser(db, { roleId: '5' }),
    };
    const seen: Record<string, number> = {};
    for (const [name, user] of Object.entries(viewers)) {
      const receipt = await world.api.request('GET', `/api/payments/${started.paymentId}/receipt.pdf`, {
        token: user.token,
      });
      seen[name] = receipt.status;
      if (receipt.status === 200) expect(receipt.headers.get('content-type')).toBe('application/pdf');
      else expect(((await receipt.json()) as { error: { message: string } }).error.message).toBe('No such payment.');
    }
    expect(seen).toEqual({
      eastAdmin: 200,
      westAdmin: 200,
      northAdmin: 404,
      chapterlessAdmin: 404,
      westMemberUser: 404,
      admin: 200,
    });
  });
});
