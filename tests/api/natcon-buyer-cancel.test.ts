import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { decodeQuotedPrintable } from '../support/mail';
import { POLICY, createEdition, delegate, registration } from '../support/natcon';
import { kolkataDate } from '../../src/lib/financial-year';
import { formatMoney } from '../../src/lib/format';

interface Order {
  id: number;
  orderNumber: string;
  statusToken: string;
  amountDue: number;
}

/**
 * A buyer who cancels a paid order under terms that keep everything is told so, in the answer and the
 * e-mail, and no refund is owed; a cancellation without a reason is recorded as the buyer's.
 */
describeEachDatabase('NATCON a buyer cancelling under terms that keep all', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let title: string;
  let editionId: number;
  let order: Order;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Terms', fee: 500_000, seats: 5 }],
    });
    title = edition.title;
    editionId = edition.id;
    const policy = await api.request('PUT', `/api/admin/natcon/editions/${edition.id}/policy`, {
      token: superAdmin.token,
      body: { ...POLICY, selfCancel: true, keepValue: 100 },
    });
    expect(policy.status).toBe(200);
    const placed = await api.request('POST', '/api/natcon/registrations', {
      body: {
        ...registration(categories[0].id, [delegate()], {
          contact: { name: 'Kaberi Nag', email: 'kaberi.nag@example.test', phone: '9830012345' },
        }),
        editionId: edition.id,
      },
    });
    order = ((await placed.json()) as { data: Order }).data;
    const reported = await api.request(
      'POST',
      `/api/natcon/registrations/${order.orderNumber}/payments?token=${order.statusToken}`,
      { body: { mode: 'upi', reference: '498765432101', amount: order.amountDue, paidOn: kolkataDate(api.clock.now) } },
    );
    expect(reported.status).toBe(201);
    const { id: paymentId } = await database.db
      .selectFrom('payments')
      .select('id')
      .where('subject_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const verified = await api.request('POST', `/api/admin/payments/${paymentId}/verify`, {
      token: superAdmin.token,
      body: { note: 'Seen in the bank statement.' },
    });
    expect(verified.status).toBe(200);
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('records who changed the cancellation terms, with the terms before and after', async () => {
    const entries = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'entity_id', 'detail'])
      .where('action', '=', 'natcon.policy_updated')
      .execute();
    expect(entries.map((e) => ({ ...e, detail: JSON.parse(e.detail ?? 'null') }))).toEqual([
      {
        actor_user_id: superAdmin.id,
        entity: 'natcon_edition',
        entity_id: String(editionId),
        detail: { before: POLICY, after: { ...POLICY, selfCancel: true, keepValue: 100 } },
      },
    ]);
  });

  it('refuses the buyer once the last day for cancelling has passed, and the status page offers none', async () => {
    const setUntil = (selfCancelUntil: string | null) =>
      api.request('PUT', `/api/admin/natcon/editions/${editionId}/policy`, {
        token: superAdmin.token,
        body: { ...POLICY, selfCancel: true, keepValue: 100, selfCancelUntil },
      });
    const yesterday = kolkataDate(new Date(api.clock.now.getTime() - 24 * 60 * 60 * 1000));
    expect((await setUntil(yesterday)).status).toBe(200);
    const statusPath = `/api/natcon/registrations/${order.orderNumber}?token=${order.statusToken}`;
    const page = (await (await api.request('GET', statusPath)).json()) as { data: { buyerMayCancel: boolean } };
    expect(page.data.buyerMayCancel).toBe(false);
    const refused = await api.request(
      'POST',
      `/api/natcon/registrations/${order.orderNumber}/cancel?token=${order.statusToken}`,
      { body: {} },
    );
    expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([
      409,
      'This conference does not take cancellations on the site now: write to the NATCON office.',
    ]);
    expect((await setUntil(null)).status).toBe(200);
  });

  it('keeps the whole payment, says so, owes no refund, and records the buyer as the reason', async () => {
    const cancelled = await api.request(
      'POST',
      `/api/natcon/registrations/${order.orderNumber}/cancel?token=${order.statusToken}`,
      { body: {} },
    );
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { data: unknown }).data).toEqual({
      orderNumber: order.orderNumber,
      paid: order.amountDue,
      kept: order.amountDue,
      refund: 0,
    });
    expect(await database.db.selectFrom('refunds').select('id').execute()).toEqual([]);
    const [audit] = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'detail'])
      .where('action', '=', 'natcon.order_cancelled')
      .where('entity_id', '=', String(order.id))
      .execute();
    expect(audit.actor_user_id).toBeNull();
    expect(JSON.parse(audit.detail ?? '{}')).toMatchObject({ note: 'Cancelled by the buyer', by: 'buyer' });
    await api.settle();
    const mail = api
      .outbox()
      .filter((m) => m.includes('To: kaberi.nag@example.test'))
      .map(decodeQuotedPrintable)
      .find((m) => m.includes(`order ${order.orderNumber} cancelled`));
    expect(mail).toContain(`${title}: order ${order.orderNumber} cancelled`);
    expect(mail).toContain(`Order ${order.orderNumber} is cancelled and its seats given back.`);
    expect(mail).toContain(`Under the cancellation terms the ${formatMoney(order.amountDue)} paid is kept.`);

    // The status page then shows the order cancelled, with nothing held and no cancel button.
    const page = await api.request('GET', `/api/natcon/registrations/${order.orderNumber}?token=${order.statusToken}`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { data: unknown }).data).toMatchObject({
      state: 'cancelled',
      status: 'cancelled',
      holdUntil: null,
      buyerMayCancel: false,
    });
  });
});
