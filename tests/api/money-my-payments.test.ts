import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { rejectPayment, verifyPayment } from '../../src/server/domains/money';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr } from '../support/money';
import { createEdition, delegate, registration, reportOrderPaymentByUpi } from '../support/natcon';
import { authUserOf, invoiceTaxedPayments, type Envelope } from '../support/refunds';
import { seedFees } from './joining-support';
import { memberWith } from './members-support';

/**
 * The member portal's money as the member reads it: their payments a page at a time, newest first, each
 * with what it paid for, the reason of a rejection (never staff's own note on a verified one), its tax
 * invoice when it has one; their NATCON orders each with that order's own payment; and a member who did
 * not join through the site.
 */

interface MyPayment {
  id: number;
  forLabel: string | null;
  state: string;
  note: string | null;
  receiptNumber: string | null;
  invoice: { id: number; number: string } | null;
  creditNotes: { id: number; number: string }[];
}
interface MyOrder {
  id: number;
  orderNumber: string;
  payment: { id: number; receiptNumber: string | null } | null;
}
interface PlacedOrder {
  id: number;
  orderNumber: string;
  statusToken: string;
  amountDue: number;
}

describeEachDatabase('The member portal’s payments and orders', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let categoryId: number;
  let chapterId: number;
  let staff: CreatedUser;
  let superAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    chapterId = (await createChapter(database.db, { name: 'Howrah' })).id;
    staff = await createUser(database.db, { roleId: ROLE.admin });
    superAdmin = await createUser(database.db, { roleId: ROLE.superAdmin });
    const { categories } = await createEdition(database.db, {
      categories: [{ name: 'Member', fee: 500_000, seats: 100 }],
    });
    categoryId = categories[0].id;
  });
  afterAll(async () => {
    await api?.settle();
    await database?.drop();
  });

  async function memberAccount(email: string): Promise<CreatedUser> {
    const member = await memberWith(database.db, chapterId, { firstName: 'Own', email });
    return createUser(database.db, { roleId: ROLE.member, memberId: member.id, email });
  }

  async function placeOrder(email: string): Promise<PlacedOrder> {
    const placed = await api.request('POST', '/api/natcon/registrations', {
      body: registration(categoryId, [delegate()], { contact: { name: 'Own Member', email, phone: '9830012345' } }),
    });
    expect(placed.status).toBe(201);
    return ((await placed.json()) as Envelope<PlacedOrder>).data;
  }

  /** Reports the order's payment by UPI as its buyer would; answers the payment's id. */
  const reportFor = (order: PlacedOrder) =>
    reportOrderPaymentByUpi(api, database.db, order, { reference: nextUtr(), paidOn: kolkataDate(new Date()) });

  const myPayments = async (user: CreatedUser, query = '') => {
    const response = await api.request('GET', `/api/me/payments${query}`, { token: user.token });
    expect(response.status).toBe(200);
    return ((await response.json()) as Envelope<{ items: MyPayment[]; total: number; page: number }>).data;
  };
  const myOrders = async (user: CreatedUser) => {
    const response = await api.request('GET', '/api/me/natcon-orders', { token: user.token });
    expect(response.status).toBe(200);
    return ((await response.json()) as Envelope<MyOrder[]>).data;
  };

  it('lists the member’s payments newest first, a page at a time, each named by what it paid for', async () => {
    const user = await memberAccount('paging.member@example.test');
    const orders = [];
    const payments = [];
    for (let i = 0; i < 3; i++) {
      const order = await placeOrder('paging.member@example.test');
      orders.push(order);
      const paymentId = await reportFor(order);
      await verifyPayment(database.db, authUserOf(staff), paymentId);
      payments.push(paymentId);
    }

    const first = await myPayments(user, '?page=1&pageSize=2');
    expect(first.total).toBe(3);
    expect(first.items.map((p) => p.id)).toEqual([payments[2], payments[1]]);
    expect(first.items.map((p) => p.forLabel)).toEqual([
      `NATCON order ${orders[2].orderNumber}`,
      `NATCON order ${orders[1].orderNumber}`,
    ]);
    const second = await myPayments(user, '?page=2&pageSize=2');
    expect(second).toMatchObject({ page: 2, total: 3 });
    expect(second.items.map((p) => p.id)).toEqual([payments[0]]);
    expect(second.items[0].forLabel).toBe(`NATCON order ${orders[0].orderNumber}`);
  });

  it('shows why a payment was rejected, and never the note staff kept on a verified one', async () => {
    const user = await memberAccount('notes.member@example.test');
    const rejectedId = await reportFor(await placeOrder('notes.member@example.test'));
    await rejectPayment(database.db, authUserOf(staff), rejectedId, 'No payment with this UTR reached our account.');
    const verifiedId = await reportFor(await placeOrder('notes.member@example.test'));
    await verifyPayment(database.db, authUserOf(staff), verifiedId, 'Matched on the HDFC statement of the 3rd.');

    const { items } = await myPayments(user);
    const rejected = items.find((p) => p.id === rejectedId)!;
    const verified = items.find((p) => p.id === verifiedId)!;
    expect(rejected).toMatchObject({
      state: 'rejected',
      note: 'No payment with this UTR reached our account.',
      receiptNumber: null,
    });
    expect(verified.state).toBe('verified');
    expect(verified.note).toBeNull();
  });

  it('gives the tax invoice and credit notes of a payment invoiced, and none for one verified before a GSTIN was set', async () => {
    const user = await memberAccount('invoice.member@example.test');
    const beforeGst = await reportFor(await placeOrder('invoice.member@example.test'));
    await verifyPayment(database.db, authUserOf(staff), beforeGst);
    await invoiceTaxedPayments(database.db, authUserOf(superAdmin));
    const invoiced = await reportFor(await placeOrder('invoice.member@example.test'));
    await verifyPayment(database.db, authUserOf(staff), invoiced);

    const invoice = await database.db
      .selectFrom('gst_invoices')
      .select(['id', 'number'])
      .where('payment_id', '=', invoiced)
      .executeTakeFirstOrThrow();
    // Part of it refunded: the credit note that reverses its tax is the member's to see too.
    const refunded = await api.request('POST', `/api/admin/payments/${invoiced}/refunds`, {
      token: staff.token,
      body: {
        amount: 10_000,
        reason: 'Overpaid',
        mode: 'bank_transfer',
        reference: nextUtr(),
        refundedOn: '2026-11-20',
      },
    });
    expect(refunded.status).toBe(201);
    const creditNote = await database.db
      .selectFrom('gst_credit_notes')
      .select(['id', 'number'])
      .where('invoice_id', '=', invoice.id)
      .executeTakeFirstOrThrow();

    const { items } = await myPayments(user);
    expect(items.find((p) => p.id === invoiced)).toMatchObject({
      invoice: { id: invoice.id, number: invoice.number },
      creditNotes: [{ id: creditNote.id, number: creditNote.number }],
    });
    expect(items.find((p) => p.id === beforeGst)).toMatchObject({ invoice: null, creditNotes: [] });
  });

  it('lists each NATCON order with its own payment, also one whose e-mail was stored in capitals', async () => {
    const user = await memberAccount('orders.member@example.test');
    const paid = await placeOrder('orders.member@example.test');
    const paymentId = await reportFor(paid);
    const { receiptNumber } = await verifyPayment(database.db, authUserOf(staff), paymentId);
    const unpaid = await placeOrder('orders.member@example.test');
    // As an order keyed in by hand or brought over from the old register may hold it.
    await database.db
      .updateTable('natcon_orders')
      .set({ contact_email: 'Orders.Member@Example.TEST' })
      .where('id', '=', paid.id)
      .execute();

    const orders = await myOrders(user);
    expect(orders.map((o) => o.id)).toEqual([unpaid.id, paid.id]);
    expect(orders.find((o) => o.id === paid.id)!.payment).toEqual({ id: paymentId, receiptNumber });
    expect(orders.find((o) => o.id === unpaid.id)!.payment).toBeNull();
    expect((await myPayments(user)).items.map((p) => p.id)).toEqual([paymentId]);
  });

  it('finds the member’s renewals and the orders of both their e-mails, whatever their case', async () => {
    const current = financialYearStart(kolkataDate(new Date()));
    for (const year of [current, current + 1]) await seedFees(database.db, year);
    // The record's e-mail as the old register holds it, and a sign-in e-mail of their own, in capitals.
    const member = await memberWith(database.db, chapterId, { firstName: 'Two', email: 'Record.Two@Example.TEST' });
    const user = await createUser(database.db, {
      roleId: ROLE.member,
      memberId: member.id,
      email: 'Login.Two@Example.TEST',
    });
    const byRecord = await reportFor(await placeOrder('record.two@example.test'));
    const byLogin = await reportFor(await placeOrder('login.two@example.test'));
    const view = await api.request('GET', `/api/members/${member.id}/renewal`, { token: user.token });
    const { quote } = ((await view.json()) as Envelope<{ quote: { total: number } }>).data;
    const renewal = await api.request('POST', '/api/members/me/renewal', {
      token: user.token,
      body: { mode: 'upi', reference: nextUtr(), amount: quote.total, paidOn: kolkataDate(new Date()) },
    });
    expect(renewal.status).toBe(201);
    const renewalId = ((await renewal.json()) as Envelope<{ id: number }>).data.id;

    const { items } = await myPayments(user);
    expect(items.map((p) => p.id)).toEqual([renewalId, byLogin, byRecord]);
    const { member_number } = await database.db
      .selectFrom('members')
      .select('member_number')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(items[0]).toMatchObject({ purpose: 'membership_renewal', state: 'reported', forLabel: member_number });
  });

  it('shows a member who joined before the site their years with no joining receipt', async () => {
    const user = await memberAccount('register.member@example.test');
    const response = await api.request('GET', `/api/members/${user.memberId}/renewal`, { token: user.token });
    expect(response.status).toBe(200);
    const { years } = ((await response.json()) as Envelope<{ years: { receiptNumber: string | null }[] }>).data;
    expect(years.length).toBeGreaterThan(0);
    expect(years.every((year) => year.receiptNumber === null)).toBe(true);
  });
});
