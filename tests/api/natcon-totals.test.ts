import { afterAll, beforeAll, expect, it } from 'vitest';
import { kolkataDate } from '../../src/lib/financial-year';
import { rejectPayment, verifyPayment } from '../../src/server/domains/money';
import { cancelOrder } from '../../src/server/domains/natcon/cancellations';
import { checkIn } from '../../src/server/domains/natcon/check-in';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration, reportOrderPaymentByUpi } from '../support/natcon';
import { authUserOf } from '../support/refunds';

interface Order {
  id: number;
  orderNumber: string;
  statusToken: string;
  amountDue: number;
  delegates: { confirmationNumber: string }[];
}

/**
 * The desk's totals of one edition, each figure from orders in every state: seats and delegates by category,
 * those checked in, the value of confirmed seats, the orders by state, and the money verified and reported
 * (a rejected report in neither).
 * Another edition's orders never count.
 */
describeEachDatabase('NATCON totals', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let references = 0;

  const place = async (editionId: number, categoryId: number, count: number): Promise<Order> => {
    const response = await api.request('POST', '/api/natcon/registrations', {
      body: {
        ...registration(
          categoryId,
          Array.from({ length: count }, () => delegate()),
        ),
        editionId,
      },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: Order }).data;
  };
  const report = (order: Order) =>
    reportOrderPaymentByUpi(api, database.db, order, {
      reference: `6${String(++references).padStart(11, '0')}`,
      paidOn: kolkataDate(api.clock.now),
    });

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '5' });
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('counts each category, the orders by state and the money of one edition', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [
        { name: 'Delegate', fee: 1_000_00, seats: 3 },
        { name: 'Student', fee: 500_00, seats: 1 },
      ],
    });
    const [delegates, students] = categories;
    const paid = await place(edition.id, delegates.id, 2);
    // Its first report, rejected, counts in neither sum.
    await rejectPayment(database.db, authUserOf(staff), await report(paid), 'No such UTR.', api.clock.now);
    await verifyPayment(database.db, authUserOf(staff), await report(paid), null, api.clock.now);
    await checkIn(database.db, authUserOf(staff), paid.delegates[0].confirmationNumber, api.clock.now);
    await report(await place(edition.id, students.id, 1));
    await place(edition.id, students.id, 1);
    const cancelled = await place(edition.id, delegates.id, 1);
    await cancelOrder(database.db, authUserOf(staff), cancelled.id, 'Duplicate', api.clock.now);
    // Another edition's order, paid and checked in, counts only there.
    const other = await createEdition(database.db, { categories: [{ name: 'Delegate', fee: 1_000_00, seats: 5 }] });
    const elsewhere = await place(other.edition.id, other.categories[0].id, 1);
    await verifyPayment(database.db, authUserOf(staff), await report(elsewhere), null, api.clock.now);

    const response = await api.request('GET', `/api/admin/natcon/totals?editionId=${edition.id}`, {
      token: staff.token,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual({
      categories: [
        {
          id: delegates.id,
          name: 'Delegate',
          seats: 3,
          seatsTaken: 2,
          confirmedDelegates: 2,
          waitlistedDelegates: 0,
          checkedIn: 1,
          amountDue: 2_000_00,
        },
        {
          id: students.id,
          name: 'Student',
          seats: 1,
          seatsTaken: 1,
          confirmedDelegates: 1,
          waitlistedDelegates: 1,
          checkedIn: 0,
          amountDue: 500_00,
        },
      ],
      orders: { confirmed: 2, waitlisted: 1, cancelled: 1 },
      moneyCollected: 2_000_00,
      moneyReported: 500_00,
    });
  });
});
