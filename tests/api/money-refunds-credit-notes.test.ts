import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { issueCreditNote } from '../../src/server/domains/gst/credit-notes';
import { paymentDetail } from '../../src/server/domains/money/refunds/detail';
import { paymentForViewer, reportPayment } from '../../src/server/domains/money';
import { recordRefundDue } from '../../src/server/domains/money/refunds/due';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr, registerTestPurpose, reportTestPayment } from '../support/money';
import {
  authUserOf,
  invoiceTaxedPayments,
  refusal,
  TAXED_AMOUNT,
  TAXED_PURPOSE,
  type Envelope,
} from '../support/refunds';

/**
 * A refund of an invoiced payment reverses its tax with a credit note for the refunded amount, or
 * for what the invoice has left when a cancellation credited part of it already, and none once
 * nothing is left; the payment's detail screen lists the invoice and its credit notes in order.
 */

interface CreditNote {
  id: number;
  number: string;
  issuedOn: string;
  reason: string;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}
interface Detail {
  gateway: unknown;
  refunded: number;
  refundable: number;
  invoice: { id: number; number: string; issuedOn: string; placeOfSupply: string; total: number; cgst: number } | null;
  creditNotes: CreditNote[];
}

const NOW = new Date('2026-11-20T06:00:00Z');

registerTestPurpose();

describeEachDatabase('Refunds of invoiced payments: credit notes', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = NOW;
    admin = await createUser(database.db, { roleId: ROLE.superAdmin });
    await invoiceTaxedPayments(database.db, authUserOf(admin));
  });
  afterAll(() => database.drop());

  const call = async <T>(method: string, url: string, body?: unknown, token = admin.token) => {
    const response = await api.request(method, url, { token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  async function invoicedPayment() {
    const payment = await reportPayment(
      database.db,
      {
        purpose: TAXED_PURPOSE,
        subjectId: 1,
        payerName: 'Asha Rao',
        payerEmail: 'asha@example.test',
        mode: 'upi',
        reference: nextUtr(),
        amount: TAXED_AMOUNT,
        paidOn: '2026-11-19',
      },
      NOW,
    );
    expect((await call('POST', `/api/admin/payments/${payment.id}/verify`, {})).status).toBe(200);
    const invoice = await database.db
      .selectFrom('gst_invoices')
      .select(['id', 'number'])
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    return { id: payment.id, invoice };
  }

  const refund = (paymentId: number, amount: number, reason: string) =>
    call('POST', `/api/admin/payments/${paymentId}/refunds`, {
      amount,
      reason,
      mode: 'bank_transfer',
      reference: nextUtr(),
      refundedOn: '2026-11-20',
    });

  const notesOf = (invoiceId: number) =>
    database.db
      .selectFrom('gst_credit_notes')
      .select(['reason', 'total'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute();

  it('credits the refunded amount, then only what a cancellation left on the invoice', async () => {
    const payment = await invoicedPayment();
    // A cancellation credited Rs 180.00 of the invoice before any refund.
    await issueCreditNote(database.db, payment.invoice.id, 18_000, 'Part of the order cancelled', NOW);

    expect((await refund(payment.id, 30_000, 'Overpaid')).status).toBe(201);
    expect(await notesOf(payment.invoice.id)).toEqual([
      { reason: 'Part of the order cancelled', total: 18_000 },
      { reason: 'Overpaid', total: 30_000 },
    ]);
    // Rs 880.00 may still be refunded, but the invoice has only Rs 700.00 left to credit.
    expect((await refund(payment.id, 88_000, 'Membership withdrawn')).status).toBe(201);
    expect(await notesOf(payment.invoice.id)).toEqual([
      { reason: 'Part of the order cancelled', total: 18_000 },
      { reason: 'Overpaid', total: 30_000 },
      { reason: 'Membership withdrawn', total: 70_000 },
    ]);

    const detail = await call<Detail>('GET', `/api/admin/payments/${payment.id}`);
    expect(detail.status).toBe(200);
    const data = detail.body.data;
    expect(data.gateway).toBeNull();
    expect(data.refunded).toBe(TAXED_AMOUNT);
    expect(data.refundable).toBe(0);
    expect(data.invoice).toMatchObject({
      id: payment.invoice.id,
      number: payment.invoice.number,
      issuedOn: '2026-11-20',
      total: TAXED_AMOUNT,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
      taxableValue: 100_000,
      buyerGstin: null,
    });
    expect(data.creditNotes.map((n) => [n.reason, n.total, n.taxableValue + n.cgst + n.sgst + n.igst])).toEqual([
      ['Part of the order cancelled', 18_000, 18_000],
      ['Overpaid', 30_000, 30_000],
      ['Membership withdrawn', 70_000, 70_000],
    ]);
    const stored = await database.db
      .selectFrom('gst_credit_notes')
      .select(['id', 'number', 'issued_on', 'taxable_value', 'cgst', 'sgst', 'igst'])
      .where('invoice_id', '=', payment.invoice.id)
      .orderBy('id')
      .execute();
    expect(data.creditNotes).toEqual(
      stored.map((n, i) => ({
        id: n.id,
        number: n.number,
        issuedOn: n.issued_on,
        reason: data.creditNotes[i].reason,
        taxableValue: n.taxable_value,
        cgst: n.cgst,
        sgst: n.sgst,
        igst: n.igst,
        total: data.creditNotes[i].total,
      })),
    );
    expect(new Set(stored.map((n) => n.number)).size).toBe(3);
    expect(stored.every((n) => n.issued_on === '2026-11-20' && n.igst === 0 && n.cgst > 0)).toBe(true);
  });

  it('a refund after the invoice was credited in full issues no further credit note', async () => {
    const payment = await invoicedPayment();
    await issueCreditNote(database.db, payment.invoice.id, TAXED_AMOUNT, 'Order cancelled', NOW);
    expect((await refund(payment.id, 10_000, 'Goodwill')).status).toBe(201);
    expect(await notesOf(payment.invoice.id)).toEqual([{ reason: 'Order cancelled', total: TAXED_AMOUNT }]);
    const detail = await call<Detail>('GET', `/api/admin/payments/${payment.id}`);
    expect(detail.body.data.refunded).toBe(10_000);
    expect(detail.body.data.refundable).toBe(TAXED_AMOUNT - 10_000);
  });

  it('making a refund that was due credits what is made, less what earlier refunds left', async () => {
    const payment = await invoicedPayment();
    const dueId = await database.db.transaction().execute((trx) =>
      recordRefundDue(trx, {
        paymentId: payment.id,
        amount: TAXED_AMOUNT,
        reason: 'Order cancelled.',
        createdBy: null,
        now: NOW,
      }),
    );
    expect((await refund(payment.id, 18_000, 'Overpaid')).status).toBe(201);
    const made = await call('POST', `/api/admin/refunds/${dueId}/make`, {
      mode: 'upi',
      reference: nextUtr(),
      refundedOn: '2026-11-20',
    });
    expect(made.status).toBe(200);
    expect(await notesOf(payment.invoice.id)).toEqual([
      { reason: 'Overpaid', total: 18_000 },
      { reason: 'Order cancelled.', total: 100_000 },
    ]);
  });

  it('a payment without an invoice has none and no credit notes; people outside payments see no payment at all', async () => {
    const chapterId = (await createChapter(database.db)).id;
    const payment = await reportPayment(
      database.db,
      {
        purpose: TAXED_PURPOSE,
        subjectId: 2,
        payerName: 'Ravi Kumar',
        payerEmail: 'ravi@example.test',
        mode: 'upi',
        reference: nextUtr(),
        amount: TAXED_AMOUNT,
        paidOn: '2026-11-19',
      },
      NOW,
    );
    const detail = await call<Detail>('GET', `/api/admin/payments/${payment.id}`);
    expect(detail.body.data).toMatchObject({ invoice: null, creditNotes: [], refundable: 0, refunded: 0 });

    for (const roleId of [ROLE.member, ROLE.contentAdmin]) {
      const user = await createUser(database.db, { roleId, chapterId });
      const refused = await refusal(paymentDetail(database.db, authUserOf(user), payment.id));
      expect([refused.kind, refused.message]).toEqual(['not_found', 'No such payment.']);
    }
    // Not even a member's own payment, which the member portal shows them: the staff detail is staff's.
    const member = await createMember(database.db, chapterId);
    const own = await reportTestPayment(database.db, { subjectId: member.id }, NOW);
    const user = await createUser(database.db, { roleId: ROLE.member, memberId: member.id, chapterId });
    expect((await paymentForViewer(database.db, authUserOf(user), own.id)).id).toBe(own.id);
    const refused = await refusal(paymentDetail(database.db, authUserOf(user), own.id));
    expect([refused.kind, refused.message]).toEqual(['not_found', 'No such payment.']);
  });
});
