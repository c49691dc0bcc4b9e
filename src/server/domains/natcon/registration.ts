import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { kolkataDate } from '../../../lib/financial-year';
import { currentPrice, gstOn, holdDeadline, registrationWindow, seatsMessage } from '../../../lib/natcon';
import type { RegistrationAnswer, RegistrationBody } from '../../../lib/schemas/natcon';
import type { FieldErrors } from '../../../lib/envelope';
import { conflict, notFound, invalid } from '../errors';
import { redeemCoupon } from '../money';
import { currentEdition } from './editions';
import { natconGstPercent } from './gst';
import { checkMemberRate } from './members';
import { confirmationNumberOf, newStatusToken, orderNumberOf, readOrder } from './orders';
import { seatCounts, takeSeats } from './seats';
import { holdTimes } from './policy';
import { gstinFieldErrors } from '../gst/gstin';
import { isPlaceOfSupplyCode } from '../gst/states';

/** The payment purpose of a NATCON order (money contract). */
export const NATCON_PURPOSE = 'natcon_order';

interface PlacedDelegate {
  position: number;
  categoryId: number;
  name: string;
  email: string;
  phone: string;
  designation: string | null;
  memberId: number | null;
  chapterId: number | null;
  price: number;
}

async function editionFor(db: DB, editionId: number | undefined) {
  const edition = editionId
    ? await db
        .selectFrom('natcon_editions')
        .selectAll()
        .where('id', '=', editionId)
        .where('published', '=', 1)
        .executeTakeFirst()
    : await currentEdition(db);
  if (!edition) throw notFound('There is no NATCON edition open for registration.');
  return edition;
}

/**
 * Checks everything that needs the database but no lock (categories of this edition, members'
 * rates) and prices each delegate on today's Kolkata date; every problem is a field message.
 */
async function placeDelegates(db: DB, body: RegistrationBody, editionId: number, now: Date) {
  const today = kolkataDate(now);
  const categories = new Map(
    (await db.selectFrom('natcon_categories').selectAll().where('edition_id', '=', editionId).execute()).map((c) => [
      c.id,
      c,
    ]),
  );
  const fields: FieldErrors = {};
  if (!categories.has(body.categoryId)) fields.categoryId = 'Choose a category of this conference.';
  const seenEmails = new Set<string>();
  const placed: PlacedDelegate[] = [];
  for (const [index, delegate] of body.delegates.entries()) {
    const categoryId = delegate.categoryId ?? body.categoryId;
    const category = categories.get(categoryId);
    if (!category) {
      if (delegate.categoryId !== undefined)
        fields[`delegates.${index}.categoryId`] = 'Choose a category of this conference.';
      continue;
    }
    if (seenEmails.has(delegate.email)) fields[`delegates.${index}.email`] = 'This delegate is already in the order.';
    seenEmails.add(delegate.email);
    let memberId: number | null = null;
    let chapterId: number | null = null;
    if (category.member_rate === 1) {
      const check = await checkMemberRate(db, delegate.memberNumber, delegate.email, now);
      if (!check.ok) fields[`delegates.${index}.${check.field}`] = check.message;
      else ({ memberId, chapterId } = check);
    }
    placed.push({
      position: index + 1,
      categoryId,
      name: delegate.name,
      email: delegate.email,
      phone: delegate.phone,
      designation: delegate.designation ?? null,
      memberId,
      chapterId,
      price: currentPrice(
        { fee: category.fee, earlyBirdFee: category.early_bird_fee, earlyBirdUntil: category.early_bird_until },
        today,
      ),
    });
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return { placed };
}

export interface PlacedRegistration {
  answer: RegistrationAnswer;
  orderId: number;
}

/**
 * The buyer as the tax invoice will name them: a GSTIN passes the full check (400 `fields.gstin`)
 * and comes with the legal name and the address it is registered at; an unregistered buyer may give
 * their State (the place of supply of some services depends on it).
 */
function checkBuyer(body: RegistrationBody): void {
  const fields: Record<string, string> = {};
  if (body.gstin) {
    Object.assign(fields, gstinFieldErrors(body.gstin));
    if (!body.organisation) fields.organisation = 'Enter the legal name the GSTIN is registered to.';
    if (!body.buyerAddress) fields.buyerAddress = 'Enter the address the GSTIN is registered at.';
  }
  if (body.buyerStateCode && !isPlaceOfSupplyCode(body.buyerStateCode)) {
    fields.buyerStateCode = 'Choose your State from the list.';
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

/**
 * Places an order in one transaction: the order and its number, its seats (all of them or, when a
 * category is short, none: the order then joins the waiting list), the coupon's use, GST and the
 * delegates with their confirmation numbers. A refusal anywhere writes nothing.
 */
export async function createRegistration(db: DB, body: RegistrationBody, now: Date): Promise<PlacedRegistration> {
  const edition = await editionFor(db, body.editionId);
  const today = kolkataDate(now);
  const window = registrationWindow(
    { opensOn: edition.registration_opens_on, closesOn: edition.registration_closes_on },
    today,
  );
  if (window !== 'open') {
    throw conflict(
      window === 'closed'
        ? `Registration for ${edition.title} closed on ${edition.registration_closes_on}.`
        : `Registration for ${edition.title} opens on ${edition.registration_opens_on}.`,
    );
  }
  checkBuyer(body);
  const { placed } = await placeDelegates(db, body, edition.id, now);
  const gstPercent = await natconGstPercent(db);
  const subtotal = placed.reduce((sum, d) => sum + d.price, 0);
  const { token, hash } = newStatusToken();
  const at = nowIso(now);

  const { orderId, seats } = await db.transaction().execute(async (trx) => {
    const order = await trx
      .insertInto('natcon_orders')
      .values({
        edition_id: edition.id,
        status_token_hash: hash,
        state: 'waitlisted',
        payment_state: 'unpaid',
        contact_name: body.contact.name,
        contact_email: body.contact.email,
        contact_phone: body.contact.phone,
        organisation: body.organisation ?? null,
        gstin: body.gstin ?? null,
        buyer_address: body.buyerAddress ?? null,
        buyer_state_code: body.gstin ? body.gstin.slice(0, 2) : (body.buyerStateCode ?? null),
        delegate_count: placed.length,
        subtotal,
        amount_due: subtotal,
        priced_on: today,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderNumber = orderNumberOf(edition.year, order.id);
    const seats = await takeSeats(trx, seatCounts(placed));
    let discount = 0;
    let couponCode: string | null = null;
    if (body.coupon) {
      const redeemed = await redeemCoupon(trx, {
        code: body.coupon,
        scope: 'natcon',
        amount: subtotal,
        on: today,
        purpose: NATCON_PURPOSE,
        subjectId: order.id,
      });
      discount = redeemed.discount;
      couponCode = redeemed.code;
    }
    const gst = gstOn(subtotal - discount, gstPercent);
    const amountDue = subtotal - discount + gst;
    // Seats taken for an amount due are held unpaid for the edition's hours (issue 28).
    const hold =
      seats.ok && amountDue > 0
        ? { ...holdTimes(now, edition.hold_hours, edition.reminder_hours), hold_kind: 'order' as const }
        : {};
    await trx
      .updateTable('natcon_orders')
      .set({
        ...hold,
        order_number: orderNumber,
        state: seats.ok ? 'confirmed' : 'waitlisted',
        payment_state: amountDue === 0 ? 'not_due' : 'unpaid',
        discount,
        coupon_code: couponCode,
        gst_percent: gstPercent,
        gst,
        amount_due: amountDue,
      })
      .where('id', '=', order.id)
      .execute();
    await trx
      .insertInto('natcon_delegates')
      .values(
        placed.map((d) => ({
          order_id: order.id,
          category_id: d.categoryId,
          position: d.position,
          confirmation_number: confirmationNumberOf(orderNumber, d.position),
          name: d.name,
          email: d.email,
          phone: d.phone,
          designation: d.designation,
          member_id: d.memberId,
          chapter_id: d.chapterId,
          price: d.price,
        })),
      )
      .execute();
    return { orderId: order.id, seats };
  });

  const order = (await readOrder(db, orderId))!;
  const short = seats.ok
    ? null
    : seatsMessage(seats.name, seats.seatsLeft, placed.filter((d) => d.categoryId === seats.categoryId).length);
  return {
    orderId,
    answer: {
      ...order,
      state: order.state === 'confirmed' ? 'confirmed' : 'waitlisted',
      statusToken: token,
      message:
        order.status === 'confirmed'
          ? `Registered: order ${order.orderNumber}. Each delegate receives a ticket by e-mail.`
          : order.state === 'confirmed'
            ? `Order ${order.orderNumber} holds its seats until ${holdDeadline(order.holdUntil)}: pay by then and each delegate receives a ticket by e-mail once the payment is verified.`
            : `${short ?? 'The category is full.'} We will write to you if a seat becomes free.`,
    },
  };
}
