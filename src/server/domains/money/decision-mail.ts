import type { DB } from '../../platform/db';
import { log } from '../../platform/log';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { formatDate, formatMoney } from '../../../lib/format';
import { PAYMENT_PURPOSE_LABELS, paymentModeLabel, type PaymentPurpose } from '../../../lib/schemas/money';
import { toPaymentRecord } from './payments';
import type { PaymentRecord } from './purposes';
import { receiptPdf } from './receipts';

/**
 * What the payer is told once staff decide a payment (issue 28): verified, the receipt as a PDF
 * attachment; rejected, the reason staff gave and what to do next. Sent by the route after the
 * decision is committed, so a mail server that fails never undoes a decision.
 */
export async function paymentDecisionMail(db: DB, payment: PaymentRecord, siteUrl: string): Promise<MailMessage> {
  const purpose = (PAYMENT_PURPOSE_LABELS as Record<string, string>)[payment.purpose as PaymentPurpose] ?? 'payment';
  const paid = `${formatMoney(payment.amount)} paid on ${formatDate(payment.paidOn)} by ${paymentModeLabel(payment.mode)}${
    payment.reference ? ` (reference ${payment.reference})` : ''
  }`;
  if (payment.state === 'verified') {
    return {
      to: payment.payerEmail,
      subject: `NIPM receipt ${payment.receiptNumber}: ${purpose}`,
      text: [
        `Dear ${payment.payerName},`,
        '',
        `Your payment of ${paid} for ${purpose.toLowerCase()} is verified. Your receipt ${payment.receiptNumber} is attached.`,
        '',
        `National Institute of Personnel Management — ${siteUrl}`,
      ].join('\n'),
      attachments: [
        {
          filename: `receipt-${(payment.receiptNumber ?? String(payment.id)).replace(/\//g, '-')}.pdf`,
          content: Buffer.from(await receiptPdf(db, payment.id)),
          contentType: 'application/pdf',
        },
      ],
    };
  }
  return {
    to: payment.payerEmail,
    subject: `NIPM: your payment of ${formatMoney(payment.amount)} could not be verified`,
    text: [
      `Dear ${payment.payerName},`,
      '',
      `The institute could not verify your payment of ${paid} for ${purpose.toLowerCase()}.`,
      payment.note ? `The reason given: ${payment.note}` : '',
      '',
      'If the money left your account, reply to this e-mail with your bank statement line; otherwise report the payment again from the page where you made it.',
      '',
      `National Institute of Personnel Management — ${siteUrl}`,
    ]
      .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
      .join('\n'),
  };
}

/** Tells a payment's payer of its decision, by id, once the decision is committed. */
export type PayerTeller = (paymentId: number) => Promise<void>;

/**
 * The teller for decisions made without a staff route in between (the gateway's callback, webhook
 * and reconciler, a confirmed bank-statement match, a renewal recorded at the office): the same
 * e-mail as a staff decision. A failing mail server is logged and never undoes the decision.
 */
export function payerTeller(db: DB, mailer: Mailer, siteUrl: string): PayerTeller {
  return async (paymentId) => {
    try {
      const row = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
      if (!row || row.state === 'reported') return;
      await mailer.send(await paymentDecisionMail(db, toPaymentRecord(row), siteUrl));
    } catch (err) {
      log().error({ err, paymentId }, 'payment decision e-mail failed');
    }
  };
}
