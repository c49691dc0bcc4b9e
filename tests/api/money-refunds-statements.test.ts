import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr, registerTestPurpose, reportTestPayment } from '../support/money';
import { applicationAwaitingPayment, decisionMailsTo, startOnlineWorld, type OnlineWorld } from '../support/online';

/**
 * Refunds (online through the stand-in gateway, offline recorded) and bank-statement matching,
 * on both databases, through the API as staff use them.
 */

registerTestPurpose();

interface Envelope<T> {
  success: boolean;
  data: T;
  error?: { fields?: Record<string, string> };
}

describeEachDatabase('Refunds and bank statements', (kind) => {
  let database: TestDatabase;
  let world: OnlineWorld;
  let admin: CreatedUser;
  let chapterAdmin: CreatedUser;
  let chapterId: number;

  beforeAll(async () => {
    database = await kind.create();
    chapterId = (await createChapter(database.db, { name: 'Refund Chapter' })).id;
    world = await startOnlineWorld(database.db);
    admin = await createUser(database.db, { roleId: ROLE.admin, email: `admin-${Date.now()}@example.test` });
    chapterAdmin = await createUser(database.db, {
      roleId: ROLE.chapterAdmin,
      chapterId,
      email: `chapter-${Date.now()}@example.test`,
    });
  });

  afterAll(async () => {
    await world?.stop();
    await database?.drop();
  });

  const call = async <T>(method: string, url: string, body?: unknown, token = admin.token) => {
    const response = await world.api.request(method, url, { token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  async function paidOnline() {
    const application = await applicationAwaitingPayment(database.db, chapterId);
    const started = await call<{ paymentId: number; gatewayOrderId: string }>('POST', '/api/payments/online', {
      purpose: 'membership_application',
      subjectId: application.id,
      statusToken: application.token,
    });
    world.standin.gateway.pay(world.standin.gateway.order(started.body.data.gatewayOrderId)!);
    await world.standin.gateway.webhooks.idle();
    return started.body.data.paymentId;
  }

  it('20 simultaneous partial refunds of an online payment never exceed what was paid', async () => {
    const paymentId = await paidOnline();
    const before = await call<{ amount: number; refundable: number; state: string }>(
      'GET',
      `/api/admin/payments/${paymentId}`,
    );
    expect(before.body.data.state).toBe('verified');
    const amount = before.body.data.amount;
    const part = 10_000;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `/api/admin/payments/${paymentId}/refunds`, { amount: part, reason: `Part refund ${i}` }),
      ),
    );
    const made = answers.filter((a) => a.status === 201).length;
    expect(made).toBe(Math.floor(amount / part));
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 400)).toBe(true);
    await world.standin.gateway.webhooks.idle();
    const after = await call<{ refunded: number; refundable: number; refunds: { state: string }[] }>(
      'GET',
      `/api/admin/payments/${paymentId}`,
    );
    expect(after.body.data.refunded).toBe(made * part);
    expect(after.body.data.refundable).toBe(amount - made * part);
    expect(after.body.data.refunds.every((r) => r.state === 'processed')).toBe(true);
    const gatewayRefunded = world.standin.gateway.state.payments.get(
      (
        await database.db
          .selectFrom('gateway_orders')
          .select('gateway_payment_id')
          .where('payment_id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).gateway_payment_id!,
    )!.amount_refunded;
    expect(gatewayRefunded).toBe(made * part);
    await world.api.settle();
    expect(world.api.outbox().filter((m) => m.includes('Subject: Refund of')).length).toBeGreaterThanOrEqual(made);
  });

  it('an offline refund records how it was sent; a chapter admin may see but not refund', async () => {
    const payment = await reportTestPayment(database.db, { amount: 50_000, reference: nextUtr() });
    await call('POST', `/api/admin/payments/${payment.id}/verify`, { note: 'ok' });
    const missing = await call('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 1_000,
      reason: 'Overpaid',
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error!.fields!)).toEqual(
      expect.arrayContaining(['mode', 'reference', 'refundedOn']),
    );
    const made = await call<{ state: string; mode: string }>('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 20_000,
      reason: 'Overpaid',
      mode: 'bank_transfer',
      reference: 'NEFT998877',
      refundedOn: '2026-11-20',
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ state: 'processed', mode: 'bank_transfer' });
    const tooMuch = await call('POST', `/api/admin/payments/${payment.id}/refunds`, {
      amount: 30_001,
      reason: 'More',
      mode: 'upi',
      reference: 'UPI1234567',
      refundedOn: '2026-11-20',
    });
    expect(tooMuch.status).toBe(400);
    const forbidden = await call(
      'POST',
      `/api/admin/payments/${payment.id}/refunds`,
      { amount: 1, reason: 'x' },
      chapterAdmin.token,
    );
    expect(forbidden.status).toBe(403);
  });

  it('matches a statement: exact, ambiguous and unknown references; the same statement again matches nothing new', async () => {
    const exactRef = nextUtr();
    const firstRef = nextUtr();
    const secondRef = nextUtr();
    const exact = await reportTestPayment(database.db, { amount: 111_100, reference: exactRef });
    await reportTestPayment(database.db, { amount: 222_200, reference: firstRef });
    await reportTestPayment(database.db, { amount: 222_200, reference: secondRef });
    const csv = [
      'Account Statement,,,,,',
      'Account No,0001234567,,,,',
      'Txn Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      `20/11/2026,UPI/${exactRef}/MEERA SEN/NIPM,${exactRef},,"1,111.00","10,000.00"`,
      `21/11/2026,NEFT ${firstRef} ${secondRef} BULK,,,"2,222.00","12,222.00"`,
      `22/11/2026,IMPS 999999999999 UNKNOWN PAYER,,,500.00,"12,722.00"`,
      '23/11/2026,ATM WITHDRAWAL,,"1,000.00",,"11,722.00"',
    ].join('\n');
    const upload = async () => {
      const form = new FormData();
      form.set('file', new File([csv], 'statement.csv', { type: 'text/csv' }));
      const response = await world.api.app.request('/api/admin/payments/statements', {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      return {
        status: response.status,
        body: (await response.json()) as Envelope<{
          id: number;
          lines: number;
          matched: number;
          ambiguous: number;
          unmatched: number;
          seen: number;
        }>,
      };
    };
    const first = await upload();
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ lines: 3, matched: 1, ambiguous: 1, unmatched: 1, seen: 0 });

    const again = await upload();
    expect(again.body.data).toMatchObject({ lines: 3, matched: 0, ambiguous: 0, unmatched: 0, seen: 3 });

    const confirmed = await call<{ confirmed: { paymentId: number; receiptNumber: string }[] }>(
      'POST',
      `/api/admin/payments/statements/${first.body.data.id}/confirm`,
      {},
    );
    expect(confirmed.body.data.confirmed).toHaveLength(1);
    expect(confirmed.body.data.confirmed[0]).toMatchObject({ paymentId: exact.id });
    expect(confirmed.body.data.confirmed[0].receiptNumber).toMatch(/^NIPM\/RCPT\//);
    const view = await call<{ lines: { status: string; candidates: unknown[] }[] }>(
      'GET',
      `/api/admin/payments/statements/${first.body.data.id}`,
    );
    expect(view.body.data.lines.map((l) => l.status)).toEqual(['confirmed', 'ambiguous', 'unmatched']);
    expect(view.body.data.lines[1].candidates).toHaveLength(2);
    await world.api.settle();
    const exactPayer = await database.db
      .selectFrom('payments')
      .select(['payer_email', 'receipt_number'])
      .where('id', '=', exact.id)
      .executeTakeFirstOrThrow();
    const { receipts } = decisionMailsTo(world.api.outbox(), exactPayer.payer_email);
    expect(receipts.filter((mail) => mail.includes(exactPayer.receipt_number!))).toHaveLength(1);
  });
});
