import type { DB } from '../../../platform/db';
import type { PaymentDetail } from '../../../../lib/schemas/online';
import type { AuthUser } from '../../identity/auth-user';
import { notFound } from '../../errors';
import { ROLE } from '../../../../lib/roles';
import { paymentForViewer } from '../payments';
import { handlerFor } from '../purposes';
import { refundsOf } from './refunds';
import { invoiceOfPayment } from '../../gst/invoices';

/**
 * One payment as staff see it on its detail screen: mode, state, receipt, the gateway's order,
 * payment id and settlement, the refunds made and what may still be refunded. Roles 2 and 5 see
 * every payment; a chapter admin its chapter's (as the payments list); nobody else.
 */
export async function paymentDetail(db: DB, caller: AuthUser, paymentId: number): Promise<PaymentDetail> {
  if (![ROLE.superAdmin, ROLE.admin, ROLE.chapterAdmin].includes(caller.roleId as never))
    throw notFound('No such payment.');
  const payment = await paymentForViewer(db, caller, paymentId);
  const extra = await db
    .selectFrom('payments as p')
    .leftJoin('gateway_orders as g', 'g.payment_id', 'p.id')
    .select([
      'p.refunded',
      'g.gateway_order_id',
      'g.gateway_payment_id',
      'g.status as gateway_status',
      'g.flag',
      'g.method',
      'g.settlement_id',
      'g.settlement_utr',
      'g.fee',
      'g.tax',
      'g.settled_on',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirstOrThrow();
  const labels = await handlerFor(payment.purpose)?.subjectLabels?.(db, [payment.subjectId]);
  const refunds = await refundsOf(db, paymentId);
  const invoice = await invoiceOfPayment(db, paymentId);
  const creditNotes = invoice
    ? await db
        .selectFrom('gst_credit_notes')
        .select(['id', 'number', 'issued_on', 'reason', 'taxable_value', 'cgst', 'sgst', 'igst', 'total'])
        .where('invoice_id', '=', invoice.id)
        .orderBy('id')
        .execute()
    : [];
  return {
    id: payment.id,
    purpose: payment.purpose,
    subjectId: payment.subjectId,
    subjectLabel: labels?.get(payment.subjectId) ?? null,
    payerName: payment.payerName,
    payerEmail: payment.payerEmail,
    mode: payment.mode,
    reference: payment.reference,
    amount: payment.amount,
    paidOn: payment.paidOn,
    state: payment.state,
    note: payment.note,
    receiptNumber: payment.receiptNumber,
    gateway: extra.gateway_order_id
      ? {
          orderId: extra.gateway_order_id,
          paymentId: extra.gateway_payment_id,
          status: extra.gateway_status!,
          flag: extra.flag,
          method: extra.method,
          settlement: extra.settlement_id
            ? {
                id: extra.settlement_id,
                utr: extra.settlement_utr,
                fee: extra.fee,
                tax: extra.tax,
                settledOn: extra.settled_on,
              }
            : null,
        }
      : null,
    refunds,
    refunded: extra.refunded,
    refundable: payment.state === 'verified' ? payment.amount - extra.refunded : 0,
    invoice: invoice && {
      id: invoice.id,
      number: invoice.number,
      issuedOn: invoice.issuedOn,
      placeOfSupply: invoice.placeOfSupply,
      buyerGstin: invoice.buyerGstin,
      taxableValue: invoice.taxableValue,
      cgst: invoice.cgst,
      sgst: invoice.sgst,
      igst: invoice.igst,
      total: invoice.total,
    },
    creditNotes: creditNotes.map((note) => ({
      id: note.id,
      number: note.number,
      issuedOn: note.issued_on,
      reason: note.reason,
      taxableValue: note.taxable_value,
      cgst: note.cgst,
      sgst: note.sgst,
      igst: note.igst,
      total: note.total,
    })),
  };
}
