import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowIso } from '../../src/server/platform/db';
import {
  paymentForViewer,
  readReceipt,
  redeemCoupon,
  verifyPayment,
  rejectPayment,
} from '../../src/server/domains/money';
import { natconOrderPayments, reportOrderPayment } from '../../src/server/domains/natcon/payments';
import { ROLE, type RoleId } from '../../src/lib/roles';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { authUserOf } from '../support/refunds';
import { createEdition, delegate, registration } from '../support/natcon';

interface Answer {
  success: boolean;
  data: {
    id: number;
    orderNumber: string;
    statusToken: string;
    state: string;
    paymentState: string;
    subtotal: number;
    discount: number;
    gst: number;
    amountDue: number;
  };
  error?: { code: string; message: string; fields?: Record<string, string> };
}
const json = async (response: Response) => (await response.json()) as Answer;

describeEachDatabase('NATCON coupons, GST and payments', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let staffUser: AuthUser;
  let categoryId: number;
  let tinyCategoryId: number;

  const register = (body: unknown) => api.request('POST', '/api/natcon/registrations', { body });
  const addCoupon = async (code: string, scope: 'membership' | 'natcon' | 'both', maxUses: number) => {
    const at = nowIso();
    await database.db
      .insertInto('coupons')
      .values({
        code,
        kind: 'percent',
        value: 10,
        scope,
        valid_from: '2026-01-01',
        valid_to: '2099-12-31',
        max_uses: maxUses,
        created_at: at,
        updated_at: at,
      })
      .execute();
  };
  const uses = async (code: string) =>
    (await database.db.selectFrom('coupons').select('uses').where('code', '=', code).executeTakeFirstOrThrow()).uses;
  const orders = async () => (await database.db.selectFrom('natcon_orders').select('id').execute()).length;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '5' });
    staffUser = {
      id: staff.id,
      email: staff.email,
      name: 'Admin',
      image: null,
      roleId: '5',
      memberId: null,
      chapterId: null,
    };
    const { categories } = await createEdition(database.db, {
      categories: [
        { name: 'Non-member', fee: 1_000_000, seats: 100 },
        { name: 'Tiny', fee: 500_000, seats: 1 },
      ],
    });
    categoryId = categories[0].id;
    tinyCategoryId = categories[1].id;
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('holds a coupon’s limit across membership and NATCON when its scope is both', async () => {
    await addCoupon('SHARED2', 'both', 2);
    const today = new Date().toISOString().slice(0, 10);
    await database.db.transaction().execute((trx) =>
      redeemCoupon(trx, {
        code: 'shared2',
        scope: 'membership',
        amount: 500_000,
        on: today,
        purpose: 'membership_application',
        subjectId: 1,
      }),
    );
    const withCoupon = await json(await register(registration(categoryId, [delegate()], { coupon: 'shared2' })));
    expect(withCoupon.data).toMatchObject({ subtotal: 1_000_000, discount: 100_000, amountDue: 900_000 });
    expect(await uses('SHARED2')).toBe(2);

    const before = await orders();
    const usedUp = await register(registration(categoryId, [delegate()], { coupon: 'SHARED2' }));
    expect(usedUp.status).toBe(400);
    expect((await json(usedUp)).error?.fields?.coupon).toBe('This coupon has been used up.');
    expect(await orders()).toBe(before);
    const seats = await database.db
      .selectFrom('natcon_categories')
      .select('seats_taken')
      .where('id', '=', categoryId)
      .executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(1);

    await api.request('POST', `/api/admin/natcon/registrations/${withCoupon.data.id}/cancel`, {
      token: staff.token,
      body: { note: 'Duplicate.' },
    });
    expect(await uses('SHARED2')).toBe(1);
    expect((await register(registration(categoryId, [delegate()], { coupon: 'SHARED2' }))).status).toBe(201);
  });

  it('refuses a membership-only coupon', async () => {
    await addCoupon('JOINONLY', 'membership', 5);
    const response = await register(registration(categoryId, [delegate()], { coupon: 'JOINONLY' }));
    expect((await json(response)).error?.fields?.coupon).toBe('This coupon is for membership only.');
  });

  it('adds GST at the membership rate after the discount', async () => {
    await database.db
      .insertInto('settings')
      .values({ key: 'gst', value: JSON.stringify({ ratePercent: 18 }), updated_at: nowIso(), updated_by: null })
      .execute();
    await addCoupon('NATCON10', 'natcon', 5);
    const order = await json(
      await register(registration(categoryId, [delegate(), delegate()], { coupon: 'natcon10' })),
    );
    expect(order.data).toMatchObject({ subtotal: 2_000_000, discount: 200_000, gst: 324_000, amountDue: 2_124_000 });
    await database.db.deleteFrom('settings').where('key', '=', 'gst').execute();
  });

  it('takes a payment report for a confirmed order and marks it paid when staff verify it', async () => {
    const order = await json(await register(registration(categoryId, [delegate()])));
    const url = `/api/natcon/registrations/${order.data.orderNumber}/payments?token=${order.data.statusToken}`;
    const paidOn = new Date().toISOString().slice(0, 10);
    const wrongAmount = await api.request('POST', url, {
      body: { mode: 'upi', reference: '412345678901', amount: 5, paidOn },
    });
    expect((await json(wrongAmount)).error?.fields?.amount).toBe('Report the amount due: 10000.00 rupees.');
    const badReference = await api.request('POST', url, {
      body: { mode: 'cheque', reference: '12', amount: order.data.amountDue, paidOn },
    });
    expect((await json(badReference)).error?.fields?.reference).toBe('Enter the 6-digit cheque number.');
    const wrongToken = await api.request('POST', url.replace(order.data.statusToken, 'x'), {
      body: { mode: 'upi', reference: '412345678901', amount: order.data.amountDue, paidOn },
    });
    expect(wrongToken.status).toBe(404);

    const reported = await api.request('POST', url, {
      body: { mode: 'upi', reference: '412345678901', amount: order.data.amountDue, paidOn },
    });
    expect(reported.status).toBe(201);
    expect((await json(reported)).data.paymentState).toBe('reported');
    const payment = await database.db
      .selectFrom('payments')
      .selectAll()
      .where('subject_id', '=', order.data.id)
      .executeTakeFirstOrThrow();
    const rejected = await rejectPayment(database.db, staffUser, payment.id, 'No such UTR.');
    expect(rejected.state).toBe('rejected');
    let state = await database.db
      .selectFrom('natcon_orders')
      .select('payment_state')
      .where('id', '=', order.data.id)
      .executeTakeFirstOrThrow();
    expect(state.payment_state).toBe('unpaid');

    await api.request('POST', url, {
      body: { mode: 'upi', reference: '412345678902', amount: order.data.amountDue, paidOn },
    });
    const second = await database.db
      .selectFrom('payments')
      .selectAll()
      .where('subject_id', '=', order.data.id)
      .where('state', '=', 'reported')
      .executeTakeFirstOrThrow();
    const verified = await verifyPayment(database.db, staffUser, second.id, 'Seen in the bank statement.');
    expect(verified.receiptNumber).toMatch(/^NIPM\/RCPT\/\d{4}-\d{2}\/\d{6}$/);
    state = await database.db
      .selectFrom('natcon_orders')
      .select('payment_state')
      .where('id', '=', order.data.id)
      .executeTakeFirstOrThrow();
    expect(state.payment_state).toBe('verified');
    const receipt = await database.db
      .selectFrom('payments')
      .select('receipt')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(receipt.receipt).toContain(`order ${order.data.orderNumber}): Non-member delegate × 1`);

    const status = await api.request(
      'GET',
      `/api/natcon/registrations/${order.data.orderNumber}?token=${order.data.statusToken}`,
    );
    const receipts = ((await status.json()) as { data: { receipts: { paymentId: number; receiptNumber: string }[] } })
      .data.receipts;
    // No GSTIN set in these tests: a receipt and no tax invoice.
    expect(receipts).toEqual([
      { paymentId: second.id, receiptNumber: verified.receiptNumber, invoice: null, creditNotes: [] },
    ]);
    const pdf = await api.request('GET', `/api/payments/${second.id}/receipt.pdf?token=${order.data.statusToken}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const stranger = await api.request('GET', `/api/payments/${second.id}/receipt.pdf?token=not-the-token`);
    expect([401, 403, 404]).toContain(stranger.status);

    const again = await api.request('POST', url, {
      body: { mode: 'upi', reference: '412345678903', amount: order.data.amountDue, paidOn },
    });
    expect(again.status).toBe(409);
    const totals = await api.request(
      'GET',
      `/api/admin/natcon/totals?editionId=${(await database.db.selectFrom('natcon_categories').select('edition_id').where('id', '=', categoryId).executeTakeFirstOrThrow()).edition_id}`,
      { token: staff.token },
    );
    expect(((await totals.json()) as { data: { moneyCollected: number } }).data.moneyCollected).toBe(
      order.data.amountDue,
    );
  });

  it('receipts a paid order line by line: its delegates by category, the coupon, GST and the total', async () => {
    await database.db
      .insertInto('settings')
      .values({ key: 'gst', value: JSON.stringify({ ratePercent: 18 }), updated_at: nowIso(), updated_by: null })
      .execute();
    await addCoupon('RECEIPT10', 'natcon', 5);
    const order = await json(
      await register(registration(categoryId, [delegate(), delegate()], { coupon: 'receipt10' })),
    );
    await database.db.deleteFrom('settings').where('key', '=', 'gst').execute();
    const url = `/api/natcon/registrations/${order.data.orderNumber}/payments?token=${order.data.statusToken}`;
    const reported = await api.request('POST', url, {
      body: {
        mode: 'upi',
        reference: '412345678955',
        amount: 2_124_000,
        paidOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(reported.status).toBe(201);
    const payment = await database.db
      .selectFrom('payments')
      .select('id')
      .where('subject_id', '=', order.data.id)
      .executeTakeFirstOrThrow();
    await verifyPayment(database.db, staffUser, payment.id);
    const { title } = await database.db
      .selectFrom('natcon_editions')
      .select('title')
      .where(
        'id',
        '=',
        (
          await database.db
            .selectFrom('natcon_orders')
            .select('edition_id')
            .where('id', '=', order.data.id)
            .executeTakeFirstOrThrow()
        ).edition_id,
      )
      .executeTakeFirstOrThrow();
    expect((await readReceipt(database.db, payment.id)).lines).toEqual([
      {
        kind: 'item',
        label: `${title} (order ${order.data.orderNumber}): Non-member delegate × 2`,
        amount: 2_000_000,
      },
      { kind: 'discount', label: 'Coupon RECEIPT10', amount: 200_000 },
      { kind: 'gst', label: 'GST 18%', amount: 324_000 },
      { kind: 'total', label: 'Total', amount: 2_124_000 },
    ]);
  });

  it('lets the national office and a chapter admin of a delegate’s chapter open an order’s payment, nobody else', async () => {
    const order = await json(await register(registration(categoryId, [delegate()])));
    const url = `/api/natcon/registrations/${order.data.orderNumber}/payments?token=${order.data.statusToken}`;
    const reported = await api.request('POST', url, {
      body: {
        mode: 'upi',
        reference: '412345678966',
        amount: order.data.amountDue,
        paidOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(reported.status).toBe(201);
    const { id } = await database.db
      .selectFrom('payments')
      .select('id')
      .where('subject_id', '=', order.data.id)
      .executeTakeFirstOrThrow();
    const payment = await paymentForViewer(database.db, staffUser, id);
    const delegatesChapter = (await createChapter(database.db, { name: 'Haldia' })).id;
    const otherChapter = (await createChapter(database.db, { name: 'Siliguri' })).id;
    await database.db
      .updateTable('natcon_delegates')
      .set({ chapter_id: delegatesChapter })
      .where('order_id', '=', order.data.id)
      .execute();
    const opens = async (roleId: RoleId, chapterId: number | null) =>
      natconOrderPayments.canView(
        database.db,
        authUserOf(await createUser(database.db, { roleId, chapterId })),
        payment,
      );
    expect({
      superAdmin: await opens(ROLE.superAdmin, null),
      admin: await opens(ROLE.admin, null),
      delegatesChapterAdmin: await opens(ROLE.chapterAdmin, delegatesChapter),
      otherChapterAdmin: await opens(ROLE.chapterAdmin, otherChapter),
      chapterAdminWithoutChapter: await opens(ROLE.chapterAdmin, null),
      contentAdmin: await opens(ROLE.contentAdmin, null),
      member: await opens(ROLE.member, delegatesChapter),
    }).toEqual({
      superAdmin: true,
      admin: true,
      delegatesChapterAdmin: true,
      otherChapterAdmin: false,
      chapterAdminWithoutChapter: false,
      contentAdmin: false,
      member: false,
    });
  });

  it('takes no payment for an order on the waiting list', async () => {
    await register(registration(tinyCategoryId, [delegate()]));
    const waiting = await json(await register(registration(tinyCategoryId, [delegate()])));
    expect(waiting.data.state).toBe('waitlisted');
    const response = await api.request(
      'POST',
      `/api/natcon/registrations/${waiting.data.orderNumber}/payments?token=${waiting.data.statusToken}`,
      {
        body: {
          mode: 'upi',
          reference: '412345678999',
          amount: waiting.data.amountDue,
          paidOn: new Date().toISOString().slice(0, 10),
        },
      },
    );
    expect(response.status).toBe(409);
    expect((await json(response)).error?.message).toBe(
      'This order is on the waiting list: nothing is due until it has seats.',
    );
  });

  it('takes no payment for a cancelled order, nor cash reported from the site', async () => {
    const order = await json(await register(registration(categoryId, [delegate()])));
    const payment = (mode: 'upi' | 'cash') => ({
      mode,
      reference: mode === 'cash' ? null : '412345678977',
      amount: order.data.amountDue,
      paidOn: new Date().toISOString().slice(0, 10),
    });
    await expect(reportOrderPayment(database.db, order.data.id, payment('cash'), new Date())).rejects.toMatchObject({
      kind: 'invalid',
      fields: { mode: 'Cash is paid at the NIPM office, which records it.' },
    });
    await api.request('POST', `/api/admin/natcon/registrations/${order.data.id}/cancel`, {
      token: staff.token,
      body: { note: 'Duplicate.' },
    });
    await expect(reportOrderPayment(database.db, order.data.id, payment('upi'), new Date())).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order is cancelled.',
    });
  });
});
