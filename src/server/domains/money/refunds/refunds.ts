import { randomUUID } from 'node:crypto';
import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import type { Mailer } from '../../../platform/mail/mailer';
import { formatMoney } from '../../../../lib/format';
import { isCalendarDay, kolkataDate } from '../../../../lib/financial-year';
import { PAYMENT_MODES } from '../../../../lib/schemas/money';
import type { AuthUser } from '../../identity/auth-user';
import { writeAudit } from '../../audit/audit';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { mayDecidePayments } from '../payments';
import { GatewayError, type GatewayClient } from '../gateway/client';
import { creditableAmount, issueCreditNote } from '../../gst/credit-notes';
import type { GatewayRefund } from '../gateway/entities';

/**
 * Refunds of verified payments (roles 2 and 5). The paise refunded so far live on the payment, and
 * a refund first takes its amount there with ONE conditional UPDATE (`refunded + amount <=
 * amount`), so twenty partial refunds at once can never add up past what was paid. An online
 * payment is refunded through the gateway with an idempotency key and counted processed when the
 * gateway's `refund.processed` webhook says so; an offline refund records how the money was sent.
 * The payer is e-mailed when a refund is made.
 */

export interface RefundInput {
  amount: number;
  reason: string;
  /** Offline refunds: how the money was sent back (a payment mode), its reference and date. */
  mode?: string | null;
  reference?: string | null;
  refundedOn?: string | null;
}

export interface RefundView {
  id: number;
  amount: number;
  reason: string;
  mode: string;
  reference: string | null;
  refundedOn: string | null;
  state: 'due' | 'pending' | 'processed' | 'failed';
  gatewayRefundId: string | null;
  createdAt: string;
}

export interface RefundContext {
  now: Date;
  ip: string | null;
  mailer: Mailer;
  /** The gateway's client, when online payments are configured. */
  gateway: GatewayClient | null;
}

export function checkInput(input: RefundInput, online: boolean, now: Date) {
  const fields: Record<string, string> = {};
  if (!Number.isInteger(input.amount) || input.amount < 1) fields.amount = 'Enter an amount above zero in paise.';
  if (!input.reason?.trim()) fields.reason = 'Say why the money is refunded.';
  if (!online) {
    if (!input.mode || !(PAYMENT_MODES as readonly string[]).includes(input.mode))
      fields.mode = 'Choose how the money was sent back.';
    if (input.mode !== 'cash' && !input.reference?.trim()) fields.reference = 'Enter the transfer’s reference.';
    if (!input.refundedOn || !isCalendarDay(input.refundedOn)) fields.refundedOn = 'Use a date written YYYY-MM-DD.';
    else if (input.refundedOn > kolkataDate(now)) fields.refundedOn = 'The date cannot be in the future.';
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

/**
 * A refund of an invoiced payment reverses its tax: the credit note is issued in the transaction
 * that makes the refund final, for the refund's amount or what the invoice has left if less (a
 * cancellation may have credited part already).
 */
export async function creditTheInvoice(trx: DB, paymentId: number, amount: number, reason: string, now: Date) {
  const invoice = await trx
    .selectFrom('gst_invoices')
    .select('id')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!invoice) return;
  const left = await creditableAmount(trx, invoice.id);
  if (left > 0) await issueCreditNote(trx, invoice.id, Math.min(left, amount), reason, now);
}

/** Takes `amount` off what may still be refunded, or refuses: the one statement that guards the total. */
export async function reserve(trx: DB, paymentId: number, amount: number): Promise<void> {
  const taken = await trx
    .updateTable('payments')
    .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
    .where('id', '=', paymentId)
    .where('state', '=', 'verified')
    .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return;
  const payment = await trx
    .selectFrom('payments')
    .select(['state', 'amount', 'refunded'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) throw notFound('No such payment.');
  if (payment.state !== 'verified') throw conflict('Only a verified payment can be refunded.');
  const left = payment.amount - payment.refunded;
  throw invalid({
    amount:
      left > 0 ? `At most ${formatMoney(left)} can still be refunded.` : 'This payment has been refunded in full.',
  });
}

export async function tellPayer(db: DB, mailer: Mailer, refundId: number, now: Date): Promise<void> {
  const row = await db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select([
      'r.amount',
      'r.mode',
      'r.reference',
      'p.payer_name',
      'p.payer_email',
      'p.receipt_number',
      'r.payer_told_at',
    ])
    .where('r.id', '=', refundId)
    .executeTakeFirstOrThrow();
  if (row.payer_told_at) return;
  const told = await db
    .updateTable('refunds')
    .set({ payer_told_at: nowIso(now) })
    .where('id', '=', refundId)
    .where('payer_told_at', 'is', null)
    .executeTakeFirst();
  if (Number(told.numUpdatedRows) === 0) return;
  const how =
    row.mode === 'gateway'
      ? 'to the card, UPI or bank account you paid from'
      : `by ${row.mode.replace('_', ' ')}${row.reference ? ` (reference ${row.reference})` : ''}`;
  await mailer.send({
    to: row.payer_email,
    subject: `Refund of ${formatMoney(row.amount)} from NIPM`,
    text: `Dear ${row.payer_name},\n\nWe have refunded ${formatMoney(row.amount)} of your payment${row.receipt_number ? ` (receipt ${row.receipt_number})` : ''} ${how}. Banks usually take 5-7 working days to show it.\n\nNational Institute of Personnel Management`,
  });
}

export function toView(row: {
  id: number;
  amount: number;
  reason: string;
  mode: string;
  reference: string | null;
  refunded_on: string | null;
  state: RefundView['state'];
  gateway_refund_id: string | null;
  created_at: string;
}): RefundView {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    mode: row.mode,
    reference: row.reference,
    refundedOn: row.refunded_on,
    state: row.state,
    gatewayRefundId: row.gateway_refund_id,
    createdAt: row.created_at,
  };
}

export async function refundsOf(db: DB, paymentId: number): Promise<RefundView[]> {
  const rows = await db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
  return rows.map(toView);
}

export async function refundPayment(
  db: DB,
  caller: AuthUser,
  paymentId: number,
  input: RefundInput,
  ctx: RefundContext,
): Promise<RefundView> {
  if (!mayDecidePayments(caller)) throw forbidden();
  const order = await db
    .selectFrom('gateway_orders')
    .select(['gateway_payment_id', 'status'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  const online = Boolean(order?.gateway_payment_id && order.status === 'paid');
  checkInput(input, online, ctx.now);
  if (online && !ctx.gateway) throw conflict('Online payments cannot be refunded while the gateway is not configured.');
  const at = nowIso(ctx.now);
  const key = `nipm-refund-${randomUUID()}`;
  const refund = await db.transaction().execute(async (trx) => {
    await reserve(trx, paymentId, input.amount);
    const row = await trx
      .insertInto('refunds')
      .values({
        payment_id: paymentId,
        amount: input.amount,
        reason: input.reason.trim(),
        mode: online ? 'gateway' : input.mode!,
        reference: online ? null : input.reference?.trim() || null,
        refunded_on: online ? null : input.refundedOn!,
        state: online ? 'pending' : 'processed',
        gateway_refund_id: null,
        idempotency_key: online ? key : null,
        created_by: caller.id,
        created_at: at,
        processed_at: online ? null : at,
        payer_told_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!online) await creditTheInvoice(trx, paymentId, input.amount, row.reason, ctx.now);
    await writeAudit(trx, {
      action: 'payment.refunded',
      at: ctx.now,
      actorUserId: caller.id,
      entity: 'payment',
      entityId: paymentId,
      ip: ctx.ip,
      detail: { refundId: row.id, amount: input.amount, mode: row.mode, reason: row.reason },
    });
    return row;
  });
  if (!online) {
    await tellPayer(db, ctx.mailer, refund.id, ctx.now);
    return toView(refund);
  }
  try {
    const made = await ctx.gateway!.refundPayment(
      order!.gateway_payment_id!,
      { amount: input.amount, notes: { nipm_refund_id: String(refund.id) } },
      key,
    );
    await db
      .updateTable('refunds')
      .set({ gateway_refund_id: made.id })
      .where('id', '=', refund.id)
      .where('gateway_refund_id', 'is', null)
      .execute();
    return toView({ ...refund, gateway_refund_id: made.id });
  } catch (error) {
    if (!(error instanceof GatewayError) || error.status === 0) throw error;
    // The gateway refused: nothing left our account, so the amount may be refunded again.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('refunds').set({ state: 'failed' }).where('id', '=', refund.id).execute();
      await trx
        .updateTable('payments')
        .set((eb) => ({ refunded: eb('refunded', '-', input.amount) }))
        .where('id', '=', paymentId)
        .execute();
      await recordRefusedRefund(trx, caller, { paymentId, refundId: refund.id, amount: input.amount }, error, ctx);
    });
    throw conflict(`The gateway refused the refund: ${error.message}`);
  }
}

/**
 * The audit trail's word that a refund entered as `payment.refunded` never happened: the gateway refused it, so an
 * accountant reading the trail does not count it.
 */
export async function recordRefusedRefund(
  trx: DB,
  caller: AuthUser,
  refund: { paymentId: number; refundId: number; amount: number },
  refusal: GatewayError,
  ctx: Pick<RefundContext, 'now' | 'ip'>,
): Promise<void> {
  await writeAudit(trx, {
    action: 'payment.refund_refused',
    at: ctx.now,
    actorUserId: caller.id,
    entity: 'payment',
    entityId: refund.paymentId,
    ip: ctx.ip,
    detail: { refundId: refund.refundId, amount: refund.amount, refusal: refusal.message },
  });
}

/** The gateway's `refund.processed`: a pending refund becomes processed (once) and the payer is told. */
export async function confirmRefundProcessed(
  db: DB,
  refund: GatewayRefund,
  now: Date,
  mailer?: Mailer,
): Promise<boolean> {
  const notes = (refund as { notes?: unknown }).notes;
  const ourId =
    notes && typeof notes === 'object' && !Array.isArray(notes)
      ? Number((notes as Record<string, unknown>).nipm_refund_id)
      : NaN;
  const updated = await db.transaction().execute(async (trx) => {
    const processed = await trx
      .updateTable('refunds')
      .set({
        state: 'processed',
        processed_at: nowIso(now),
        gateway_refund_id: refund.id,
        refunded_on: kolkataDate(now),
      })
      .where('state', '=', 'pending')
      .where((eb) =>
        Number.isInteger(ourId)
          ? eb.or([eb('gateway_refund_id', '=', refund.id), eb('id', '=', ourId)])
          : eb('gateway_refund_id', '=', refund.id),
      )
      .returning(['id', 'payment_id', 'amount', 'reason'])
      .executeTakeFirst();
    if (processed) await creditTheInvoice(trx, processed.payment_id, processed.amount, processed.reason, now);
    return processed;
  });
  if (!updated) return false;
  if (mailer) await tellPayer(db, mailer, updated.id, now);
  return true;
}
