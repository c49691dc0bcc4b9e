import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  readReceipt,
  registerPaymentPurpose,
  renderReceiptPdf,
  verifyPayment,
  type PaymentPurposeHandler,
} from '../../src/server/domains/money';
import { paymentDecisionMail, payerTeller } from '../../src/server/domains/money/decision-mail';
import type { Mailer } from '../../src/server/platform/mail/mailer';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser } from '../support/fixtures';
import { pdfText, registerTestPurpose, reportTestPayment } from '../support/money';
import { logWhile } from '../support/log-capture';

/**
 * What a payer reads once a payment without a reference (cash at the office) is decided, and the receipt of a
 * purpose that names neither a total line nor its subjects: the receipt adds the total, and says what the payment
 * was towards without an empty bracket.
 */

const PLAIN_PURPOSE = 'plain_order';
const plainHandler: PaymentPurposeHandler = {
  async canView() {
    return false;
  },
  async onVerified() {},
  async onRejected() {},
  async receiptLines(_trx, payment) {
    return [{ kind: 'item', label: 'Seminar seat', amount: payment.amount }];
  },
};
registerPaymentPurpose(PLAIN_PURPOSE, plainHandler);

const SITE = 'https://nipm.example.test';

describeEachDatabase('Decision e-mails and plain receipts', (kind) => {
  let database: TestDatabase;
  let staff: AuthUser;

  const cashPayment = (overrides: Parameters<typeof reportTestPayment>[1] = {}) =>
    reportTestPayment(database.db, {
      purpose: PLAIN_PURPOSE,
      mode: 'cash',
      reference: '',
      amount: 1_500_00,
      paidOn: '2026-10-05',
      payerName: 'Ravi Menon',
      payerEmail: 'ravi@example.test',
      ...overrides,
    });

  beforeAll(async () => {
    database = await kind.create();
    const user = await createUser(database.db, { roleId: '2' });
    staff = {
      id: user.id,
      email: user.email,
      name: 'Office',
      image: null,
      roleId: '2',
      memberId: null,
      chapterId: null,
    };
  });
  afterAll(() => database.drop());

  it('tells a payer whose cash payment was rejected without a reason exactly what to do, with no empty lines', async () => {
    const payment = await cashPayment();
    await database.db
      .updateTable('payments')
      .set({ state: 'rejected', note: null })
      .where('id', '=', payment.id)
      .execute();
    const mail = await paymentDecisionMail(database.db, { ...payment, state: 'rejected', note: null }, SITE);
    expect(mail.subject).toBe('NIPM: your payment of Rs 1,500.00 could not be verified');
    expect(mail.text).toBe(
      [
        'Dear Ravi Menon,',
        '',
        'The institute could not verify your payment of Rs 1,500.00 paid on 5 Oct 2026 by Cash for payment.',
        '',
        'If the money left your account, reply to this e-mail with your bank statement line; otherwise report the payment again from the page where you made it.',
        '',
        `National Institute of Personnel Management — ${SITE}`,
      ].join('\n'),
    );
  });

  it('tells a payer whose UPI payment was verified what was paid, with its reference, and that the receipt is attached', async () => {
    registerTestPurpose();
    const reported = await reportTestPayment(database.db, { subjectId: 4, payerName: 'Asha Rao' });
    const verified = await verifyPayment(database.db, staff, reported.id, 'Seen on the statement');
    const mail = await paymentDecisionMail(database.db, verified, SITE);
    expect(mail.text).toBe(
      [
        'Dear Asha Rao,',
        '',
        `Your payment of Rs 9,000.50 paid on 1 Oct 2026 by UPI (reference ${reported.reference}) for payment is verified. Your receipt ${verified.receiptNumber} is attached.`,
        '',
        `National Institute of Personnel Management — ${SITE}`,
      ].join('\n'),
    );
  });

  it('receipts a cash payment: the total added, what it was towards, no reference line', async () => {
    const payment = await cashPayment({ subjectId: 2 });
    const verified = await verifyPayment(database.db, staff, payment.id, 'Counted at the desk');
    const mail = await paymentDecisionMail(database.db, verified, SITE);
    expect(mail.text).toContain(`Your payment of Rs 1,500.00 paid on 5 Oct 2026 by Cash for payment is verified.`);
    expect(mail.text).not.toContain('reference');

    const receipt = await readReceipt(database.db, payment.id);
    expect(receipt.lines).toEqual([
      { kind: 'item', label: 'Seminar seat', amount: 1_500_00 },
      { kind: 'total', label: 'Total', amount: 1_500_00 },
    ]);
    expect(receipt.subjectLabel).toBeNull();
    const shown = (await pdfText(await renderReceiptPdf(receipt))).split('\n');
    expect(shown).toContain(`Towards: ${PLAIN_PURPOSE}`);
    expect(shown.some((line) => line.startsWith('Reference'))).toBe(false);
    expect(shown.some((line) => line.startsWith('Tax invoice'))).toBe(false);

    const invoiced = (
      await pdfText(await renderReceiptPdf({ ...receipt, invoiceNumber: 'NIPM/2026-27/000042' }))
    ).split('\n');
    expect(invoiced).toContain('Tax invoice: NIPM/2026-27/000042');
  });

  it('keeps the decision when the mail server fails, and tells the payer once it answers again', async () => {
    const payment = await cashPayment({ subjectId: 3 });
    await verifyPayment(database.db, staff, payment.id, 'Counted');
    const sent: string[] = [];
    let failing = true;
    const mailer: Mailer = {
      async send(message) {
        if (failing) throw new Error('421 service not available');
        sent.push(message.subject);
      },
    } as Mailer;
    const tell = payerTeller(database.db, mailer, SITE);
    const logged = await logWhile(() => expect(tell(payment.id)).resolves.toBeUndefined());
    // The office learns of it from the log: which payment's e-mail failed, and why.
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'payment decision e-mail failed',
        paymentId: payment.id,
        err: expect.objectContaining({ message: '421 service not available' }),
      }),
    ]);
    const row = await database.db
      .selectFrom('payments')
      .select('state')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('verified');
    failing = false;
    await tell(payment.id);
    expect(sent).toEqual([expect.stringMatching(/^NIPM receipt NIPM\/RCPT\/.+: payment$/)]);
  });

  it('tells nobody of a payment not yet decided, and quietly nothing of one that does not exist', async () => {
    const waiting = await cashPayment({ subjectId: 4 });
    const sent: string[] = [];
    const mailer = { send: async (message: { subject: string }) => void sent.push(message.subject) } as Mailer;
    const tell = payerTeller(database.db, mailer, SITE);
    const logged = await logWhile(async () => {
      await tell(waiting.id);
      await tell(999_999);
    });
    expect(sent).toEqual([]);
    expect(logged).toEqual([]);
  });
});
