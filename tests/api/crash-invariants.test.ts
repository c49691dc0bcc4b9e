import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration } from '../support/natcon';
import { applicationBody, createProposer, seedFees } from './joining-support';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { integrity, invariants, type Acknowledged } from '../crash/invariants';

/**
 * The crash test's checks (`tests/crash/invariants.ts`) hold on what the site writes, and each one
 * fires on the half-written or lost row it is there to find: otherwise `npm run crash` could pass
 * whatever the kills did.
 */
describeEachDatabase('Crash test invariants: quiet on whole data, loud on half-written rows', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let admin: CreatedUser;
  const ack: Acknowledged = {
    notices: new Map(),
    applications: new Set(),
    applicationPayments: new Set(),
    orders: new Set(),
    orderPayments: new Set(),
    receipts: new Map(),
  };
  const verify = async (paymentId: number) => {
    const answer = await api.request('POST', `/api/admin/payments/${paymentId}/verify`, {
      token: admin.token,
      body: { note: 'Seen.' },
    });
    expect(answer.status).toBe(200);
    ack.receipts.set(paymentId, ((await answer.json()) as { data: { receiptNumber: string } }).data.receiptNumber);
  };
  const lastPaymentId = async (purpose: string, subjectId: number) =>
    (
      await database.db
        .selectFrom('payments')
        .select('id')
        .where('purpose', '=', purpose)
        .where('subject_id', '=', subjectId)
        .executeTakeFirstOrThrow()
    ).id;
  const today = () => kolkataDate(api.clock.now);
  const ids = { verifiedApplication: 0, reportedApplication: 0, order: 0, category: 0 };

  beforeAll(async () => {
    database = await kind.create();
    const db = database.db;
    api = createTestApi(db, { trustProxy: 1 });
    const financialYear = financialYearStart(today());
    await seedFees(db, financialYear);
    const chapter = await createChapter(db);
    await createProposer(db, chapter.id, { memberNumber: 'P-0001', paidThrough: financialYear });
    await createProposer(db, chapter.id, { memberNumber: 'P-0002', membershipClass: 'life', paidThrough: null });
    await createUser(db, { roleId: '4', chapterId: chapter.id });
    admin = await createUser(db, { roleId: '2' });
    const { categories } = await createEdition(db, {
      year: financialYear + 1,
      categories: [{ name: 'Delegate', fee: 1_200_000, seats: 100 }],
    });
    ids.category = categories[0]!.id;

    for (const [index, name] of (['verifiedApplication', 'reportedApplication'] as const).entries()) {
      const submitted = await api.request('POST', '/api/membership/applications', {
        body: applicationBody(chapter.id, ['P-0001', 'P-0002']),
        headers: { 'x-forwarded-for': `10.1.1.${index + 1}` },
      });
      expect(submitted.status).toBe(201);
      const created = (
        (await submitted.json()) as { data: { reference: string; statusToken: string; amountDue: number } }
      ).data;
      ack.applications.add(created.reference);
      const paid = await api.request(
        'POST',
        `/api/membership/applications/${created.reference}/payments?token=${encodeURIComponent(created.statusToken)}`,
        { body: { mode: 'upi', reference: `61234567890${index}`, amount: created.amountDue, paidOn: today() } },
      );
      expect(paid.status).toBe(201);
      ack.applicationPayments.add(created.reference);
      const row = await db
        .selectFrom('applications')
        .select('id')
        .where('reference', '=', created.reference)
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
    }
    await verify(await lastPaymentId('membership_application', ids.verifiedApplication));

    for (const index of [0, 1]) {
      const placed = await api.request('POST', '/api/natcon/registrations', {
        body: registration(ids.category, [delegate(), delegate()]),
      });
      expect(placed.status).toBe(201);
      const order = (
        (await placed.json()) as { data: { id: number; orderNumber: string; statusToken: string; amountDue: number } }
      ).data;
      ack.orders.add(order.orderNumber);
      if (index === 0) {
        ids.order = order.id;
        const paid = await api.request(
          'POST',
          `/api/natcon/registrations/${order.orderNumber}/payments?token=${order.statusToken}`,
          { body: { mode: 'upi', reference: '712345678901', amount: order.amountDue, paidOn: today() } },
        );
        expect(paid.status).toBe(201);
        ack.orderPayments.add(order.orderNumber);
        await verify(await lastPaymentId('natcon_order', order.id));
      }
    }
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('finds nothing wrong in what the site wrote', async () => {
    expect(await integrity(database.db, kind.name === 'PostgreSQL')).toMatch(/^ok/);
    expect(await invariants(database.db, ack)).toEqual([]);
  });

  it('reports each kind of half-written or lost row', async () => {
    const db = database.db;
    const lastEvent = await db
      .selectFrom('application_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('application_id', '=', ids.reportedApplication)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('application_events').where('id', '=', Number(lastEvent.id)).execute();
    const verifiedPayment = await lastPaymentId('membership_application', ids.verifiedApplication);
    await db.updateTable('payments').set({ state: 'reported' }).where('id', '=', verifiedPayment).execute();
    await db
      .updateTable('receipt_sequences')
      .set({ last_number: sql`last_number + 1` })
      .execute();
    const oneDelegate = await db
      .selectFrom('natcon_delegates')
      .select('id')
      .where('order_id', '=', ids.order)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('natcon_delegates').where('id', '=', oneDelegate.id).execute();
    await db.updateTable('natcon_orders').set({ payment_state: 'unpaid' }).where('id', '=', ids.order).execute();
    const lost: Acknowledged = { ...ack, applications: new Set([...ack.applications, 'APP-LOST0000']) };

    const problems = await invariants(db, lost);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^application APP-\w+ half-written: its history does not lead to its state payment_reported$/,
        ),
        expect.stringMatching(
          /^application APP-\w+ half-written: state payment_verified with 1 reported and 0 verified payments$/,
        ),
        `payment ${verifiedPayment} half-written: reported, yet decided or with a receipt`,
        expect.stringMatching(/^payment \d+ was verified \(200, NIPM\/RCPT\/.+\) but is reported$/),
        expect.stringMatching(
          /^receipt numbers of \d{4}-\d{2}: 2 receipts for a sequence at 3, with a gap or a repeat$/,
        ),
        expect.stringMatching(/^order \S+ half-written: 1 of 2 delegates confirmed$/),
        expect.stringMatching(/^order \S+ half-written: payment unpaid with 0 reported and 1 verified payments$/),
        'category Delegate: 4 seats taken for 3 confirmed delegates',
        expect.stringMatching(/^the payment of order \S+ was answered 201 but is missing$/),
        'application APP-LOST0000 was answered 201 but is missing',
      ]),
    );
    expect(problems).toHaveLength(10);
  });
});
