import { afterAll, beforeAll, expect, it } from 'vitest';
import { kolkataDate } from '../../src/lib/financial-year';
import { reportPayment, verifyPayment } from '../../src/server/domains/money';
import { cancelByBuyer, cancelOrder, cancelOrderAs } from '../../src/server/domains/natcon/cancellations';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration, reportOrderPaymentByUpi } from '../support/natcon';
import { authUserOf } from '../support/refunds';

/**
 * A cancelled NATCON order's money and record, asked of the service as staff, the buyer and the hold job ask it:
 * the refund due spread over the order's payments oldest first (each payment only for what it may still refund),
 * who owes it and why, the audit entry, and the refusals of an order cancelled twice or no longer releasable.
 */
interface Order {
  id: number;
  orderNumber: string;
  statusToken: string;
  amountDue: number;
}

describeEachDatabase('NATCON cancellations: refunds due and the record', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let categoryId: number;
  let editionId: number;
  let references = 0;

  const now = () => api.clock.now;
  const place = async (email: string): Promise<Order> => {
    const response = await api.request('POST', '/api/natcon/registrations', {
      body: {
        ...registration(categoryId, [delegate()], { contact: { name: 'Buyer', email, phone: '9830012345' } }),
        editionId,
      },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: Order }).data;
  };
  const nextReference = () => `5${String(++references).padStart(11, '0')}`;
  /** The order's own payment, reported by the buyer and verified by staff. */
  const payOrder = async (order: Order) => {
    const id = await reportOrderPaymentByUpi(api, database.db, order, {
      reference: nextReference(),
      paidOn: kolkataDate(now()),
    });
    await verifyPayment(database.db, authUserOf(staff), id, null, now());
    return id;
  };
  /** A further verified payment of the same order (as when the gateway captured one as well). */
  const payAgain = async (order: Order, amount: number) => {
    const payment = await reportPayment(
      database.db,
      {
        purpose: 'natcon_order',
        subjectId: order.id,
        chapterId: null,
        payerName: 'Buyer',
        payerEmail: 'buyer@example.test',
        mode: 'upi',
        reference: nextReference(),
        amount,
        paidOn: kolkataDate(now()),
      },
      now(),
    );
    await verifyPayment(database.db, authUserOf(staff), payment.id, null, now());
    return payment.id;
  };
  const refundsOf = (orderId: number) =>
    database.db
      .selectFrom('refunds')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .select(['refunds.payment_id', 'refunds.amount', 'refunds.reason', 'refunds.state', 'refunds.created_by'])
      .where('payments.subject_id', '=', orderId)
      .where('payments.purpose', '=', 'natcon_order')
      .orderBy('refunds.id')
      .execute();
  const auditOf = async (orderId: number) =>
    (
      await database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'detail'])
        .where('entity', '=', 'natcon_order')
        .where('entity_id', '=', String(orderId))
        .where('action', 'in', ['natcon.order_cancelled', 'natcon.order_released'])
        .execute()
    ).map((entry) => ({ ...entry, detail: JSON.parse(entry.detail ?? 'null') }));

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '5' });
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Delegate', fee: 1_000_00, seats: 50 }],
    });
    editionId = edition.id;
    categoryId = categories[0].id;
    await database.db
      .updateTable('natcon_editions')
      .set({ cancel_keep_kind: 'fixed', cancel_keep_value: 100_00 })
      .where('id', '=', editionId)
      .execute();
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('owes what was paid less what the edition keeps, oldest payment first, each for what it has left', async () => {
    const order = await place('two-payments@example.test');
    const first = await payOrder(order);
    // The first payment was refunded in full already; the second has 600 left of 700; the third all 1,000.
    await database.db.updateTable('payments').set({ refunded: order.amountDue }).where('id', '=', first).execute();
    const second = await payAgain(order, 700_00);
    await database.db.updateTable('payments').set({ refunded: 100_00 }).where('id', '=', second).execute();
    const third = await payAgain(order, 1_000_00);

    const outcome = await cancelOrder(database.db, authUserOf(staff), order.id, 'Asked by phone', now());
    expect(outcome).toMatchObject({ orderNumber: order.orderNumber, paid: 1_600_00, kept: 100_00, refund: 1_500_00 });
    const reason = `Order ${order.orderNumber} cancelled: Asked by phone`;
    expect(await refundsOf(order.id)).toEqual([
      { payment_id: second, amount: 600_00, reason, state: 'due', created_by: staff.id },
      { payment_id: third, amount: 900_00, reason, state: 'due', created_by: staff.id },
    ]);
    expect(await auditOf(order.id)).toEqual([
      {
        action: 'natcon.order_cancelled',
        actor_user_id: staff.id,
        detail: {
          before: 'confirmed',
          by: 'staff',
          note: 'Asked by phone',
          paid: 1_600_00,
          kept: 100_00,
          refund: 1_500_00,
          offered: [],
        },
      },
    ]);
    await expect(cancelOrder(database.db, authUserOf(staff), order.id, 'Again', now())).rejects.toMatchObject({
      kind: 'conflict',
      message: `Order ${order.orderNumber} is already cancelled.`,
    });
    await expect(cancelByBuyer(database.db, order.id, null, now())).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order is already cancelled.',
    });
    await expect(cancelOrder(database.db, authUserOf(staff), 999_999, 'Nobody', now())).rejects.toMatchObject({
      kind: 'not_found',
      message: 'No such registration.',
    });
  });

  it('owes nothing when the edition keeps all that was paid, and records a buyer’s cancellation as nobody’s', async () => {
    const order = await place('kept@example.test');
    await payOrder(order);
    await database.db
      .updateTable('natcon_editions')
      .set({ cancel_keep_kind: 'percent', cancel_keep_value: 100 })
      .where('id', '=', editionId)
      .execute();
    try {
      const outcome = await cancelOrderAs(database.db, { kind: 'buyer' }, order.id, 'Cancelled by the buyer', now());
      expect(outcome).toMatchObject({ paid: order.amountDue, kept: order.amountDue, refund: 0 });
    } finally {
      await database.db
        .updateTable('natcon_editions')
        .set({ cancel_keep_kind: 'fixed', cancel_keep_value: 100_00 })
        .where('id', '=', editionId)
        .execute();
    }
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await auditOf(order.id)).toMatchObject([
      { action: 'natcon.order_cancelled', actor_user_id: null, detail: { by: 'buyer', refund: 0 } },
    ]);
  });

  it('offers the freed seat on, held for the offer hours and reminded an hour before when the window is longer', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'One seat', fee: 1_000_00, seats: 1 }],
    });
    await database.db
      .updateTable('natcon_editions')
      .set({ offer_hours: 12, reminder_hours: 24 })
      .where('id', '=', edition.id)
      .execute();
    const placeIn = async (email: string) => {
      const response = await api.request('POST', '/api/natcon/registrations', {
        body: {
          ...registration(categories[0].id, [delegate()], { contact: { name: 'Buyer', email, phone: '9830012345' } }),
          editionId: edition.id,
        },
      });
      return ((await response.json()) as { data: Order & { state: string } }).data;
    };
    const seated = await placeIn('one-seat@example.test');
    const next = await placeIn('next-in-line@example.test');
    expect(next.state).toBe('waitlisted');
    const outcome = await cancelOrder(database.db, authUserOf(staff), seated.id, 'Cannot come', now());
    expect(outcome.offers.map((offer) => offer.orderNumber)).toEqual([next.orderNumber]);
    const offered = await database.db
      .selectFrom('natcon_orders')
      .select(['state', 'hold_kind', 'hold_until', 'remind_at'])
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    const hoursFromNow = (n: number) => new Date(now().getTime() + n * 3_600_000).toISOString();
    expect(offered).toEqual({
      state: 'confirmed',
      hold_kind: 'offer',
      hold_until: hoursFromNow(12),
      remind_at: hoursFromNow(1),
    });
  });

  it('releases an order unpaid past its hold, and refuses to release one paid or still held', async () => {
    const paid = await place('paid-not-released@example.test');
    await payOrder(paid);
    const held = await place('still-held@example.test');
    for (const order of [paid, held]) {
      await expect(
        cancelOrderAs(database.db, { kind: 'release' }, order.id, 'Hold ended', now()),
      ).rejects.toMatchObject({
        kind: 'conflict',
        message: `Order ${order.orderNumber} is no longer releasable.`,
      });
    }
    const past = new Date(now().getTime() + 30 * 24 * 60 * 60 * 1000);
    const released = await cancelOrderAs(database.db, { kind: 'release' }, held.id, 'Hold ended', past);
    expect(released).toMatchObject({ orderNumber: held.orderNumber, paid: 0, kept: 0, refund: 0 });
    const row = await database.db
      .selectFrom('natcon_orders')
      .select(['state', 'released_at', 'cancelled_by'])
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'cancelled', released_at: past.toISOString(), cancelled_by: null });
    expect(await auditOf(held.id)).toMatchObject([
      { action: 'natcon.order_released', actor_user_id: null, detail: { before: 'confirmed', by: 'release' } },
    ]);
  });

  it('cancels an order on the waiting list without touching seats or offering any', async () => {
    const small = await createEdition(database.db, { categories: [{ name: 'Small', fee: 1_000_00, seats: 1 }] });
    const placeIn = async (email: string) => {
      const response = await api.request('POST', '/api/natcon/registrations', {
        body: {
          ...registration(small.categories[0].id, [delegate()], {
            contact: { name: 'Buyer', email, phone: '9830012345' },
          }),
          editionId: small.edition.id,
        },
      });
      return ((await response.json()) as { data: Order & { state: string } }).data;
    };
    const seated = await placeIn('small-seated@example.test');
    const waiting = await placeIn('small-waiting@example.test');
    expect([seated.state, waiting.state]).toEqual(['confirmed', 'waitlisted']);
    const cancelled = await cancelOrder(database.db, authUserOf(staff), waiting.id, 'Asked to be taken off', now());
    expect(cancelled).toMatchObject({ orderNumber: waiting.orderNumber, paid: 0, refund: 0, offers: [] });
    const seats = await database.db
      .selectFrom('natcon_categories')
      .select('seats_taken')
      .where('id', '=', small.categories[0].id)
      .executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(1);
    expect(await auditOf(waiting.id)).toMatchObject([
      { action: 'natcon.order_cancelled', detail: { before: 'waitlisted', by: 'staff', offered: [] } },
    ]);
  });
});
