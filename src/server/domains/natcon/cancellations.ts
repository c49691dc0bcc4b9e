import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import { cancellationKeeps } from '../../../lib/natcon';
import { formatMoney } from '../../../lib/format';
import type { Cancellation } from '../../../lib/schemas/natcon';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import { writeAudit } from '../audit/audit';
import { releaseCoupon } from '../money';
import { recordRefundDue } from '../money/refunds/due';
import { NATCON_PURPOSE } from './registration';
import { lockEditionSeats, releaseSeats, seatCounts } from './seats';
import { offerFreeSeats, type Offer } from './offers';
import { buyerMayCancel, editionPolicy } from './policy';

/**
 * Every way an order ends (issues 24 and 28): staff cancel it (always), the buyer cancels it on its
 * page (when the edition allows, until its last day), or the job releases it when its hold passed
 * unpaid. One transaction: the state by a conditional update (a double click cancels once), the
 * seats and the coupon's use given back, a refund to make of what was paid less what the edition
 * keeps (money's refunds queue; the credit note follows when the refund is made), and the freed seats offered
 * to the waiting list. E-mails go after the commit.
 */

export type CancelledBy = { kind: 'staff'; actor: AuthUser } | { kind: 'buyer' } | { kind: 'release' };

export interface CancelOutcome extends Cancellation {
  orderId: number;
  editionTitle: string;
  contact: { name: string; email: string };
  offers: Offer[];
}

/** Verified payments of the order with what each may still refund, oldest first. */
async function refundablePayments(trx: DB, orderId: number) {
  const rows = await trx
    .selectFrom('payments')
    .select(['payments.id', 'payments.amount', 'payments.refunded'])
    .where('payments.purpose', '=', NATCON_PURPOSE)
    .where('payments.subject_id', '=', orderId)
    .where('payments.state', '=', 'verified')
    .orderBy('payments.id')
    .execute();
  return rows.map((r) => ({ id: r.id, left: r.amount - r.refunded }));
}

/**
 * The refund to make, spread over the payments in order. Each part waits in the refunds queue;
 * the invoice's credit note is issued when staff make it (money's refunds), not here.
 */
async function owe(trx: DB, orderId: number, refund: number, reason: string, createdBy: number | null, now: Date) {
  let rest = refund;
  for (const payment of await refundablePayments(trx, orderId)) {
    const part = Math.min(rest, payment.left);
    if (part <= 0) continue;
    await recordRefundDue(trx, { paymentId: payment.id, amount: part, reason, createdBy, now });
    rest -= part;
  }
}

export async function cancelOrderAs(
  db: DB,
  by: CancelledBy,
  id: number,
  note: string,
  now: Date,
): Promise<CancelOutcome> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('natcon_orders as o')
      .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
      .select(['o.state', 'o.order_number', 'o.edition_id', 'o.contact_name', 'o.contact_email', 'e.title'])
      .where('o.id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('No such registration.');
    await lockEditionSeats(trx, before.edition_id);
    const at = nowIso(now);
    const changed = await trx
      .updateTable('natcon_orders')
      .set({
        state: 'cancelled',
        note,
        cancelled_at: at,
        cancelled_by: by.kind === 'staff' ? by.actor.id : null,
        updated_at: at,
        ...(by.kind === 'release' ? { released_at: at } : {}),
      })
      .where('id', '=', id)
      .where('state', '=', before.state)
      .where('state', '!=', 'cancelled')
      .$if(by.kind === 'release', (qb) =>
        // Released only while still unpaid past its hold: a payment reported meanwhile keeps it.
        qb.where('hold_until', '<=', at).where('payment_state', '=', 'unpaid'),
      )
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      if (by.kind === 'release') throw conflict(`Order ${before.order_number} is no longer releasable.`);
      throw conflict(`Order ${before.order_number} is already cancelled.`);
    }
    const delegates = await trx
      .selectFrom('natcon_delegates')
      .select('category_id')
      .where('order_id', '=', id)
      .execute();
    if (before.state === 'confirmed') {
      await releaseSeats(trx, seatCounts(delegates.map((d) => ({ categoryId: d.category_id }))));
    }
    await releaseCoupon(trx, { purpose: NATCON_PURPOSE, subjectId: id });
    const paid = (await refundablePayments(trx, id)).reduce((sum, p) => sum + p.left, 0);
    // The edition's terms bind the buyer; staff may cancel at any time, on the same terms.
    const kept = cancellationKeeps(await editionPolicy(trx, before.edition_id), paid);
    const refund = paid - kept;
    const reason = `Order ${before.order_number} cancelled: ${note}`;
    if (refund > 0) await owe(trx, id, refund, reason, by.kind === 'staff' ? by.actor.id : null, now);
    const offers = before.state === 'confirmed' ? await offerFreeSeats(trx, before.edition_id, now) : [];
    await writeAudit(trx, {
      action: by.kind === 'release' ? 'natcon.order_released' : 'natcon.order_cancelled',
      at: now,
      actorUserId: by.kind === 'staff' ? by.actor.id : null,
      entity: 'natcon_order',
      entityId: id,
      detail: {
        before: before.state,
        by: by.kind,
        note,
        paid,
        kept,
        refund,
        offered: offers.map((o) => o.orderNumber),
      },
    });
    return {
      orderId: id,
      orderNumber: before.order_number ?? '',
      editionTitle: before.title,
      contact: { name: before.contact_name, email: before.contact_email },
      paid,
      kept,
      refund,
      offers,
    };
  });
}

/** Staff cancel with a note (roles 2 and 5), whatever the edition's self-cancellation terms. */
export function cancelOrder(db: DB, actor: AuthUser, id: number, note: string, now: Date): Promise<CancelOutcome> {
  return cancelOrderAs(db, { kind: 'staff', actor }, id, note, now);
}

/** Tells the buyer their order is cancelled, or released for want of payment, and what is refunded. */
export async function sendCancellationMail(mailer: Mailer, outcome: CancelOutcome, released: boolean): Promise<void> {
  const money =
    outcome.refund > 0
      ? `We will refund ${formatMoney(outcome.refund)}${outcome.kept > 0 ? ` (${formatMoney(outcome.kept)} is kept under the cancellation terms)` : ''} and write to you when it is sent.`
      : outcome.paid > 0
        ? `Under the cancellation terms the ${formatMoney(outcome.paid)} paid is kept.`
        : 'Nothing was paid, so nothing is refunded.';
  await mailer.send({
    to: outcome.contact.email,
    subject: `${outcome.editionTitle}: order ${outcome.orderNumber} ${released ? 'released' : 'cancelled'}`,
    text: [
      `Dear ${outcome.contact.name},`,
      '',
      released
        ? `Order ${outcome.orderNumber} was not paid by the end of its hold, so its seats have been released to the waiting list. To attend, register again while seats are free.`
        : `Order ${outcome.orderNumber} is cancelled and its seats given back.`,
      released ? '' : money,
    ]
      .filter((line, index) => index < 3 || line)
      .join('\n'),
  });
}

/** The buyer cancels on the order's page, when the edition allows it on this day (409 otherwise). */
export async function cancelByBuyer(db: DB, orderId: number, reason: string | null, now: Date) {
  const order = await db
    .selectFrom('natcon_orders')
    .select(['edition_id', 'state'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (order.state === 'cancelled') throw conflict('This order is already cancelled.');
  if (!buyerMayCancel(await editionPolicy(db, order.edition_id), now)) {
    throw conflict('This conference does not take cancellations on the site now: write to the NATCON office.');
  }
  return cancelOrderAs(db, { kind: 'buyer' }, orderId, reason?.trim() || 'Cancelled by the buyer', now);
}
