import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser, FIXTURE_PASSWORD, type CreatedUser } from '../support/fixtures';
import { nextUtr } from '../support/money';
import { createEdition, delegate, registration } from '../support/natcon';
import {
  applicationAwaitingPayment,
  decisionMailsTo,
  payOnHostedPage,
  startOnlineWorld,
  type OnlineWorld,
} from '../support/online';
import { memberWith } from './members-support';

/**
 * A NATCON order paid online end to end against the stand-in over real HTTP (order -> online
 * payment -> verified -> receipt, nothing of the order's holds), and the member portal's own
 * money: the member's payments of every purpose with receipts, their NATCON orders, the joining
 * year's receipt, and nobody else's.
 */

interface Envelope<T> {
  data: T;
  error?: { message: string; fields?: Record<string, string> };
}
interface MyPayment {
  id: number;
  purpose: string;
  receiptNumber: string | null;
  state: string;
  invoice: { id: number; number: string } | null;
}

describeEachDatabase('NATCON paid online, and the member portal’s payments', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let chapterId: number;
  let categoryId: number;
  let admin: CreatedUser;
  const memberEmail = 'portal.member@example.test';

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Portal Chapter' })).id;
    admin = await createUser(database.db, { roleId: ROLE.admin });
    const { categories } = await createEdition(database.db, {
      categories: [{ name: 'Non-member', fee: 1_000_000, seats: 100 }],
    });
    categoryId = categories[0].id;
    world = await startOnlineWorld(database.db);
  });
  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });

  const get = async <T>(url: string, user: CreatedUser) => {
    const response = await world.api.request('GET', url, { token: user.token });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  /** Pays on the hosted page and comes back into the site; the gateway's webhooks delivered too. */
  async function payOnline(checkoutUrl: string): Promise<string> {
    const location = await payOnHostedPage(world, checkoutUrl);
    await world.standin.gateway.webhooks.idle();
    return location;
  }

  async function natconOrderPaidOnline(email: string) {
    const placed = await world.api.request('POST', '/api/natcon/registrations', {
      body: registration(categoryId, [delegate()], {
        contact: { name: 'Portal Member', email, phone: '9830012345' },
      }),
    });
    expect(placed.status).toBe(201);
    const order = ((await placed.json()) as Envelope<{ id: number; statusToken: string; amountDue: number }>).data;
    const started = await world.api.request('POST', '/api/payments/online', {
      body: { purpose: 'natcon_order', subjectId: order.id, statusToken: order.statusToken },
    });
    expect(started.status).toBe(201);
    const online = ((await started.json()) as Envelope<{ paymentId: number; amount: number; checkoutUrl: string }>)
      .data;
    expect(online.amount).toBe(order.amountDue);
    const location = await payOnline(online.checkoutUrl);
    return { order, paymentId: online.paymentId, location };
  }

  it('pays a NATCON order online end to end: verified once, receipt issued, downloadable and e-mailed', async () => {
    const { order, paymentId, location } = await natconOrderPaidOnline('buyer.online@example.test');
    expect(location).toMatch(/^\/natcon\/register\?.*payment=paid/);
    const payment = await database.db
      .selectFrom('payments')
      .select(['state', 'receipt_number', 'mode', 'amount'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ state: 'verified', mode: 'online', amount: order.amountDue });
    expect(payment.receipt_number).toMatch(/^NIPM\/RCPT\//);
    const row = await database.db
      .selectFrom('natcon_orders')
      .select('payment_state')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.payment_state).toBe('verified');
    const pdf = await world.api.request(
      'GET',
      `/api/payments/${paymentId}/receipt.pdf?token=${encodeURIComponent(order.statusToken)}`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(decisionMailsTo(world.api.outbox(), 'buyer.online@example.test').receipts).toHaveLength(1);
    const verifications = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'payment.verified')
      .where('entity_id', '=', String(paymentId))
      .execute();
    expect(verifications).toHaveLength(1);
  });

  it('lists the member’s own payments of every purpose with receipts, their NATCON orders, and nobody else’s', async () => {
    const member = await memberWith(database.db, chapterId, {
      firstName: 'Portal',
      email: memberEmail,
      admittedOn: '2026-06-01',
    });
    const user = await createUser(database.db, { roleId: ROLE.member, memberId: member.id });
    const other = await createUser(database.db, {
      roleId: ROLE.member,
      memberId: (await memberWith(database.db, chapterId, { firstName: 'Other' })).id,
    });

    // The application that made them a member, paid and verified.
    const application = await applicationAwaitingPayment(database.db, chapterId);
    const { reference } = await database.db
      .selectFrom('applications')
      .select('reference')
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    const reported = await world.api.request(
      'POST',
      `/api/membership/applications/${reference}/payments?token=${encodeURIComponent(application.token)}`,
      { body: { mode: 'upi', reference: nextUtr(), amount: application.amountDue, paidOn: kolkataDate(new Date()) } },
    );
    expect(reported.status).toBe(201);
    const applicationPaymentId = ((await reported.json()) as Envelope<{ id: number }>).data.id;
    const verified = await world.api.request('POST', `/api/admin/payments/${applicationPaymentId}/verify`, {
      token: admin.token,
      body: {},
    });
    expect(verified.status).toBe(200);
    await database.db
      .updateTable('applications')
      .set({ member_id: member.id })
      .where('id', '=', application.id)
      .execute();
    const { paymentId: natconPaymentId, order } = await natconOrderPaidOnline(memberEmail.toUpperCase());

    const mine = await get<{ items: MyPayment[]; total: number }>('/api/me/payments', user);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((p) => p.id).sort()).toEqual([applicationPaymentId, natconPaymentId].sort());
    for (const item of mine.body.data.items) {
      expect(item).toMatchObject({ state: 'verified' });
      expect(item.receiptNumber).toMatch(/^NIPM\/RCPT\//);
      const pdf = await world.api.request('GET', `/api/payments/${item.id}/receipt.pdf`, { token: user.token });
      expect(pdf.status).toBe(200);
      const theirs = await world.api.request('GET', `/api/payments/${item.id}/receipt.pdf`, { token: other.token });
      expect(theirs.status).toBe(404);
    }
    const othersList = await get<{ items: MyPayment[] }>('/api/me/payments', other);
    expect(othersList.body.data.items).toEqual([]);

    const orders = await get<{ id: number; payment: { id: number; receiptNumber: string } | null }[]>(
      '/api/me/natcon-orders',
      user,
    );
    expect(orders.status).toBe(200);
    expect(orders.body.data).toHaveLength(1);
    expect(orders.body.data[0]).toMatchObject({ id: order.id, payment: { id: natconPaymentId } });
    expect((await get<unknown[]>('/api/me/natcon-orders', other)).body.data).toEqual([]);

    // The joining year shows the application's receipt, downloadable from the record.
    const renewal = await get<{ years: { year: number; receiptNumber: string | null; paymentId: number | null }[] }>(
      `/api/members/${member.id}/renewal`,
      user,
    );
    const joiningYear = renewal.body.data.years.find((y) => y.year === financialYearStart('2026-06-01'))!;
    const applicationReceipt = mine.body.data.items.find((p) => p.id === applicationPaymentId)!.receiptNumber;
    expect(joiningYear).toMatchObject({ receiptNumber: applicationReceipt, paymentId: applicationPaymentId });

    expect((await world.api.request('GET', '/api/me/payments')).status).toBe(401);
  });

  it('changes the member’s password with the current one, by the password rules, and ends other sessions', async () => {
    const member = await memberWith(database.db, chapterId, { firstName: 'Keys' });
    const user = await createUser(database.db, { roleId: ROLE.member, memberId: member.id });
    const change = (body: unknown, token = user.token) =>
      world.api.request('POST', '/api/me/password', { token, body });
    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'New-pass-2026!x' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(((await wrong.json()) as Envelope<unknown>).error!.fields!)).toEqual(['currentPassword']);
    const short = await change({ currentPassword: FIXTURE_PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    const changed = await change({ currentPassword: FIXTURE_PASSWORD, newPassword: 'New-pass-2026!x' });
    expect(changed.status).toBe(200);
    const { token } = ((await changed.json()) as Envelope<{ token: string }>).data;
    expect((await world.api.request('GET', '/api/me/payments', { token: user.token })).status).toBe(401);
    expect((await world.api.request('GET', '/api/me/payments', { token })).status).toBe(200);
  });
});
