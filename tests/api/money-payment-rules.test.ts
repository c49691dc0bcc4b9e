import { afterAll, beforeAll, expect, it } from 'vitest';
import { DomainError } from '../../src/server/domains/errors';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { registerTestPurpose, reportTestPayment } from '../support/money';

/**
 * The rules a reported payment must meet, asked of the money service as every purpose (an application, a renewal, a
 * NATCON order, an import) asks it, and staff's decision on a payment the gateway is still handling.
 */

registerTestPurpose();

describeEachDatabase('A reported payment’s rules', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as DomainError).fields ?? {};
  };
  const paymentCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
  });
  afterAll(() => database.drop());

  it('refuses each bad field with its own words and records nothing', async () => {
    const before = await paymentCount();
    expect(await refusal(reportTestPayment(database.db, { mode: 'barter' as 'upi' }))).toEqual({
      mode: 'Choose how you paid.',
    });
    expect(await refusal(reportTestPayment(database.db, { mode: 'online', reference: 'pay_123' }))).toEqual({
      reference: 'An online payment has no reference until the gateway confirms it.',
    });
    for (const paidOn of [
      '2026-02-30',
      '26-10-01',
      '2026-10-1',
      '01-10-2026',
      '2026-10-01x',
      ' 2026-10-01',
      '+02026-10-01',
      '2026-10-01T05:00',
    ]) {
      expect(await refusal(reportTestPayment(database.db, { paidOn }))).toEqual({
        paidOn: 'Use a date written YYYY-MM-DD.',
      });
    }
    expect(await refusal(reportTestPayment(database.db, { payerName: '   ' }))).toEqual({
      payerName: 'Enter the payer’s name.',
    });
    expect(await refusal(reportTestPayment(database.db, { payerEmail: ' ' }))).toEqual({
      payerEmail: 'Enter the payer’s e-mail.',
    });
    expect(await paymentCount()).toBe(before);
  });

  it('takes an online payment without a reference, and a leap day that exists', async () => {
    const online = await reportTestPayment(database.db, { mode: 'online', reference: '' });
    expect(online).toMatchObject({ mode: 'online', state: 'reported' });
    const leap = await reportTestPayment(database.db, { paidOn: '2024-02-29' });
    expect(leap.paidOn).toBe('2024-02-29');
  });

  it('leaves an online payment to the gateway until the gateway flags it for staff', async () => {
    const payment = await reportTestPayment(database.db, { mode: 'online', reference: '', subjectId: 41 });
    const at = new Date().toISOString();
    await database.db
      .insertInto('gateway_orders')
      .values({
        payment_id: payment.id,
        gateway_order_id: `order_rules${payment.id}`,
        amount: payment.amount,
        currency: 'INR',
        status: 'open',
        return_path: '/',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const verify = () =>
      api.request('POST', `/api/admin/payments/${payment.id}/verify`, {
        token: superAdmin.token,
        body: { note: 'Seen in the bank' },
      });

    const refused = await verify();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This payment is made online: the gateway confirms it, or it is closed when left unpaid.',
    );
    const unchanged = await database.db
      .selectFrom('payments')
      .select(['state', 'receipt_number'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ state: 'reported', receipt_number: null });

    await database.db
      .updateTable('gateway_orders')
      .set({ status: 'flagged', flag: 'The amount captured differs from the order.' })
      .where('payment_id', '=', payment.id)
      .execute();
    const decided = await verify();
    expect(decided.status).toBe(200);
    expect(((await decided.json()) as { data: { state: string } }).data.state).toBe('verified');
  });

  it('answers 404 to staff asking for the receipt of a payment that does not exist', async () => {
    const response = await api.request('GET', '/api/payments/987654/receipt.pdf', { token: superAdmin.token });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('No such payment.');
  });

  it('lists payments of the purpose asked for only', async () => {
    const payment = await reportTestPayment(database.db, { subjectId: 77, payerName: 'Purpose Filter' });
    const listed = async (query: string) => {
      const response = await api.request('GET', `/api/admin/payments?q=Purpose%20Filter${query}`, {
        token: superAdmin.token,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { items: { id: number }[] } }).data.items.map((p) => p.id);
    };
    expect(await listed('')).toEqual([payment.id]);
    expect(await listed('&purpose=membership_application')).toEqual([]);
  });
});
