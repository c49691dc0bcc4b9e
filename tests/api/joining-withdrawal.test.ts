import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import type { ApplicationStatus } from '../../src/lib/schemas/membership';
import { applicationBody, createCoupon, createProposer, json, seedFees, submit } from './joining-support';

/** The outbox text with quoted-printable soft breaks undone. */
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describeEachDatabase('Joining: the applicant withdraws their own application', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let superAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    const db = database.db;
    await seedFees(db, 2026);
    chapterId = (await createChapter(db, { code: 'WDR' })).id;
    await createProposer(db, chapterId, { memberNumber: 'W-0001' });
    await createProposer(db, chapterId, { memberNumber: 'W-0002' });
    superAdmin = await createUser(db, { roleId: '2' });
    await createCoupon(db, { code: 'LEAVE10', value: 10, maxUses: 3 });
  });
  afterAll(() => database.drop());

  async function apply(overrides: Record<string, unknown> = {}) {
    const response = await submit(api, applicationBody(chapterId, ['W-0001', 'W-0002'], overrides));
    expect(response.status).toBe(201);
    const created = (await json<{ reference: string; statusToken: string; amountDue: number }>(response)).data;
    const row = await database.db
      .selectFrom('applications')
      .select(['id', 'email'])
      .where('reference', '=', created.reference)
      .executeTakeFirstOrThrow();
    return { ...created, id: row.id, email: row.email };
  }

  const withdraw = (reference: string, token: string, body: unknown = {}) =>
    api.request('POST', `/api/membership/applications/${reference}/withdrawal?token=${encodeURIComponent(token)}`, {
      body,
    });

  async function reportUpi(application: { reference: string; statusToken: string; amountDue: number }, utr: string) {
    const reported = await api.request(
      'POST',
      `/api/membership/applications/${application.reference}/payments?token=${encodeURIComponent(application.statusToken)}`,
      { body: { mode: 'upi', reference: utr, amount: application.amountDue, paidOn: '2026-11-20' } },
    );
    expect(reported.status).toBe(201);
    return (await json<{ id: number }>(reported)).data.id;
  }

  async function mailTo(email: string, subjectPart: string) {
    await api.settle();
    return plain(api.outbox().find((m) => m.includes(email) && plain(m).includes(subjectPart)) ?? '');
  }

  it('withdraws an unpaid application: state, history, audit, e-mail, and the coupon use given back', async () => {
    const db = database.db;
    const application = await apply({ coupon: 'leave10' });
    const usesOf = async () =>
      (await db.selectFrom('coupons').select('uses').where('code', '=', 'LEAVE10').executeTakeFirstOrThrow()).uses;
    expect(await usesOf()).toBe(1);

    const response = await withdraw(application.reference, application.statusToken, {
      reason: '  Joining next year.  ',
    });
    expect(response.status).toBe(200);
    const status = (await json<ApplicationStatus>(response)).data;
    expect(status.state).toBe('withdrawn');
    expect(status.nextStep).toBe('Your application was withdrawn.');
    expect(status.history.at(-1)).toMatchObject({
      from: 'awaiting_payment',
      to: 'withdrawn',
      by: 'Applicant',
      note: 'Withdrawn by the applicant: Joining next year.',
    });

    expect(await usesOf()).toBe(0);
    const redemption = await db
      .selectFrom('coupon_redemptions')
      .select('released_at')
      .where('subject_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(redemption.released_at).not.toBeNull();

    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'detail'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', String(application.id))
      .where('action', '=', 'application.withdrawn_by_applicant')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBeNull();
    expect(JSON.parse(audit.detail ?? '{}')).toMatchObject({
      before: { state: 'awaiting_payment' },
      after: { state: 'withdrawn' },
    });

    const mail = await mailTo(application.email, 'withdrawn');
    expect(mail).toContain(`Your application ${application.reference} was withdrawn.`);
    expect(mail).toContain('You had paid nothing for it, so nothing is owed to you.');

    // The staff queue filters and shows it.
    const queue = await json<{ items: { reference: string; state: string }[] }>(
      await api.request('GET', '/api/admin/applications?state=withdrawn', { token: superAdmin.token }),
    );
    expect(queue.data.items.map((i) => i.reference)).toContain(application.reference);
    expect(queue.data.items.every((i) => i.state === 'withdrawn')).toBe(true);

    // Once withdrawn, it cannot be withdrawn again.
    const again = await withdraw(application.reference, application.statusToken);
    expect(again.status).toBe(409);
    expect((await json(again)).error?.message).toBe('This application is already withdrawn.');
    expect(await usesOf()).toBe(0);
  });

  it('withdraws without a reason, and the history and the e-mail say only that the applicant withdrew', async () => {
    const application = await apply();
    const response = await withdraw(application.reference, application.statusToken, { reason: '   ' });
    expect(response.status).toBe(200);
    const status = (await json<ApplicationStatus>(response)).data;
    expect(status.history.at(-1)).toMatchObject({ to: 'withdrawn', note: 'Withdrawn by the applicant.' });
    const mail = await mailTo(application.email, 'withdrawn');
    expect(mail).toContain(`Your application ${application.reference} was withdrawn. Withdrawn by the applicant.\n`);
  });

  it('shows a verified payment of a withdrawn application as a refund due, to the applicant and to staff', async () => {
    const application = await apply();
    const paymentId = await reportUpi(application, '612345678901');
    const verified = await api.request('POST', `/api/admin/payments/${paymentId}/verify`, {
      token: superAdmin.token,
      body: { note: 'Seen in the bank statement' },
    });
    expect(verified.status).toBe(200);

    const response = await withdraw(application.reference, application.statusToken);
    expect(response.status).toBe(200);
    const status = (await json<ApplicationStatus>(response)).data;
    expect(status.state).toBe('withdrawn');
    expect(status.payments).toEqual([expect.objectContaining({ id: paymentId, state: 'verified', refundDue: true })]);
    expect(status.nextStep).toContain(`you paid will be refunded to you in full`);
    expect(status.history.at(-1)).toMatchObject({ from: 'payment_verified', to: 'withdrawn', by: 'Applicant' });

    const detail = await json<{ state: string; payments: { id: number; refundDue: boolean }[] }>(
      await api.request('GET', `/api/admin/applications/${application.id}`, { token: superAdmin.token }),
    );
    expect(detail.data.state).toBe('withdrawn');
    expect(detail.data.payments).toEqual([expect.objectContaining({ id: paymentId, refundDue: true })]);

    const mail = await mailTo(application.email, 'withdrawn');
    expect(mail).toMatch(/The Rs\s?[\d,]+\.00 you paid will be refunded to you in full by the national office/);

    // Once the office has sent it back, the applicant reads that it was refunded, and nothing is owed.
    const queue = await json<{ items: { id: number; paymentId: number; amount: number }[] }>(
      await api.request('GET', '/api/admin/refunds?state=due', { token: superAdmin.token }),
    );
    const due = queue.data.items.find((item) => item.paymentId === paymentId)!;
    const made = await api.request('POST', `/api/admin/refunds/${due.id}/make`, {
      token: superAdmin.token,
      body: { mode: 'bank_transfer', reference: 'NEFT-REFUND-1', refundedOn: '2026-11-20' },
    });
    expect(made.status).toBe(200);
    const refunded = (
      await json<ApplicationStatus>(
        await api.request('GET', `/api/membership/status?token=${encodeURIComponent(application.statusToken)}`),
      )
    ).data;
    expect(refunded.payments).toEqual([
      expect.objectContaining({ id: paymentId, refundDue: false, refunded: due.amount }),
    ]);
    expect(refunded.nextStep).toContain('The national office has refunded');
    expect(refunded.nextStep).not.toContain('will be refunded');
  });

  it('keeps an unverified payment for staff to check, and says it is refunded once confirmed', async () => {
    const application = await apply();
    const paymentId = await reportUpi(application, '612345678902');
    const response = await withdraw(application.reference, application.statusToken);
    expect(response.status).toBe(200);
    const status = (await json<ApplicationStatus>(response)).data;
    expect(status.payments).toEqual([expect.objectContaining({ id: paymentId, state: 'reported', refundDue: true })]);
    expect(status.nextStep).toContain('Once the national office has confirmed that your payment of');

    // Staff can still verify it (the receipt is the record of what is owed back); the application stays withdrawn.
    const verified = await api.request('POST', `/api/admin/payments/${paymentId}/verify`, {
      token: superAdmin.token,
      body: { note: 'Arrived' },
    });
    expect(verified.status).toBe(200);
    const after = await json<ApplicationStatus>(
      await api.request('GET', `/api/membership/status?token=${encodeURIComponent(application.statusToken)}`),
    );
    expect(after.data.state).toBe('withdrawn');
    expect(after.data.payments[0]).toMatchObject({ state: 'verified', refundDue: true });
  });

  it('refuses a decided application with 409 and changes nothing', async () => {
    const db = database.db;
    const application = await apply();
    await db.updateTable('applications').set({ state: 'rejected' }).where('id', '=', application.id).execute();
    const response = await withdraw(application.reference, application.statusToken);
    expect(response.status).toBe(409);
    expect((await json(response)).error?.message).toBe(
      'This application is "Rejected": it is decided and can no longer be withdrawn.',
    );
    const row = await db
      .selectFrom('applications')
      .select('state')
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('rejected');
  });

  it('answers 404 to a wrong link and 400 to bad input, and withdraws nothing', async () => {
    const db = database.db;
    const application = await apply();
    const other = await apply();
    const forged = await withdraw(application.reference, 'forged-token-forged-token');
    expect(forged.status).toBe(404);
    // Another application's link does not open this one.
    const crossed = await withdraw(application.reference, other.statusToken);
    expect(crossed.status).toBe(404);
    const noToken = await api.request('POST', `/api/membership/applications/${application.reference}/withdrawal`, {
      body: {},
    });
    expect(noToken.status).toBe(400);
    const tooLong = await withdraw(application.reference, application.statusToken, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).error?.fields?.reason).toBe('Keep the reason under 500 characters.');
    const unknownField = await withdraw(application.reference, application.statusToken, { state: 'approved' });
    expect(unknownField.status).toBe(400);
    const states = await db
      .selectFrom('applications')
      .select('state')
      .where('id', 'in', [application.id, other.id])
      .execute();
    expect(states.map((s) => s.state)).toEqual(['awaiting_payment', 'awaiting_payment']);
  });
});
