import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { hashToken } from '../../src/server/domains/joining/records';
import { applicationRow, json } from './joining-support';

/** The applicant reporting a payment on their page: each refusal word for word, and a payment staff turn down. */
describeEachDatabase("Joining: the applicant's payment report and its rejection", (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let superAdmin: CreatedUser;
  let count = 0;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    chapterId = (await createChapter(database.db, { code: 'PAY' })).id;
    superAdmin = await createUser(database.db, { roleId: '2', name: 'Nita National' });
  });
  afterAll(() => database.drop());

  async function application(state: string) {
    count += 1;
    const token = `payment-report-${count}-${Date.now().toString(36)}`;
    const row = await database.db
      .insertInto('applications')
      .values({ ...applicationRow(chapterId, { state, appliedOn: '2026-11-10' }), status_token_hash: hashToken(token) })
      .returning(['id', 'reference', 'state'])
      .executeTakeFirstOrThrow();
    return { ...row, token };
  }
  const report = (app: { reference: string; token: string }, body: Record<string, unknown> = {}) =>
    api.request(
      'POST',
      `/api/membership/applications/${app.reference}/payments?token=${encodeURIComponent(app.token)}`,
      {
        body: { mode: 'upi', reference: '612345678901', amount: 125_100, paidOn: '2026-11-19', ...body },
      },
    );
  const stateOf = async (id: number) =>
    (await database.db.selectFrom('applications').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  it('refuses a payment date in the future or before the application, naming the date', async () => {
    const open = await application('awaiting_payment');
    // 20 November in Kolkata; the 21st is tomorrow there.
    const future = await report(open, { paidOn: '2026-11-21' });
    expect(future.status).toBe(400);
    expect((await json(future)).error?.fields).toEqual({ paidOn: 'The payment date cannot be in the future.' });
    const early = await report(open, { paidOn: '2026-11-09', amount: 1 });
    expect(early.status).toBe(400);
    expect((await json(early)).error?.fields).toEqual({
      amount: 'The amount due is Rs 1,251.00.',
      paidOn: 'The payment date cannot be before the application.',
    });
    expect((await report(open, { paidOn: '2026-11-10' })).status).toBe(201);
    expect(await stateOf(open.id)).toBe('payment_reported');
  });

  it('tells an applicant why no payment is taken in each state that waits for none', async () => {
    const refusal = async (state: string) => {
      const app = await application(state);
      const response = await report(app);
      expect(response.status).toBe(409);
      expect(await stateOf(app.id)).toBe(state);
      return (await json(response)).error?.message;
    };
    expect(await refusal('payment_reported')).toBe(
      'A payment is already reported for this application. The national office will verify it; you will see the receipt on this page.',
    );
    expect(await refusal('awaiting_guardian')).toBe(
      'Your parent or guardian must consent before you pay: we have e-mailed them a link.',
    );
    expect(await refusal('under_scrutiny')).toBe('This application is not awaiting a payment.');
  });

  it('returns the application to awaiting payment when staff turn the payment down, saying why', async () => {
    const open = await application('awaiting_payment');
    // A payment reference is reported once across all applications: this one is new.
    const reported = await report(open, { reference: '612345670001' });
    expect(reported.status).toBe(201);
    const paymentId = (await json<{ id: number }>(reported)).data.id;
    const rejected = await api.request('POST', `/api/admin/payments/${paymentId}/reject`, {
      token: superAdmin.token,
      body: { note: 'No such credit' },
    });
    expect(rejected.status).toBe(200);
    expect(await stateOf(open.id)).toBe('awaiting_payment');
    const events = await database.db
      .selectFrom('application_events')
      .select(['from_state', 'to_state', 'actor_user_id', 'note'])
      .where('application_id', '=', open.id)
      .orderBy('id')
      .execute();
    expect(events.at(-1)).toEqual({
      from_state: 'payment_reported',
      to_state: 'awaiting_payment',
      actor_user_id: superAdmin.id,
      note: 'Payment not accepted: No such credit. Please pay again or report the right reference.',
    });
    const page = await json<{ nextStep: string }>(
      await api.request('GET', `/api/membership/status?token=${encodeURIComponent(open.token)}`),
    );
    expect(page.data.nextStep).toBe(
      'Pay Rs 1,251.00 by UPI, bank transfer or demand draft, then report the payment here.',
    );
    // The applicant may report again after the refusal.
    expect((await report(open, { reference: '612345670002' })).status).toBe(201);
  });
});
