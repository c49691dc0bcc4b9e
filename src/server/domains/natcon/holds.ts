import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStore } from '../../platform/storage';
import { formatMoney } from '../../../lib/format';
import { holdDeadline } from '../../../lib/natcon';
import { conflict, DomainError, notFound } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import { writeAudit } from '../audit/audit';
import { cancelOrderAs, sendCancellationMail } from './cancellations';
import { sendOfferMail } from './offers';
import { discardTickets, sendTickets } from './tickets';

/**
 * Orders confirmed by payment (issue 28). An order placed with an amount due holds its seats
 * unpaid until `hold_until`; money's verification of its payment (the purpose's `onVerified`, the
 * one place every verification passes: staff, statement match, gateway) clears the hold and the
 * order is confirmed. Staff may confirm one unpaid on purpose (an invited guest) with a note. The
 * NATCON job reminds the buyer before the hold ends, releases it when it has passed unpaid (seats
 * to the waiting list, in the same transaction), and e-mails the tickets of newly confirmed orders.
 */

/** Staff confirm an order without payment (roles 2 and 5), with the reason, audited. */
export async function confirmUnpaid(db: DB, actor: AuthUser, id: number, note: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('natcon_orders')
      .select(['state', 'payment_state', 'order_number', 'hold_until', 'guest_confirmed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('No such registration.');
    const changed = await trx
      .updateTable('natcon_orders')
      .set({
        guest_confirmed_at: nowIso(now),
        guest_confirmed_by: actor.id,
        guest_note: note,
        hold_until: null,
        remind_at: null,
        updated_at: nowIso(now),
      })
      .where('id', '=', id)
      .where('state', '=', 'confirmed')
      .where('payment_state', 'in', ['unpaid', 'reported'])
      .where('guest_confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      if (before.state !== 'confirmed') {
        throw conflict(
          before.state === 'waitlisted'
            ? 'This order has no seats: promote it from the waiting list first.'
            : 'This order is cancelled.',
        );
      }
      throw conflict(`Order ${before.order_number} needs no confirmation: it is paid or already confirmed.`);
    }
    await writeAudit(trx, {
      action: 'natcon.order_confirmed_unpaid',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_order',
      entityId: id,
      detail: {
        orderNumber: before.order_number,
        note,
        before: { paymentState: before.payment_state, holdUntil: before.hold_until },
      },
    });
  });
}

export interface HoldsRun {
  reminded: number;
  released: number;
  offered: number;
  ticketsSent: number;
}

export interface HoldsDeps {
  db: DB;
  mailer: Mailer;
  storage: FileStore;
  siteUrl: string;
}

const BATCH = 200;

/** Reminds each buyer whose reminder is due, once: claimed by a conditional update before the mail. */
async function remind(deps: HoldsDeps, now: Date): Promise<number> {
  const at = nowIso(now);
  const due = await deps.db
    .selectFrom('natcon_orders as o')
    .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
    .select(['o.id', 'o.order_number', 'o.contact_name', 'o.contact_email', 'o.hold_until', 'o.amount_due', 'e.title'])
    .where('o.state', '=', 'confirmed')
    .where('o.payment_state', '=', 'unpaid')
    .where('o.remind_at', '<=', at)
    .where('o.hold_until', '>', at)
    .where('o.hold_reminded_at', 'is', null)
    .orderBy('o.remind_at')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const order of due) {
    const claimed = await deps.db
      .updateTable('natcon_orders')
      .set({ hold_reminded_at: at })
      .where('id', '=', order.id)
      .where('hold_reminded_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    await deps.mailer.send({
      to: order.contact_email,
      subject: `${order.title}: pay for order ${order.order_number} by ${holdDeadline(order.hold_until)}`,
      text: [
        `Dear ${order.contact_name},`,
        '',
        `Order ${order.order_number} holds its seats until ${holdDeadline(order.hold_until)}. ${formatMoney(order.amount_due)} is due; unpaid by then, the seats go to the waiting list.`,
        '',
        'Pay on the private link we sent when you registered (or when the seats were offered to you).',
      ].join('\n'),
    });
    sent += 1;
  }
  return sent;
}

/** Releases every hold that has passed unpaid; each release offers its seats on in its own transaction. */
async function release(deps: HoldsDeps, now: Date): Promise<{ released: number; offered: number }> {
  const lapsed = await deps.db
    .selectFrom('natcon_orders')
    .select(['id', 'hold_kind'])
    .where('state', '=', 'confirmed')
    .where('payment_state', '=', 'unpaid')
    .where('hold_until', '<=', nowIso(now))
    .orderBy('hold_until')
    .limit(BATCH)
    .execute();
  let released = 0;
  let offered = 0;
  for (const order of lapsed) {
    let outcome;
    try {
      const note = order.hold_kind === 'offer' ? 'Offered seats not paid in time' : 'Not paid in time';
      outcome = await cancelOrderAs(deps.db, { kind: 'release' }, order.id, note, now);
    } catch (error) {
      // Another server released it, or a payment was reported a moment ago: nothing to do.
      if (error instanceof DomainError && error.kind === 'conflict') continue;
      throw error;
    }
    released += 1;
    offered += outcome.offers.length;
    await discardTickets(deps.db, deps.storage, { orderId: order.id });
    await sendCancellationMail(deps.mailer, outcome, true);
    for (const offer of outcome.offers) await sendOfferMail(deps.mailer, offer, deps.siteUrl);
  }
  return { released, offered };
}

/** E-mails the tickets of orders confirmed since the last run (by payment, guest or offer). */
export async function sendDueTickets(deps: HoldsDeps, now: Date): Promise<number> {
  const orders = await deps.db
    .selectFrom('natcon_orders as o')
    .select('o.id')
    .where('o.state', '=', 'confirmed')
    .where('o.hold_until', 'is', null)
    .where((eb) =>
      eb.or([eb('o.payment_state', 'in', ['verified', 'not_due']), eb('o.guest_confirmed_at', 'is not', null)]),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('natcon_delegates as d')
          .select('d.id')
          .whereRef('d.order_id', '=', 'o.id')
          .where('d.ticket_sent_at', 'is', null),
      ),
    )
    .orderBy('o.id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const order of orders) sent += await sendTickets(deps, order.id, deps.siteUrl, now);
  return sent;
}

/** The NATCON job: reminders, releases (with offers to the waiting list), then tickets. */
export async function runNatconHolds(deps: HoldsDeps, now: Date): Promise<HoldsRun> {
  const reminded = await remind(deps, now);
  const { released, offered } = await release(deps, now);
  const ticketsSent = await sendDueTickets(deps, now);
  return { reminded, released, offered, ticketsSent };
}
