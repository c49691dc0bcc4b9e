import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStore } from '../../platform/storage';
import { log } from '../../platform/log';
import { holdDeadline, PAYMENT_STATE_LABELS, type OrderPaymentState } from '../../../lib/natcon';
import { formatMoney } from '../../../lib/format';
import { delegateTicketToken } from './orders';

/**
 * A ticket per delegate: an A6 PDF with the conference, the delegate and a QR code holding the
 * confirmation number, which the check-in desk scans (or types). E-mailed to each delegate when
 * their order is confirmed.
 */

export interface TicketData {
  confirmationNumber: string;
  name: string;
  designation: string | null;
  organisation: string | null;
  category: string;
  edition: { title: string; theme: string; startsOn: string; endsOn: string; venue: string; city: string };
  paymentState: OrderPaymentState;
}

/** pdf-lib's standard fonts cover WinAnsi only: anything else is shown as `?` rather than failing. */
function printable(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

export async function ticketPdf(ticket: TicketData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${ticket.edition.title} ticket ${ticket.confirmationNumber}`);
  pdf.setCreator('NIPM');
  const page = pdf.addPage([298, 420]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const ink = rgb(0.1, 0.13, 0.2);
  let y = 390;
  const line = (text: string, size: number, font = regular) => {
    page.drawText(printable(text), { x: 20, y, size, font, color: ink, maxWidth: 258 });
    y -= size + 6;
  };
  line('National Institute of Personnel Management', 9);
  line(ticket.edition.title, 18, bold);
  line(ticket.edition.theme, 9);
  line(`${ticket.edition.startsOn} to ${ticket.edition.endsOn}`, 9);
  line(`${ticket.edition.venue}, ${ticket.edition.city}`, 9);
  y -= 8;
  line(ticket.name, 15, bold);
  if (ticket.designation) line(ticket.designation, 10);
  if (ticket.organisation) line(ticket.organisation, 10);
  line(`Category: ${ticket.category}`, 10);
  line(`Payment: ${PAYMENT_STATE_LABELS[ticket.paymentState]}`, 10);
  drawQrCode(page, ticket.confirmationNumber, { x: 74, y: 40, size: 150 });
  page.drawText(ticket.confirmationNumber, { x: 20, y: 22, size: 12, font: bold, color: ink });
  return pdf.save({ useObjectStreams: false });
}

/**
 * Draws the QR code as one vector path in the PDF itself: sharp at any zoom or print size, and
 * several times cheaper than encoding and embedding a PNG.
 */
function drawQrCode(page: PDFPage, text: string, box: { x: number; y: number; size: number }): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = box.size / (modules.size + quiet * 2);
  page.drawRectangle({ x: box.x, y: box.y, width: box.size, height: box.size, color: rgb(1, 1, 1) });
  const path: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end++;
      // SVG coordinates: y grows downwards from the box's top edge.
      const x = ((col + quiet) * cell).toFixed(2);
      const y = ((row + quiet) * cell).toFixed(2);
      path.push(
        `M${x} ${y}h${((end - col + 1) * cell).toFixed(2)}v${cell.toFixed(2)}h-${((end - col + 1) * cell).toFixed(2)}z`,
      );
      col = end;
    }
  }
  page.drawSvgPath(path.join(''), { x: box.x, y: box.y + box.size, color: rgb(0, 0, 0) });
}

/** A confirmed delegate's ticket data, with the stored copy of its PDF if one was made. */
export interface DelegateTicket {
  delegateId: number;
  email: string;
  stored: { key: string; hash: string | null } | null;
  ticket: TicketData;
}

/** What the tickets of an order need, one per delegate (confirmed orders only: `ticketsValid` in lib/natcon). */
export async function ticketsOfOrder(db: DB, orderId: number, confirmationNumber?: string): Promise<DelegateTicket[]> {
  const rows = await db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
    .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
    .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
    .select([
      'd.id',
      'd.email',
      'd.ticket_key',
      'd.ticket_hash',
      'd.confirmation_number',
      'd.name',
      'd.designation',
      'o.organisation',
      'c.name as category',
      'o.payment_state',
      'e.title',
      'e.theme',
      'e.starts_on',
      'e.ends_on',
      'e.venue',
      'e.city',
    ])
    .where('d.order_id', '=', orderId)
    .where('o.state', '=', 'confirmed')
    // A ticket exists only once the order is confirmed: paid, nothing due, or a guest (issue 28).
    .where('o.hold_until', 'is', null)
    .where((eb) =>
      eb.or([eb('o.payment_state', 'in', ['verified', 'not_due']), eb('o.guest_confirmed_at', 'is not', null)]),
    )
    .$if(confirmationNumber !== undefined, (qb) => qb.where('d.confirmation_number', '=', confirmationNumber!))
    .orderBy('d.position')
    .execute();
  return rows.map((r) => ({
    delegateId: r.id,
    email: r.email,
    stored: r.ticket_key ? { key: r.ticket_key, hash: r.ticket_hash } : null,
    ticket: {
      confirmationNumber: r.confirmation_number ?? '',
      name: r.name,
      designation: r.designation,
      organisation: r.organisation,
      category: r.category,
      paymentState: r.payment_state,
      edition: {
        title: r.title,
        theme: r.theme,
        startsOn: r.starts_on,
        endsOn: r.ends_on,
        venue: r.venue,
        city: r.city,
      },
    },
  }));
}

function ticketHash(ticket: TicketData): string {
  return createHash('sha256').update(JSON.stringify(ticket)).digest('hex');
}

/**
 * The delegate's ticket PDF: the stored copy while it still shows the delegate's current data, else
 * rendered (the costly part: pdf-lib and the QR code) and stored for the next time. The new key is
 * written only over the key that was read, so of two requests rendering at once one copy is kept and
 * the other's file is removed; a replaced copy is removed once the new key is written.
 */
export async function storedTicketPdf(db: DB, storage: FileStore, delegate: DelegateTicket): Promise<Uint8Array> {
  const hash = ticketHash(delegate.ticket);
  if (delegate.stored && delegate.stored.hash === hash) {
    const bytes = await storage.get(delegate.stored.key);
    if (bytes) return bytes;
  }
  const bytes = await ticketPdf(delegate.ticket);
  const key = await storage.put(bytes);
  const previous = delegate.stored?.key ?? null;
  const kept = await db
    .updateTable('natcon_delegates')
    .set({ ticket_key: key, ticket_hash: hash })
    .where('id', '=', delegate.delegateId)
    .where((eb) => (previous === null ? eb('ticket_key', 'is', null) : eb('ticket_key', '=', previous)))
    .executeTakeFirst();
  if (Number(kept.numUpdatedRows) === 1) {
    if (previous) await storage.remove(previous);
  } else {
    await storage.remove(key);
  }
  return bytes;
}

/**
 * Forgets the stored tickets of an order (cancelled) or of one delegate (moved), after the change
 * has committed: each key is cleared only if it is still the one read, then its file removed.
 */
export async function discardTickets(
  db: DB,
  storage: FileStore,
  of: { orderId: number } | { delegateId: number },
): Promise<number> {
  const stored = await db
    .selectFrom('natcon_delegates')
    .select(['id', 'ticket_key'])
    .$if('orderId' in of, (qb) => qb.where('order_id', '=', (of as { orderId: number }).orderId))
    .$if('delegateId' in of, (qb) => qb.where('id', '=', (of as { delegateId: number }).delegateId))
    .where('ticket_key', 'is not', null)
    .execute();
  let removed = 0;
  for (const row of stored) {
    const cleared = await db
      .updateTable('natcon_delegates')
      .set({ ticket_key: null, ticket_hash: null })
      .where('id', '=', row.id)
      .where('ticket_key', '=', row.ticket_key)
      .executeTakeFirst();
    if (Number(cleared.numUpdatedRows) === 0) continue;
    await storage.remove(row.ticket_key!);
    removed += 1;
  }
  return removed;
}

/**
 * E-mails each delegate of a confirmed order their ticket, once: a delegate is marked sent by a
 * conditional update before the mail goes, so two servers (or a retried promotion) never send twice.
 * The ticket is rendered here, after the answer, and stored, so a download later costs a file read.
 */
export async function sendTickets(
  deps: { db: DB; mailer: Mailer; storage: FileStore },
  orderId: number,
  siteUrl: string,
  now: Date,
): Promise<number> {
  const { db, mailer, storage } = deps;
  const unsent = new Set(
    (
      await db
        .selectFrom('natcon_delegates')
        .select('id')
        .where('order_id', '=', orderId)
        .where('ticket_sent_at', 'is', null)
        .execute()
    ).map((d) => d.id),
  );
  const order = await db
    .selectFrom('natcon_orders')
    .select(['order_number', 'status_token_hash'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  let sent = 0;
  for (const delegate of await ticketsOfOrder(db, orderId)) {
    if (!unsent.has(delegate.delegateId)) continue;
    const { ticket } = delegate;
    const claimed = await db
      .updateTable('natcon_delegates')
      .set({ ticket_sent_at: nowIso(now) })
      .where('id', '=', delegate.delegateId)
      .where('ticket_sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const ownToken = encodeURIComponent(delegateTicketToken(order.status_token_hash, ticket.confirmationNumber));
    const orderNumber = encodeURIComponent(order.order_number ?? '');
    const confirmation = encodeURIComponent(ticket.confirmationNumber);
    const ownLink = `${siteUrl}/api/natcon/registrations/${orderNumber}/tickets/${confirmation}?token=${ownToken}`;
    const ownPage = `${siteUrl}/natcon/register?order=${orderNumber}&ticket=${confirmation}&token=${ownToken}`;
    try {
      await mailer.send({
        to: delegate.email,
        subject: `${ticket.edition.title}: your ticket ${ticket.confirmationNumber}`,
        text: [
          `Dear ${ticket.name},`,
          '',
          `You are registered for ${ticket.edition.title} (${ticket.edition.startsOn} to ${ticket.edition.endsOn}) at ${ticket.edition.venue}, ${ticket.edition.city}.`,
          `Your confirmation number is ${ticket.confirmationNumber}. Your ticket is attached: show its QR code at the registration desk.`,
          `Your ticket again, whenever you need it (keep this link private): ${ownLink}`,
          `What we keep about you, and how to download, correct or erase it: ${ownPage}`,
          '',
          `About the conference: ${siteUrl}/natcon`,
        ].join('\n'),
        attachments: [
          {
            filename: `ticket-${ticket.confirmationNumber}.pdf`,
            content: Buffer.from(await storedTicketPdf(db, storage, delegate)),
            contentType: 'application/pdf',
          },
        ],
      });
      sent += 1;
    } catch (error) {
      // Let a later promotion or a resend try again for this delegate; the others keep theirs.
      await db
        .updateTable('natcon_delegates')
        .set({ ticket_sent_at: null })
        .where('id', '=', delegate.delegateId)
        .execute();
      log().error({ err: error, confirmationNumber: ticket.confirmationNumber }, 'NATCON ticket e-mail failed');
    }
  }
  return sent;
}

/**
 * Tells the registrant what they registered, with the private link back to their order (to pay and
 * download the tickets); a waitlisted order is told nothing is due until a seat is free.
 */
export async function sendOrderMail(
  mailer: Mailer,
  order: {
    orderNumber: string;
    edition: string;
    state: string;
    status: string;
    holdUntil: string | null;
    amountDue: number;
    contact: { name: string; email: string };
  },
  statusToken: string,
  siteUrl: string,
): Promise<void> {
  const link = `${siteUrl}/natcon/register?order=${encodeURIComponent(order.orderNumber)}&token=${encodeURIComponent(statusToken)}`;
  const waitlisted = order.state === 'waitlisted';
  const held = !waitlisted && order.status !== 'confirmed';
  await mailer.send({
    to: order.contact.email,
    subject: `${order.edition}: order ${order.orderNumber} ${waitlisted ? 'is on the waiting list' : held ? 'awaits payment' : 'is registered'}`,
    text: [
      `Dear ${order.contact.name},`,
      '',
      waitlisted
        ? `The seats you asked for are taken, so order ${order.orderNumber} is on the waiting list. We will write to you with the tickets if seats become free; nothing is due until then.`
        : held
          ? `Order ${order.orderNumber} holds its seats until ${holdDeadline(order.holdUntil)}. Pay ${formatMoney(order.amountDue)} by then on the link below; once the payment is verified the order is confirmed and each delegate receives their ticket by e-mail. Unpaid by then, the seats go to the waiting list.`
          : `Order ${order.orderNumber} is registered. Each delegate receives their ticket by e-mail.`,
      '',
      `Your order, its payment and tickets (keep this link private): ${link}`,
    ].join('\n'),
  });
}
