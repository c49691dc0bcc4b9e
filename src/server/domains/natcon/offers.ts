import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import { newStatusToken } from './orders';
import { holdTimes } from './policy';
import { releaseSeats, seatCounts, takeSeats } from './seats';
import { holdDeadline } from '../../../lib/natcon';

/**
 * The waiting list (issue 24): seats given back are offered, in the same transaction, to the
 * waiting orders in the order they were placed. The first whose delegates all fit takes its seats
 * at once (the same conditional seat updates as a registration) and holds them unpaid for the
 * edition's offer hours; a larger order that does not fit is passed over for a smaller one behind
 * it and keeps its place. A new private link is made for the offer's e-mail (its token replaces
 * the old one, which only the buyer held).
 */

export interface Offer {
  orderId: number;
  orderNumber: string;
  statusToken: string;
  holdUntil: string;
  contact: { name: string; email: string };
  edition: string;
}

/** How many waiting orders one freeing of seats looks at: the waiting list is short in practice. */
const CANDIDATES = 100;

/** Call with the edition's seats locked (`lockEditionSeats`) inside the transaction that freed them. */
export async function offerFreeSeats(trx: DB, editionId: number, now: Date): Promise<Offer[]> {
  const edition = await trx
    .selectFrom('natcon_editions')
    .select(['title', 'offer_hours', 'reminder_hours'])
    .where('id', '=', editionId)
    .executeTakeFirstOrThrow();
  const waiting = await trx
    .selectFrom('natcon_orders')
    .select(['id', 'order_number', 'contact_name', 'contact_email', 'amount_due'])
    .where('edition_id', '=', editionId)
    .where('state', '=', 'waitlisted')
    .orderBy('id')
    .limit(CANDIDATES)
    .execute();
  const offers: Offer[] = [];
  for (const order of waiting) {
    const delegates = await trx
      .selectFrom('natcon_delegates')
      .select('category_id')
      .where('order_id', '=', order.id)
      .execute();
    const counts = seatCounts(delegates.map((d) => ({ categoryId: d.category_id })));
    const seats = await takeSeats(trx, counts);
    if (!seats.ok) continue;
    const { token, hash } = newStatusToken();
    const hold =
      order.amount_due > 0
        ? {
            ...holdTimes(now, edition.offer_hours, Math.min(edition.reminder_hours, edition.offer_hours - 1)),
            hold_kind: 'offer' as const,
          }
        : { hold_until: null, remind_at: null, hold_kind: null };
    const claimed = await trx
      .updateTable('natcon_orders')
      .set({ ...hold, state: 'confirmed', status_token_hash: hash, updated_at: nowIso(now) })
      .where('id', '=', order.id)
      .where('state', '=', 'waitlisted')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      await releaseSeats(trx, counts);
      continue;
    }
    offers.push({
      orderId: order.id,
      orderNumber: order.order_number ?? '',
      statusToken: token,
      holdUntil: hold.hold_until ?? '',
      contact: { name: order.contact_name, email: order.contact_email },
      edition: edition.title,
    });
  }
  return offers;
}

/** Tells the buyer of an offered order: seats are theirs if paid by the deadline, with the new link. */
export async function sendOfferMail(mailer: Mailer, offer: Offer, siteUrl: string): Promise<void> {
  const link = `${siteUrl}/natcon/register?order=${encodeURIComponent(offer.orderNumber)}&token=${encodeURIComponent(offer.statusToken)}`;
  await mailer.send({
    to: offer.contact.email,
    subject: `${offer.edition}: seats for order ${offer.orderNumber} are free`,
    text: [
      `Dear ${offer.contact.name},`,
      '',
      offer.holdUntil
        ? `Seats have become free for order ${offer.orderNumber}, which was on the waiting list. They are held for you until ${holdDeadline(offer.holdUntil)}: pay by then on the link below and each delegate receives a ticket once the payment is verified. Unpaid by then, the seats are offered to the next on the waiting list.`
        : `Seats have become free for order ${offer.orderNumber}, which was on the waiting list. Nothing is due: each delegate receives a ticket by e-mail.`,
      '',
      `Your order and its payment (this link replaces the earlier one; keep it private): ${link}`,
    ].join('\n'),
  });
}
