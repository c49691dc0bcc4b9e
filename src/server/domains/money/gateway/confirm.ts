import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import { kolkataDate } from '../../../../lib/financial-year';
import { writeAudit } from '../../audit/audit';
import type { PayerTeller } from '../decision-mail';
import { decideByGatewayWithin } from '../payments';
import type { GatewayPayment } from './entities';

/**
 * What the gateway's word does to our records, whoever brings it (the payer's return, a webhook,
 * the reconciler). Each step is one conditional UPDATE of the gateway order (`status = 'open'`)
 * followed, in the same transaction, by the deciding transaction of domains/money: so whichever
 * arrives first verifies the payment and issues the receipt, and the others find nothing open and
 * change nothing. An order's status only moves forward: open -> paid | closed | flagged.
 */

export type ConfirmSource = 'callback' | 'webhook' | 'reconciler';

export type ConfirmOutcome =
  | { outcome: 'verified'; paymentId: number; receiptNumber: string | null }
  | { outcome: 'already'; paymentId: number }
  | { outcome: 'flagged'; paymentId: number; flag: string }
  | { outcome: 'unknown_order' }
  | { outcome: 'not_captured'; paymentId: number };

export interface GatewayOrderRow {
  payment_id: number;
  gateway_order_id: string;
  amount: number;
  currency: string;
  status: 'open' | 'paid' | 'closed' | 'flagged';
  gateway_payment_id: string | null;
  return_path: string;
  created_at: string;
}

export async function gatewayOrderByOrderId(db: DB, gatewayOrderId: string): Promise<GatewayOrderRow | undefined> {
  return db
    .selectFrom('gateway_orders')
    .select([
      'payment_id',
      'gateway_order_id',
      'amount',
      'currency',
      'status',
      'gateway_payment_id',
      'return_path',
      'created_at',
    ])
    .where('gateway_order_id', '=', gatewayOrderId)
    .executeTakeFirst();
}

/** Marks an order flagged for staff (a payment we cannot accept as it is); verifies nothing. */
async function flag(
  trx: DB,
  order: GatewayOrderRow,
  payment: GatewayPayment,
  why: string,
  source: ConfirmSource,
  now: Date,
) {
  const flagged = await trx
    .updateTable('gateway_orders')
    .set({
      status: 'flagged',
      flag: why,
      gateway_payment_id: payment.id,
      method: payment.method ?? null,
      updated_at: nowIso(now),
    })
    .where('gateway_order_id', '=', order.gateway_order_id)
    .where('status', 'in', ['open', 'closed'])
    .executeTakeFirst();
  if (Number(flagged.numUpdatedRows) === 0) return { outcome: 'already', paymentId: order.payment_id } as const;
  await writeAudit(trx, {
    action: 'payment.gateway_flagged',
    at: now,
    entity: 'payment',
    entityId: order.payment_id,
    detail: { source, gatewayOrderId: order.gateway_order_id, gatewayPaymentId: payment.id, flag: why },
  });
  return { outcome: 'flagged', paymentId: order.payment_id, flag: why } as const;
}

/**
 * A payment the gateway reports on one of our orders. Captured, for the ordered amount and
 * currency, on an open order: the payment is verified (receipt issued) in this one transaction.
 * A different amount or currency, or a capture on an order we had closed, is flagged for staff.
 */
export async function confirmCapture(
  db: DB,
  gatewayOrderId: string,
  payment: GatewayPayment,
  source: ConfirmSource,
  now: Date,
  tell?: PayerTeller,
): Promise<ConfirmOutcome> {
  const result = await confirmWithin(db, gatewayOrderId, payment, source, now);
  // Only the one that verified tells the payer (receipt attached), after the commit.
  if (result.outcome === 'verified' && tell) await tell(result.paymentId);
  return result;
}

function confirmWithin(
  db: DB,
  gatewayOrderId: string,
  payment: GatewayPayment,
  source: ConfirmSource,
  now: Date,
): Promise<ConfirmOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await gatewayOrderByOrderId(trx, gatewayOrderId);
    if (!order) return { outcome: 'unknown_order' } as const;
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      return { outcome: 'not_captured', paymentId: order.payment_id } as const;
    }
    if (order.status === 'paid' || order.status === 'flagged')
      return { outcome: 'already', paymentId: order.payment_id } as const;
    if (payment.amount !== order.amount || payment.currency !== order.currency) {
      const why = `The gateway reports ${payment.currency} ${payment.amount} paise for an order of ${order.currency} ${order.amount} paise.`;
      return flag(trx, order, payment, why, source, now);
    }
    if (order.status === 'closed') {
      return flag(
        trx,
        order,
        payment,
        'Paid after the payment was closed: refund it or record it by hand.',
        source,
        now,
      );
    }
    const claimed = await trx
      .updateTable('gateway_orders')
      .set({ status: 'paid', gateway_payment_id: payment.id, method: payment.method ?? null, updated_at: nowIso(now) })
      .where('gateway_order_id', '=', gatewayOrderId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { outcome: 'already', paymentId: order.payment_id } as const;
    await trx
      .updateTable('payments')
      .set({ reference: payment.id, paid_on: kolkataDate(new Date(payment.created_at * 1000)) })
      .where('id', '=', order.payment_id)
      .execute();
    const verified = await decideByGatewayWithin(
      trx,
      order.payment_id,
      'verified',
      `Paid online (${payment.method ?? 'gateway'}), confirmed by the ${source}.`,
      now,
    );
    return { outcome: 'verified', paymentId: order.payment_id, receiptNumber: verified.receiptNumber } as const;
  });
}

/**
 * Closes an open order the payer did not pay (cancelled, failed, or left past its time), after the
 * gateway said it is not paid: the payment is rejected as a staff rejection would, so the purpose
 * gives the subject back (the application awaits a payment again) and the payer may choose again.
 */
export async function closeUnpaid(db: DB, gatewayOrderId: string, why: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('gateway_orders')
      .set({ status: 'closed', updated_at: nowIso(now) })
      .where('gateway_order_id', '=', gatewayOrderId)
      .where('status', '=', 'open')
      .returning('payment_id')
      .executeTakeFirst();
    if (!closed) return false;
    await decideByGatewayWithin(trx, closed.payment_id, 'rejected', why, now);
    return true;
  });
}
