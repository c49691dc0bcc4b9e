import { randomUUID } from 'node:crypto';
import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import { writeAudit } from '../../audit/audit';
import type { AuthUser } from '../../identity/auth-user';
import { conflict, forbidden, notFound } from '../../errors';
import { GatewayError } from '../gateway/client';
import { mayDecidePayments } from '../payments';
import {
  checkInput,
  creditTheInvoice,
  recordRefusedRefund,
  reserve,
  tellPayer,
  toView,
  type RefundContext,
  type RefundInput,
  type RefundView,
} from './refunds';

/**
 * Refunds owed without anyone deciding them, such as the money of a withdrawn application: a
 * refund row in state `due` names the payment and what is owed, and waits in the staff's refunds
 * queue (roles 2 and 5) until someone makes it. Making it takes what may still be refunded (what
 * was paid less earlier refunds, read again then) off the payment with the same conditional
 * UPDATE as any refund, and claims the due row with a conditional UPDATE in the same transaction,
 * so two staff pressing at once make one refund. Offline, staff record how the money went back;
 * online, it goes back through the gateway. The payer is e-mailed when it is made.
 */

/** The mode a due refund carries until it is made (the column is required). */
const NOT_YET = 'not_yet';

/**
 * Records a refund due of `amount` of one payment, in the transaction that makes it owed (a NATCON
 * order cancelled on the edition's terms keeps part of what was paid). Nothing is taken off the
 * payment yet: making the refund takes it, capped by what may then still be refunded, and issues
 * the invoice's credit note, so a refund owed and never made credits nothing.
 */
export async function recordRefundDue(
  trx: DB,
  input: { paymentId: number; amount: number; reason: string; createdBy: number | null; now: Date },
): Promise<number> {
  const reason = input.reason.trim().slice(0, 2000);
  const row = await trx
    .insertInto('refunds')
    .values({
      payment_id: input.paymentId,
      amount: input.amount,
      reason,
      mode: NOT_YET,
      reference: null,
      refunded_on: null,
      state: 'due',
      gateway_refund_id: null,
      idempotency_key: null,
      created_by: input.createdBy,
      created_at: nowIso(input.now),
      processed_at: null,
      payer_told_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(trx, {
    action: 'payment.refund_due',
    at: input.now,
    actorUserId: input.createdBy,
    entity: 'payment',
    entityId: input.paymentId,
    detail: { refundId: row.id, amount: input.amount, reason },
  });
  return row.id;
}

/**
 * Records a refund due of all that is left of each verified payment of a subject that has none due
 * yet; called in the transaction that makes the money owed (an application withdrawn, or its
 * payment verified after the withdrawal). Answers how many were recorded.
 */
export async function recordRefundsDue(
  trx: DB,
  subject: { purpose: string; subjectId: number },
  reason: string,
  now: Date,
): Promise<number> {
  const payments = await trx
    .selectFrom('payments')
    .select(['id', 'amount', 'refunded'])
    .where('purpose', '=', subject.purpose)
    .where('subject_id', '=', subject.subjectId)
    .where('state', '=', 'verified')
    .where((eb) => eb('refunded', '<', eb.ref('amount')))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refunds')
            .select('refunds.id')
            .whereRef('refunds.payment_id', '=', 'payments.id')
            .where('refunds.state', '=', 'due'),
        ),
      ),
    )
    .execute();
  for (const payment of payments) {
    await recordRefundDue(trx, {
      paymentId: payment.id,
      amount: payment.amount - payment.refunded,
      reason,
      createdBy: null,
      now,
    });
  }
  return payments.length;
}

async function dueRefund(db: DB, refundId: number) {
  const row = await db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('gateway_orders as g', 'g.payment_id', 'p.id')
    .select([
      'r.id',
      'r.state',
      'r.amount',
      'r.reason',
      'r.payment_id',
      'g.gateway_payment_id',
      'g.status as order_status',
    ])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
  if (!row) throw notFound('No such refund.');
  if (row.state !== 'due') throw conflict('This refund has already been made.');
  return row;
}

/** What may still be refunded of a payment, read in the transaction that takes it. */
async function leftToRefund(trx: DB, paymentId: number): Promise<number> {
  const payment = await trx
    .selectFrom('payments')
    .select(['amount', 'refunded'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return payment.amount - payment.refunded;
}

export async function makeDueRefund(
  db: DB,
  caller: AuthUser,
  refundId: number,
  input: Pick<RefundInput, 'mode' | 'reference' | 'refundedOn'>,
  ctx: RefundContext,
): Promise<RefundView> {
  if (!mayDecidePayments(caller)) throw forbidden();
  const due = await dueRefund(db, refundId);
  const online = Boolean(due.gateway_payment_id && due.order_status === 'paid');
  checkInput({ ...input, amount: 1, reason: due.reason }, online, ctx.now);
  if (online && !ctx.gateway) throw conflict('Online payments cannot be refunded while the gateway is not configured.');
  const at = nowIso(ctx.now);
  const key = `nipm-refund-${randomUUID()}`;
  const made = await db.transaction().execute(async (trx) => {
    // The due row is claimed first: a second maker waits on its lock, then finds it made.
    const claimed = await trx
      .updateTable('refunds')
      .set({
        mode: online ? 'gateway' : input.mode!,
        reference: online ? null : input.reference?.trim() || null,
        refunded_on: online ? null : input.refundedOn!,
        state: online ? 'pending' : 'processed',
        idempotency_key: online ? key : null,
        created_by: caller.id,
        processed_at: online ? null : at,
      })
      .where('id', '=', refundId)
      .where('state', '=', 'due')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw conflict('This refund has already been made.');
    // What is owed, unless refunds made meanwhile left less.
    const amount = Math.min(due.amount, await leftToRefund(trx, due.payment_id));
    if (amount <= 0) throw conflict('This payment has already been refunded in full.');
    await reserve(trx, due.payment_id, amount);
    const row = await trx
      .updateTable('refunds')
      .set({ amount })
      .where('id', '=', refundId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!online) await creditTheInvoice(trx, due.payment_id, amount, row.reason, ctx.now);
    await writeAudit(trx, {
      action: 'payment.refunded',
      at: ctx.now,
      actorUserId: caller.id,
      entity: 'payment',
      entityId: due.payment_id,
      ip: ctx.ip,
      detail: { refundId, amount, mode: row.mode, reason: row.reason, wasDue: true },
    });
    return row;
  });
  if (!online) {
    await tellPayer(db, ctx.mailer, made.id, ctx.now);
    return toView(made);
  }
  try {
    const refund = await ctx.gateway!.refundPayment(
      due.gateway_payment_id!,
      { amount: made.amount, notes: { nipm_refund_id: String(made.id) } },
      key,
    );
    await db
      .updateTable('refunds')
      .set({ gateway_refund_id: refund.id })
      .where('id', '=', made.id)
      .where('gateway_refund_id', 'is', null)
      .execute();
    return toView({ ...made, gateway_refund_id: refund.id });
  } catch (error) {
    if (!(error instanceof GatewayError) || error.status === 0) throw error;
    // The gateway refused: nothing left our account, so the refund is due again.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('refunds')
        .set({ state: 'due', mode: NOT_YET, idempotency_key: null, created_by: null })
        .where('id', '=', made.id)
        .execute();
      await trx
        .updateTable('payments')
        .set((eb) => ({ refunded: eb('refunded', '-', made.amount) }))
        .where('id', '=', due.payment_id)
        .execute();
      await recordRefusedRefund(
        trx,
        caller,
        { paymentId: due.payment_id, refundId: made.id, amount: made.amount },
        error,
        ctx,
      );
    });
    throw conflict(`The gateway refused the refund: ${error.message}`);
  }
}
