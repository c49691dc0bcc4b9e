import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import { GatewayError } from './client';
import type { Gateway } from './config';
import { paymentIdOfReceipt } from './config';
import { closeUnpaid, confirmCapture } from './confirm';
import type { PayerTeller } from '../decision-mail';

/**
 * The two gateway jobs. Both are safe on several servers at once: the reconciler's every step is
 * the conditional confirmation (a second server finds nothing open), and the settlement job
 * writes each payment's settlement with an UPDATE that only fills what is empty.
 */

/** How often each server runs the reconciler. */
export const RECONCILE_INTERVAL_MS = 5 * 60_000;
/** Orders open this long are asked about: a webhook that has not come by then may never come. */
export const ASK_AFTER_MINUTES = 15;
/** Orders still not paid this long after creation are closed, so the payer may choose again. */
export const CLOSE_AFTER_MINUTES = 60;

export interface ReconcileRun {
  asked: number;
  verified: number;
  flagged: number;
  closed: number;
  unreachable: number;
}

export async function reconcileOpenOrders(
  db: DB,
  gateway: Gateway,
  now: Date,
  tell?: PayerTeller,
): Promise<ReconcileRun> {
  const askBefore = nowIso(new Date(now.getTime() - ASK_AFTER_MINUTES * 60_000));
  const closeBefore = nowIso(new Date(now.getTime() - CLOSE_AFTER_MINUTES * 60_000));
  const open = await db
    .selectFrom('gateway_orders')
    .select(['gateway_order_id', 'created_at'])
    .where('status', '=', 'open')
    .where('created_at', '<', askBefore)
    .orderBy('created_at')
    .limit(500)
    .execute();
  const run: ReconcileRun = { asked: 0, verified: 0, flagged: 0, closed: 0, unreachable: 0 };
  for (const order of open) {
    run.asked++;
    let payments;
    try {
      payments = await gateway.client.fetchOrderPayments(order.gateway_order_id);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      run.unreachable++;
      continue;
    }
    const captured = payments.find((p) => p.status === 'captured' || p.status === 'refunded');
    if (captured) {
      const result = await confirmCapture(db, order.gateway_order_id, captured, 'reconciler', now, tell);
      if (result.outcome === 'verified') run.verified++;
      if (result.outcome === 'flagged') run.flagged++;
    } else if (order.created_at < closeBefore) {
      if (await closeUnpaid(db, order.gateway_order_id, 'Not paid within the time allowed.', now)) run.closed++;
    }
  }
  return run;
}

export interface SettlementRun {
  lines: number;
  recorded: number;
}

/**
 * Records the settlement of each of our payments settled on `day` (a Kolkata date): settlement
 * id, the bank's UTR, the gateway's fee and the tax on it. Lines for payments that are not ours
 * (or refunds and adjustments) are counted and left.
 */
export async function recordSettlements(db: DB, gateway: Gateway, day: string): Promise<SettlementRun> {
  const [year, month, date] = day.split('-').map(Number);
  const items = await gateway.client.settlementRecon({ year, month, day: date });
  let recorded = 0;
  for (const item of items) {
    if (item.type !== 'payment' || !item.settlement_id) continue;
    const ours = paymentIdOfReceipt(item.order_receipt);
    let query = db
      .updateTable('gateway_orders')
      .set({
        settlement_id: item.settlement_id,
        settlement_utr: item.settlement_utr,
        fee: item.fee,
        tax: item.tax,
        settled_on: day,
      })
      .where('settlement_id', 'is', null);
    query =
      ours !== null ? query.where('payment_id', '=', ours) : query.where('gateway_payment_id', '=', item.entity_id);
    const result = await query.executeTakeFirst();
    recorded += Number(result.numUpdatedRows);
  }
  return { lines: items.length, recorded };
}

export interface MonthlyFees {
  month: string;
  payments: number;
  amount: number;
  fee: number;
  tax: number;
}

/** The accountant's table: per month of settlement, how many payments, how much, and the gateway's fee and tax. */
export async function monthlyGatewayFees(db: DB, year: number): Promise<MonthlyFees[]> {
  const rows = await db
    .selectFrom('gateway_orders')
    .select(['settled_on', 'amount', 'fee', 'tax'])
    .where('settled_on', '>=', `${year}-01-01`)
    .where('settled_on', '<=', `${year}-12-31`)
    .execute();
  const months = new Map<string, MonthlyFees>();
  for (const row of rows) {
    const month = row.settled_on!.slice(0, 7);
    const entry = months.get(month) ?? { month, payments: 0, amount: 0, fee: 0, tax: 0 };
    entry.payments++;
    entry.amount += row.amount;
    entry.fee += row.fee ?? 0;
    entry.tax += row.tax ?? 0;
    months.set(month, entry);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
