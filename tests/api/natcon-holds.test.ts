import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { POLICY, createEdition, delegate, registration, reportOrderPaymentByUpi } from '../support/natcon';
import { runNatconHolds } from '../../src/server/domains/natcon';
import { verifyPayment } from '../../src/server/domains/money';
import { kolkataDate } from '../../src/lib/financial-year';
import { formatMoney } from '../../src/lib/format';
import { holdDeadline } from '../../src/lib/natcon';

/**
 * Issue 28 and issue 24 on both databases: an order holds its seats unpaid for the edition's hours
 * and is confirmed by its payment; the NATCON job (run here with the clock moved on) reminds,
 * releases to the waiting list and moves a lapsed offer on; cancellations keep what the edition
 * keeps and make a refund due; twenty cancellations and promotions at once never oversell.
 */
interface Answer {
  data: Record<string, unknown> & {
    id: number;
    orderNumber: string;
    statusToken: string;
    state: string;
    status: string;
    holdUntil: string | null;
    amountDue: number;
    contact: { email: string };
    delegates: { confirmationNumber: string }[];
  };
  error?: { message: string; fields?: Record<string, string> };
}
const json = async (response: Response) => (await response.json()) as Answer;
const HOUR = 60 * 60 * 1000;

describeEachDatabase('NATCON holds, offers and cancellations', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let superAdmin: CreatedUser;

  // The job's "now" runs ahead of the API's clock (whose sessions would expire if it moved).
  let later = 0;
  const job = () =>
    runNatconHolds(
      { db: database.db, mailer: api.deps.mailer, storage: api.deps.storage, siteUrl: 'https://nipm.test' },
      new Date(api.clock.now.getTime() + later),
    );
  const register = async (categoryId: number, editionId: number, email: string, count = 1) =>
    json(
      await api.request('POST', '/api/natcon/registrations', {
        body: {
          ...registration(
            categoryId,
            Array.from({ length: count }, () => delegate()),
            { contact: { name: 'Buyer', email, phone: '9830012345' } },
          ),
          editionId,
        },
      }),
    );
  const orderOf = async (id: number) =>
    json(await api.request('GET', `/api/admin/natcon/registrations/${id}`, { token: staff.token }));
  const seatsTaken = async (categoryId: number) =>
    (
      await database.db
        .selectFrom('natcon_categories')
        .select('seats_taken')
        .where('id', '=', categoryId)
        .executeTakeFirstOrThrow()
    ).seats_taken;
  /** Each mail to `email`, its quoted-printable soft breaks and `=3D` undone. */
  const mailsTo = (email: string) =>
    api
      .outbox()
      .filter((m) => m.includes(`To: ${email}`))
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  const setPolicy = (editionId: number, policy: Record<string, unknown>) =>
    api.request('PUT', `/api/admin/natcon/editions/${editionId}/policy`, {
      token: superAdmin.token,
      body: { ...POLICY, ...policy },
    });
  const payAndVerify = async (order: Answer['data']) => {
    const paymentId = await reportOrderPaymentByUpi(api, database.db, order, {
      reference: `4${String(order.id).padStart(11, '0')}`,
      paidOn: kolkataDate(api.clock.now),
    });
    const decider = { ...staff, name: 'Admin', image: null, roleId: '5' as const, memberId: null, chapterId: null };
    await verifyPayment(database.db, decider, paymentId, 'Seen in the bank statement.', api.clock.now);
    return paymentId;
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '5' });
    superAdmin = await createUser(database.db, { roleId: '2' });
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('holds an unpaid order, reminds before and releases after the edition’s hours, offering the seat on', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Hall', fee: 1_000_000, seats: 1 }],
    });
    const [hall] = categories;
    expect((await setPolicy(edition.id, { holdHours: 10, reminderHours: 3, offerHours: 5 })).status).toBe(200);
    const held = (await register(hall.id, edition.id, 'held@example.test')).data;
    expect(held).toMatchObject({ state: 'confirmed', status: 'awaiting_payment' });
    expect(Date.parse(held.holdUntil!) - api.clock.now.getTime()).toBe(10 * HOUR);
    const first = (await register(hall.id, edition.id, 'first@example.test')).data;
    const second = (await register(hall.id, edition.id, 'second@example.test')).data;
    expect([first.state, second.state]).toEqual(['waitlisted', 'waitlisted']);

    later += 6 * HOUR;
    expect(await job()).toMatchObject({ reminded: 0, released: 0 });
    later += 1 * HOUR + 1000;
    expect(await job()).toMatchObject({ reminded: 1, released: 0 });
    expect(await job()).toMatchObject({ reminded: 0 });
    const reminders = mailsTo('held@example.test').filter((m) => m.includes(`pay for order ${held.orderNumber}`));
    expect(reminders).toHaveLength(1);
    // Headers (a long Subject folded onto a second line) and the body as the buyer reads them.
    const [headers, ...body] = reminders[0]!.replace(/\r\n/g, '\n').split('\n\n');
    expect(headers!.replace(/\n /g, ' ')).toContain(
      `Subject: ${edition.title}: pay for order ${held.orderNumber} by ${holdDeadline(held.holdUntil)}`,
    );
    expect(body.join('\n\n').trim()).toBe(
      [
        'Dear Buyer,',
        '',
        `Order ${held.orderNumber} holds its seats until ${holdDeadline(held.holdUntil)}. ${formatMoney(held.amountDue)} is due; unpaid by then, the seats go to the waiting list.`,
        '',
        'Pay on the private link we sent when you registered (or when the seats were offered to you).',
      ].join('\n'),
    );

    later += 3 * HOUR;
    expect(await job()).toMatchObject({ released: 1, offered: 1 });
    expect((await orderOf(held.id)).data).toMatchObject({ state: 'cancelled', status: 'released' });
    expect((await orderOf(first.id)).data).toMatchObject({ state: 'confirmed', status: 'offered' });
    expect((await orderOf(second.id)).data.state).toBe('waitlisted');
    expect(await seatsTaken(hall.id)).toBe(1);
    expect(mailsTo('held@example.test').some((m) => m.includes('released'))).toBe(true);
    const offerMail = mailsTo('first@example.test').find((m) => m.includes('are free'));
    expect(offerMail).toBeDefined();
    // The offer's link carries a new token that opens the order; the old one no longer does.
    const token = /token=([A-Za-z0-9_-]+)/.exec(offerMail!)?.[1];
    const opened = await api.request('GET', `/api/natcon/registrations/${first.orderNumber}?token=${token}`);
    expect(opened.status).toBe(200);
    expect(
      (await api.request('GET', `/api/natcon/registrations/${first.orderNumber}?token=${first.statusToken}`)).status,
    ).toBe(404);

    // The offer lapses unpaid after the edition's offer hours and moves on to the next.
    later += 5 * HOUR + 1000;
    expect(await job()).toMatchObject({ released: 1, offered: 1 });
    expect((await orderOf(first.id)).data.status).toBe('released');
    expect((await orderOf(second.id)).data).toMatchObject({ state: 'confirmed', status: 'offered' });
    expect(await seatsTaken(hall.id)).toBe(1);
    // Each release says why: an order's own hold, or seats offered from the waiting list.
    const notes = await database.db
      .selectFrom('natcon_orders')
      .select(['id', 'note'])
      .where('id', 'in', [held.id, first.id])
      .orderBy('id')
      .execute();
    expect(notes).toEqual([
      { id: held.id, note: 'Not paid in time' },
      { id: first.id, note: 'Offered seats not paid in time' },
    ]);
    later = 0;
  });

  // Several servers share PostgreSQL only: SQLite is one server (two connections in one process
  // would wait on each other's write lock synchronously), where one job runs at a time.
  it.skipIf(kind.name === 'SQLite')(
    'reminds and releases each order once when two servers run the job at the same moment',
    async () => {
      const { edition, categories } = await createEdition(database.db, {
        categories: [{ name: 'Twice', fee: 200_000, seats: 5 }],
      });
      expect((await setPolicy(edition.id, { holdHours: 4, reminderHours: 2 })).status).toBe(200);
      const orders = [];
      for (let i = 0; i < 5; i++)
        orders.push((await register(categories[0].id, edition.id, `twice${i}@example.test`)).data);
      const waiting = (await register(categories[0].id, edition.id, 'twice-waiting@example.test')).data;
      const deps = (db: typeof database.db) => ({
        db,
        mailer: api.deps.mailer,
        storage: api.deps.storage,
        siteUrl: 'https://nipm.test',
      });
      const at = (hours: number) => new Date(api.clock.now.getTime() + hours * HOUR + 1000);
      const reminders = await Promise.all([
        runNatconHolds(deps(database.db), at(2)),
        runNatconHolds(deps(database.another()), at(2)),
      ]);
      expect(reminders[0].reminded + reminders[1].reminded).toBe(5);
      const releases = await Promise.all([
        runNatconHolds(deps(database.db), at(4)),
        runNatconHolds(deps(database.another()), at(4)),
      ]);
      expect(releases[0].released + releases[1].released).toBe(5);
      expect(releases[0].offered + releases[1].offered).toBe(1);
      expect((await orderOf(waiting.id)).data.status).toBe('offered');
      expect(await seatsTaken(categories[0].id)).toBe(1);
      for (const order of orders) {
        expect(
          mailsTo(order.contact.email).filter((m) => m.includes('Subject:') && m.includes('pay for order')),
        ).toHaveLength(1);
      }
    },
  );

  it('confirms an order when its payment is verified, and only then e-mails the tickets', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Main', fee: 500_000, seats: 10 }],
    });
    const order = (await register(categories[0].id, edition.id, 'payer@example.test', 2)).data;
    const ticketUrl = `/api/natcon/registrations/${order.orderNumber}/tickets/${order.delegates[0].confirmationNumber}?token=${order.statusToken}`;
    expect((await api.request('GET', ticketUrl)).status).toBe(404);
    await api.settle();
    const before = api.outbox().length;
    await payAndVerify(order);
    expect((await orderOf(order.id)).data).toMatchObject({
      status: 'confirmed',
      paymentState: 'verified',
      holdUntil: null,
    });
    expect((await job()).ticketsSent).toBe(2);
    expect((await job()).ticketsSent).toBe(0);
    expect(
      api
        .outbox()
        .slice(before)
        .filter((m) => m.includes('application/pdf')).length,
    ).toBeGreaterThanOrEqual(2);
    expect((await api.request('GET', ticketUrl)).status).toBe(200);
    // A paid order is never released, whatever the clock says; releasing another's hold leaves its tickets be.
    const unpaid = (await register(categories[0].id, edition.id, 'unpaid@example.test')).data;
    const delegates = database.db.selectFrom('natcon_delegates').where('order_id', '=', order.id);
    const ticketsKept = async () => (await delegates.select('id').where('ticket_key', 'is not', null).execute()).length;
    expect(await ticketsKept()).toBe(2);
    later += 1000 * HOUR;
    await job();
    // The released order keeps its old deadline in its row; its page shows none.
    const released = (await orderOf(unpaid.id)).data;
    expect([released.status, released.holdUntil, (await orderOf(order.id)).data.status]).toEqual([
      'released',
      null,
      'confirmed',
    ]);
    expect(await ticketsKept()).toBe(2);
    later = 0;
  });

  it('refuses at check-in an unpaid or cancelled ticket, and admits a guest staff confirmed with a note', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Door', fee: 300_000, seats: 10 }],
    });
    const unpaid = (await register(categories[0].id, edition.id, 'door@example.test')).data;
    const code = unpaid.delegates[0].confirmationNumber;
    const scan = () => api.request('POST', '/api/admin/natcon/check-ins', { token: staff.token, body: { code } });
    const refused = await scan();
    expect(refused.status).toBe(409);
    expect((await json(refused)).error?.message).toMatch(/^Not admitted: .* is not paid \(awaiting payment\)/);

    const noNote = await api.request('POST', `/api/admin/natcon/registrations/${unpaid.id}/confirm-unpaid`, {
      token: staff.token,
      body: { note: ' ' },
    });
    expect(noNote.status).toBe(400);
    const guest = await api.request('POST', `/api/admin/natcon/registrations/${unpaid.id}/confirm-unpaid`, {
      token: staff.token,
      body: { note: 'Chief guest of the inaugural session' },
    });
    expect((await json(guest)).data).toMatchObject({
      status: 'confirmed',
      guestNote: 'Chief guest of the inaugural session',
    });
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'natcon.order_confirmed_unpaid')
      .where('entity_id', '=', String(unpaid.id))
      .executeTakeFirst();
    expect(audit).toBeDefined();
    expect((await scan()).status).toBe(200);

    const other = (await register(categories[0].id, edition.id, 'gone@example.test')).data;
    await api.request('POST', `/api/admin/natcon/registrations/${other.id}/confirm-unpaid`, {
      token: staff.token,
      body: { note: 'Guest' },
    });
    await api.request('POST', `/api/admin/natcon/registrations/${other.id}/cancel`, {
      token: staff.token,
      body: { note: 'Could not come' },
    });
    const cancelled = await api.request('POST', '/api/admin/natcon/check-ins', {
      token: staff.token,
      body: { code: other.delegates[0].confirmationNumber },
    });
    expect(cancelled.status).toBe(409);
    expect((await json(cancelled)).error?.message).toMatch(/^Not admitted: the registration of .* is cancelled/);
  });

  it('lets the buyer cancel within the edition’s terms: a refund due of paid less kept, the seat offered on', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Terms', fee: 1_000_000, seats: 1 }],
    });
    const paid = (await register(categories[0].id, edition.id, 'canceller@example.test')).data;
    const waiting = (await register(categories[0].id, edition.id, 'waiter@example.test')).data;
    const paymentId = await payAndVerify(paid);
    const cancelUrl = `/api/natcon/registrations/${paid.orderNumber}/cancel?token=${paid.statusToken}`;
    const closed = await api.request('POST', cancelUrl, { body: {} });
    expect([closed.status, (await json(closed)).error?.message]).toEqual([
      409,
      'This conference does not take cancellations on the site now: write to the NATCON office.',
    ]);
    expect((await setPolicy(edition.id, { selfCancel: true, keepKind: 'percent', keepValue: 101 })).status).toBe(400);
    const today = kolkataDate(api.clock.now);
    expect(
      (await setPolicy(edition.id, { selfCancel: true, selfCancelUntil: today, keepKind: 'percent', keepValue: 10 }))
        .status,
    ).toBe(200);
    expect(
      (await api.request('GET', `/api/natcon/registrations/${paid.orderNumber}?token=${paid.statusToken}`).then(json))
        .data.buyerMayCancel,
    ).toBe(true);
    const wrongToken = await api.request('POST', cancelUrl.replace(paid.statusToken, 'nope'), { body: {} });
    expect(wrongToken.status).toBe(404);

    const cancelled = await api.request('POST', cancelUrl, { body: { reason: 'Travel cancelled' } });
    expect(cancelled.status).toBe(200);
    const amount = paid.amountDue;
    const kept = Math.round(amount / 10);
    expect((await json(cancelled)).data).toEqual({
      orderNumber: paid.orderNumber,
      paid: amount,
      kept,
      refund: amount - kept,
    });
    const refunds = await database.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ state: 'due', amount: amount - kept });
    const refunded = () =>
      database.db.selectFrom('payments').select('refunded').where('id', '=', paymentId).executeTakeFirstOrThrow();
    // Owed, not yet sent: nothing is taken off the payment until staff make the refund.
    expect((await refunded()).refunded).toBe(0);
    const made = await api.request('POST', `/api/admin/refunds/${refunds[0].id}/make`, {
      token: superAdmin.token,
      body: { mode: 'bank_transfer', reference: 'NEFTCANCEL1', refundedOn: kolkataDate(api.clock.now) },
    });
    expect(made.status).toBe(200);
    expect((await json(made)).data).toMatchObject({ amount: amount - kept, state: 'processed' });
    expect((await refunded()).refunded).toBe(amount - kept);
    expect((await api.request('POST', cancelUrl, { body: {} })).status).toBe(409);
    expect((await orderOf(waiting.id)).data.status).toBe('offered');
    await api.settle();
    expect(mailsTo('canceller@example.test').some((m) => m.includes('We will refund'))).toBe(true);
    expect(mailsTo('waiter@example.test').some((m) => m.includes('are free'))).toBe(true);
  });

  it('never oversells when twenty cancellations and twenty promotions run at once', async () => {
    const SEATS = 20;
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Rush', fee: 100_000, seats: SEATS }],
    });
    const [rush] = categories;
    const seated = [];
    for (let i = 0; i < SEATS; i++) seated.push((await register(rush.id, edition.id, `seated${i}@example.test`)).data);
    const waiting = [];
    for (let i = 0; i < 2 * SEATS; i++)
      waiting.push((await register(rush.id, edition.id, `waiting${i}@example.test`)).data);
    expect(waiting.every((w) => w.state === 'waitlisted')).toBe(true);
    const answers = await Promise.all([
      ...seated.map((o) =>
        api.request('POST', `/api/admin/natcon/registrations/${o.id}/cancel`, {
          token: staff.token,
          body: { note: 'Rush cancellation' },
        }),
      ),
      ...waiting
        .slice(SEATS)
        .map((o) => api.request('POST', `/api/admin/natcon/registrations/${o.id}/promote`, { token: staff.token })),
    ]);
    expect(answers.map((a) => a.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const held = await database.db
      .selectFrom('natcon_delegates as d')
      .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.category_id', '=', rush.id)
      .where('o.state', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(SEATS);
    expect(await seatsTaken(rush.id)).toBe(SEATS);
  });
});
