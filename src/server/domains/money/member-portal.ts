import type { ExpressionBuilder } from 'kysely';
import type { Paged } from '../../../lib/envelope';
import type { MyNatconOrder, MyPayment } from '../../../lib/schemas/member-portal';
import type { DB } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { AuthUser } from '../identity/auth-user';
import { subjectLabelsOf } from './coupon-admin';
import { creditNotesOfPayments } from '../gst/credit-notes';

/**
 * What the member portal shows a signed-in person of their own money (issue 28): every payment
 * that is theirs, whatever it paid for (their renewals, the application that made them a member,
 * and the NATCON orders placed with their e-mail address), with its receipt and any tax invoice;
 * and their NATCON orders. The same test decides whether a receipt or invoice may be downloaded.
 */

/** The caller's e-mail addresses, lower-cased: the account's and their member record's. */
async function ownEmails(db: DB, caller: AuthUser): Promise<string[]> {
  const emails = new Set([caller.email.trim().toLowerCase()]);
  if (caller.memberId !== null) {
    const member = await db.selectFrom('members').select('email').where('id', '=', caller.memberId).executeTakeFirst();
    if (member?.email) emails.add(member.email.trim().toLowerCase());
  }
  return [...emails];
}

/** The caller's NATCON orders: those placed with one of their e-mail addresses. */
function ownOrderIds(eb: ExpressionBuilder<Database, 'payments'>, emails: string[]) {
  return eb
    .selectFrom('natcon_orders')
    .select('natcon_orders.id')
    .where((o) => o(o.fn('lower', ['natcon_orders.contact_email']), 'in', emails));
}

function ownPayments(db: DB, caller: AuthUser, emails: string[]) {
  const memberId = caller.memberId;
  return db
    .selectFrom('payments')
    .where((eb) =>
      eb.or([
        ...(memberId === null
          ? []
          : [
              eb.and([eb('payments.purpose', '=', 'membership_renewal'), eb('payments.subject_id', '=', memberId)]),
              eb.and([
                eb('payments.purpose', '=', 'membership_application'),
                eb(
                  'payments.subject_id',
                  'in',
                  eb
                    .selectFrom('applications')
                    .select('applications.id')
                    .where('applications.member_id', '=', memberId),
                ),
              ]),
            ]),
        eb.and([eb('payments.purpose', '=', 'natcon_order'), eb('payments.subject_id', 'in', ownOrderIds(eb, emails))]),
      ]),
    );
}

export async function myPayments(
  db: DB,
  caller: AuthUser,
  paging: { page: number; pageSize: number },
): Promise<Paged<MyPayment>> {
  const emails = await ownEmails(db, caller);
  const [rows, total] = await Promise.all([
    ownPayments(db, caller, emails)
      .leftJoin('gst_invoices as i', 'i.payment_id', 'payments.id')
      .select([
        'payments.id',
        'payments.purpose',
        'payments.subject_id',
        'payments.amount',
        'payments.refunded',
        'payments.mode',
        'payments.reference',
        'payments.paid_on',
        'payments.state',
        'payments.note',
        'payments.receipt_number',
        'i.id as invoice_id',
        'i.number as invoice_number',
      ])
      .orderBy('payments.id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    ownPayments(db, caller, emails)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const creditNotes = await creditNotesOfPayments(
    db,
    rows.map((r) => r.id),
  );
  const label = await subjectLabelsOf(
    db,
    rows.map((r) => ({ purpose: r.purpose, subjectId: r.subject_id })),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      purpose: row.purpose,
      forLabel: label(row.purpose, row.subject_id),
      amount: row.amount,
      refunded: row.refunded,
      mode: row.mode,
      reference: row.reference,
      paidOn: row.paid_on,
      state: row.state,
      note: row.state === 'rejected' ? row.note : null,
      receiptNumber: row.receipt_number,
      invoice: row.invoice_id === null ? null : { id: row.invoice_id, number: row.invoice_number! },
      creditNotes: creditNotes.get(row.id) ?? [],
    })),
    page: paging.page,
    pageSize: paging.pageSize,
    total: Number(total.count),
  };
}

/** Whether a payment is the caller's own (its receipt and invoice are theirs to download). */
export async function isOwnPayment(db: DB, caller: AuthUser, paymentId: number): Promise<boolean> {
  const emails = await ownEmails(db, caller);
  const row = await ownPayments(db, caller, emails)
    .select('payments.id')
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function myNatconOrders(db: DB, caller: AuthUser): Promise<MyNatconOrder[]> {
  const emails = await ownEmails(db, caller);
  const rows = await db
    .selectFrom('natcon_orders as o')
    .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
    .select([
      'o.id',
      'o.order_number',
      'o.state',
      'o.payment_state',
      'o.delegate_count',
      'o.amount_due',
      'o.created_at',
      'e.title',
      'e.starts_on',
      'e.ends_on',
    ])
    .where((eb) => eb(eb.fn('lower', ['o.contact_email']), 'in', emails))
    .orderBy('o.id', 'desc')
    .limit(200)
    .execute();
  const receipts = rows.length
    ? await db
        .selectFrom('payments')
        .select(['id', 'subject_id', 'receipt_number'])
        .where('purpose', '=', 'natcon_order')
        .where(
          'subject_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('state', '=', 'verified')
        .execute()
    : [];
  return rows.map((row) => {
    const paid = receipts.find((p) => p.subject_id === row.id);
    return {
      id: row.id,
      orderNumber: row.order_number,
      edition: row.title,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      state: row.state,
      paymentState: row.payment_state,
      delegates: row.delegate_count,
      amountDue: row.amount_due,
      placedAt: row.created_at,
      payment: paid ? { id: paid.id, receiptNumber: paid.receipt_number } : null,
    };
  });
}

/** The verified payment of the application that made the member, if they joined through the site. */
export async function joiningPayment(db: DB, memberId: number): Promise<{ number: string; paymentId: number } | null> {
  const row = await db
    .selectFrom('payments')
    .innerJoin('applications as a', 'a.id', 'payments.subject_id')
    .select(['payments.id', 'payments.receipt_number'])
    .where('payments.purpose', '=', 'membership_application')
    .where('a.member_id', '=', memberId)
    .where('payments.state', '=', 'verified')
    .orderBy('payments.id')
    .executeTakeFirst();
  return row?.receipt_number ? { number: row.receipt_number, paymentId: row.id } : null;
}
