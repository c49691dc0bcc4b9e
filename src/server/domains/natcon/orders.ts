import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../platform/db';
import type { DelegateTicketView, Order } from '../../../lib/schemas/natcon';
import { notFound } from '../errors';
import { creditNotesOfPayments } from '../gst/credit-notes';
import { orderStatus } from '../../../lib/natcon';
import { buyerMayCancel, policyOf } from './policy';

/**
 * Reading an order as the registrant and the desk see it, and the status token that lets a
 * registrant without an account come back to their order (pay, download tickets).
 */

export function newStatusToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenMatches(hash: string, token: string | undefined): boolean {
  if (!token) return false;
  const a = Buffer.from(hash, 'hex');
  const b = Buffer.from(hashToken(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A delegate's own key to their ticket, for delegates who are not the order's contact and so never see its
 * link: derived from the order's stored token hash and the confirmation number, so nothing more is kept,
 * and it opens that one ticket only (not the order, its payments or the other delegates' tickets).
 */
export function delegateTicketToken(statusTokenHash: string, confirmationNumber: string): string {
  return createHmac('sha256', statusTokenHash)
    .update(`natcon-ticket:${confirmationNumber.toUpperCase()}`)
    .digest('base64url');
}

function delegateTokenMatches(statusTokenHash: string, confirmationNumber: string, token: string | undefined) {
  if (!token) return false;
  const a = Buffer.from(delegateTicketToken(statusTokenHash, confirmationNumber));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function orderNumberOf(year: number, id: number): string {
  return `N${String(year % 100).padStart(2, '0')}-${String(id).padStart(6, '0')}`;
}

export function confirmationNumberOf(orderNumber: string, position: number): string {
  return `${orderNumber}-${String(position).padStart(2, '0')}`;
}

/** The derived status of a stored order row (`lib/natcon.ts` `orderStatus`). */
export function statusOfRow(row: {
  state: Order['state'];
  payment_state: Order['paymentState'];
  hold_until: string | null;
  hold_kind: 'order' | 'offer' | null;
  guest_confirmed_at: string | null;
  released_at: string | null;
}) {
  return orderStatus({
    state: row.state,
    paymentState: row.payment_state,
    holdUntil: row.hold_until,
    holdKind: row.hold_kind,
    guestConfirmed: row.guest_confirmed_at !== null,
    released: row.released_at !== null,
  });
}

export async function readOrder(db: DB, id: number, now: Date = new Date()): Promise<Order | undefined> {
  const row = await db
    .selectFrom('natcon_orders as o')
    .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
    .selectAll('o')
    .select('e.title as edition_title')
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const edition = await db
    .selectFrom('natcon_editions')
    .selectAll()
    .where('id', '=', row.edition_id)
    .executeTakeFirstOrThrow();
  const delegates = await db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
    .leftJoin('members as m', 'm.id', 'd.member_id')
    .select([
      'd.id',
      'd.confirmation_number',
      'd.name',
      'd.email',
      'd.phone',
      'd.designation',
      'd.category_id',
      'c.name as category',
      'd.price',
      'm.member_number',
      'd.student_id_key',
      'c.student_rate',
      'd.checked_in_at',
    ])
    .where('d.order_id', '=', id)
    .orderBy('d.position')
    .execute();
  const receipts = await db
    .selectFrom('payments')
    .leftJoin('gst_invoices', 'gst_invoices.payment_id', 'payments.id')
    .select([
      'payments.id',
      'payments.receipt_number',
      'gst_invoices.id as invoice_id',
      'gst_invoices.number as invoice_number',
    ])
    .where('payments.purpose', '=', 'natcon_order')
    .where('payments.subject_id', '=', id)
    .where('payments.state', '=', 'verified')
    .where('payments.receipt_number', 'is not', null)
    .orderBy('payments.id')
    .execute();
  const creditNotes = await creditNotesOfPayments(
    db,
    receipts.map((r) => r.id),
  );
  return {
    id: row.id,
    orderNumber: row.order_number ?? '',
    edition: row.edition_title,
    state: row.state,
    paymentState: row.payment_state,
    status: statusOfRow(row),
    holdUntil: row.state === 'confirmed' ? row.hold_until : null,
    buyerMayCancel: row.state !== 'cancelled' && buyerMayCancel(policyOf(edition), now),
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    organisation: row.organisation,
    gstin: row.gstin,
    buyerAddress: row.buyer_address,
    buyerStateCode: row.buyer_state_code,
    subtotal: row.subtotal,
    discount: row.discount,
    couponCode: row.coupon_code,
    gstPercent: row.gst_percent,
    gst: row.gst,
    amountDue: row.amount_due,
    pricedOn: row.priced_on,
    createdAt: row.created_at,
    delegates: delegates.map((d) => ({
      id: d.id,
      confirmationNumber: d.confirmation_number ?? '',
      name: d.name,
      email: d.email,
      phone: d.phone,
      designation: d.designation,
      categoryId: d.category_id,
      category: d.category,
      price: d.price,
      memberNumber: d.member_number ?? null,
      studentIdRequired: d.student_rate === 1,
      studentIdUploaded: d.student_id_key !== null,
      checkedInAt: d.checked_in_at,
    })),
    receipts: receipts.map((r) => ({
      paymentId: r.id,
      receiptNumber: r.receipt_number ?? '',
      invoice: r.invoice_id ? { id: r.invoice_id, number: r.invoice_number ?? '' } : null,
      creditNotes: creditNotes.get(r.id) ?? [],
    })),
  };
}

/** The order a registrant's link names, when the token is its own; otherwise 404 (no hint which). */
export async function orderForToken(db: DB, orderNumber: string, token: string | undefined): Promise<Order> {
  return orderOpenedBy(db, orderNumber, (hash) => tokenMatches(hash, token));
}

/** The order of a ticket link: opened by the order's own token or by that delegate's (`delegateTicketToken`). */
export async function orderForTicket(
  db: DB,
  orderNumber: string,
  confirmationNumber: string,
  token: string | undefined,
): Promise<Order> {
  return orderOpenedBy(
    db,
    orderNumber,
    (hash) => tokenMatches(hash, token) || delegateTokenMatches(hash, confirmationNumber, token),
  );
}

async function orderOpenedBy(db: DB, orderNumber: string, opens: (statusTokenHash: string) => boolean) {
  const row = await db
    .selectFrom('natcon_orders')
    .select(['id', 'status_token_hash'])
    .where('order_number', '=', orderNumber.toUpperCase())
    .executeTakeFirst();
  if (!row || !opens(row.status_token_hash)) throw notFound('No such registration.');
  return (await readOrder(db, row.id))!;
}

async function delegateRowOfLink(db: DB, orderNumber: string, confirmationNumber: string, token: string | undefined) {
  const row = await db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
    .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
    .select([
      'd.id',
      'd.email',
      'd.name',
      'd.confirmation_number',
      'o.order_number',
      'o.status_token_hash',
      'o.state',
      'o.payment_state',
      'o.hold_until',
      'o.hold_kind',
      'o.guest_confirmed_at',
      'o.released_at',
      'e.title as edition',
    ])
    .where('o.order_number', '=', orderNumber.toUpperCase())
    .where('d.confirmation_number', '=', confirmationNumber.toUpperCase())
    .executeTakeFirst();
  if (!row || !delegateTokenMatches(row.status_token_hash, confirmationNumber.toUpperCase(), token))
    throw notFound('No such registration.');
  return row;
}

/**
 * The delegate a ticket link names, opened by that delegate's own token only (not the order's): the
 * link went to the delegate's address alone, so it proves the mailbox and opens that person's privacy
 * rights (privacy/status-link.ts). 404 otherwise, with no hint which part was wrong.
 */
export async function delegateForLink(
  db: DB,
  orderNumber: string,
  confirmationNumber: string,
  token: string | undefined,
): Promise<{ id: number; email: string; name: string }> {
  const row = await delegateRowOfLink(db, orderNumber, confirmationNumber, token);
  return { id: row.id, email: row.email, name: row.name };
}

/**
 * What a delegate's own page says of their ticket: the order's status, which decides whether the desk
 * admits it (a ticket e-mailed before its order was cancelled, or whose payment was later rejected, is
 * no longer good). Opened by the delegate's own token only, as `delegateForLink`.
 */
export async function delegateTicketView(
  db: DB,
  orderNumber: string,
  confirmationNumber: string,
  token: string | undefined,
): Promise<DelegateTicketView> {
  const row = await delegateRowOfLink(db, orderNumber, confirmationNumber, token);
  return {
    orderNumber: row.order_number ?? '',
    confirmationNumber: row.confirmation_number ?? '',
    name: row.name,
    edition: row.edition,
    status: statusOfRow(row),
  };
}
