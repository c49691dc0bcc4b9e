import { afterAll, beforeAll, expect, it } from 'vitest';
import { rejectPayment, verifyPayment } from '../../src/server/domains/money';
import { natconOrderPayments, reportOrderPayment } from '../../src/server/domains/natcon/payments';
import { runNatconHolds } from '../../src/server/domains/natcon';
import { holdDeadline } from '../../src/lib/natcon';
import { formatMoney } from '../../src/lib/format';
import { decodeQuotedPrintable } from '../support/mail';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser } from '../support/fixtures';
import { authUserOf } from '../support/refunds';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { createEdition, delegate, registration } from '../support/natcon';

interface Order {
  id: number;
  orderNumber: string;
  statusToken: string;
  state: string;
  paymentState: string;
  amountDue: number;
  holdUntil: string | null;
  message: string;
  delegates: { email: string }[];
}

/**
 * An order's payment state as reports come and go: a free order is due nothing and takes no report,
 * and a rejected report sends the order back to unpaid only when no other report of it still waits.
 */
describeEachDatabase('NATCON payment states', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: AuthUser;
  let staffToken: string;
  let paid: { editionId: number; categoryId: number };
  let paidTitle: string;
  let free: { editionId: number; categoryId: number };
  let freeTitle: string;

  const place = async (where: { editionId: number; categoryId: number }) => {
    const response = await api.request('POST', '/api/natcon/registrations', {
      body: { ...registration(where.categoryId, [delegate()]), editionId: where.editionId },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: Order }).data;
  };
  const paymentState = async (orderId: number) =>
    (
      await database.db
        .selectFrom('natcon_orders')
        .select('payment_state')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).payment_state;
  const paidOn = () => new Date().toISOString().slice(0, 10);
  const mailsTo = async (email: string) => {
    await api.settle();
    return api
      .outbox()
      .filter((m) => m.includes(`To: ${email}`))
      .map((m) => decodeQuotedPrintable(m).replace(/\r\n/g, '\n'));
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const staffUser = await createUser(database.db, { roleId: '5' });
    staff = authUserOf(staffUser);
    staffToken = staffUser.token;
    const withFee = await createEdition(database.db, { categories: [{ name: 'Delegate', fee: 500_000, seats: 10 }] });
    paid = { editionId: withFee.edition.id, categoryId: withFee.categories[0].id };
    paidTitle = withFee.edition.title;
    const withoutFee = await createEdition(database.db, { categories: [{ name: 'Guest', fee: 0, seats: 10 }] });
    free = { editionId: withoutFee.edition.id, categoryId: withoutFee.categories[0].id };
    freeTitle = withoutFee.edition.title;
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('takes no payment for a free order, which is due nothing', async () => {
    const order = await place(free);
    expect([order.state, order.paymentState, order.amountDue]).toEqual(['confirmed', 'not_due', 0]);
    await expect(
      reportOrderPayment(
        database.db,
        order.id,
        {
          mode: 'upi',
          reference: '412345678966',
          amount: 0,
          paidOn: paidOn(),
        },
        new Date(),
      ),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'Nothing is due on this order.' });
    const payments = await database.db.selectFrom('payments').select('id').where('subject_id', '=', order.id).execute();
    expect(payments).toEqual([]);
  });

  it('keeps an order reported while another of its reports still waits, and unpaid once none does', async () => {
    const order = await place(paid);
    const url = `/api/natcon/registrations/${order.orderNumber}/payments?token=${order.statusToken}`;
    for (const reference of ['412345678931', '412345678932']) {
      const reported = await api.request('POST', url, {
        body: { mode: 'upi', reference, amount: order.amountDue, paidOn: paidOn() },
      });
      expect(reported.status).toBe(201);
    }
    const [first, second] = await database.db
      .selectFrom('payments')
      .select('id')
      .where('purpose', '=', 'natcon_order')
      .where('subject_id', '=', order.id)
      .orderBy('id')
      .execute();
    // The payments screen names what each was for.
    const listed = await api.request('GET', '/api/admin/payments?purpose=natcon_order', { token: staffToken });
    const { items } = ((await listed.json()) as { data: { items: { subjectLabel: string }[] } }).data;
    expect(items.map((item) => item.subjectLabel)).toEqual([
      `NATCON order ${order.orderNumber}`,
      `NATCON order ${order.orderNumber}`,
    ]);
    await rejectPayment(database.db, staff, first.id, 'No such UTR.');
    expect(await paymentState(order.id)).toBe('reported');
    await rejectPayment(database.db, staff, second.id, 'No such UTR either.');
    expect(await paymentState(order.id)).toBe('unpaid');
  });

  it('receipts an order with neither coupon nor GST as its delegates and the total, nothing at zero', async () => {
    const order = await place(paid);
    const url = `/api/natcon/registrations/${order.orderNumber}/payments?token=${order.statusToken}`;
    const reported = await api.request('POST', url, {
      body: { mode: 'upi', reference: '412345678941', amount: order.amountDue, paidOn: paidOn() },
    });
    expect(reported.status).toBe(201);
    const { id } = await database.db
      .selectFrom('payments')
      .select('id')
      .where('purpose', '=', 'natcon_order')
      .where('subject_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const payment = await verifyPayment(database.db, staff, id, 'Seen in the bank statement.');
    expect(await natconOrderPayments.receiptLines(database.db, payment)).toEqual([
      { kind: 'item', label: `${paidTitle} (order ${order.orderNumber}): Delegate delegate × 1`, amount: 500_000 },
      { kind: 'total', label: 'Total', amount: 500_000 },
    ]);
  });

  it('tells the buyer of a free order it is registered, and the job sends a ticket whose e-mail failed', async () => {
    const order = await place(free);
    const [mail] = await mailsTo('ritu.sen@example.test').then((all) =>
      all.filter((m) => m.includes(order.orderNumber)),
    );
    expect(mail).toContain(`Subject: ${freeTitle}: order ${order.orderNumber} is registered`);
    expect(mail).toContain(`Order ${order.orderNumber} is registered. Each delegate receives their ticket by e-mail.`);
    const tickets = async () =>
      (await mailsTo(order.delegates[0].email)).filter((m) => m.includes('application/pdf')).length;
    expect(await tickets()).toBe(1);
    // As when that e-mail failed: the hourly job sends it again, for an order due nothing too.
    await database.db
      .updateTable('natcon_delegates')
      .set({ ticket_sent_at: null })
      .where('order_id', '=', order.id)
      .execute();
    await runNatconHolds(
      { db: database.db, mailer: api.deps.mailer, storage: api.deps.storage, siteUrl: 'https://nipm.test' },
      new Date(),
    );
    expect(await tickets()).toBe(2);
  });

  it('tells the buyer of an order with a fee how long its seats are held and what to pay', async () => {
    const order = await place(paid);
    const deadline = holdDeadline(order.holdUntil);
    expect(order.message).toBe(
      `Order ${order.orderNumber} holds its seats until ${deadline}: pay by then and each delegate receives a ticket by e-mail once the payment is verified.`,
    );
    const [mail] = await mailsTo('ritu.sen@example.test').then((all) =>
      all.filter((m) => m.includes(order.orderNumber)),
    );
    expect(mail).toContain(`Subject: ${paidTitle}: order ${order.orderNumber} awaits payment`);
    expect(mail.replace(/\n/g, ' ')).toContain(
      `Order ${order.orderNumber} holds its seats until ${deadline}. Pay ${formatMoney(order.amountDue)} by then on the link below; once the payment is verified the order is confirmed and each delegate receives their ticket by e-mail. Unpaid by then, the seats go to the waiting list.`,
    );
  });
});
