import type { DB } from '../../platform/db';
import { ROLE } from '../../../lib/roles';
import { conflict, invalid, notFound } from '../errors';
import { kolkataDate } from '../../../lib/financial-year';
import type { AuthUser } from '../identity/auth-user';
import {
  reportPayment,
  type OnlineReport,
  type OnlineRequest,
  type PaymentPurposeHandler,
  type PaymentRecord,
  type ReceiptLine,
} from '../money';
import type { PaymentMode } from '../../platform/db/schema';
import { NATCON_PURPOSE } from './registration';
import { tokenMatches } from './orders';
import type { TaxableSupply } from '../gst/supply';
import { allocateDiscount } from '../gst/tax';

/**
 * NATCON orders as a payment purpose (money contract): a registrant reports a payment for a
 * confirmed order; roles 2 and 5 verify it (money's routes), which marks the order paid and gives
 * it a receipt listing its delegates by category, the discount, GST and the total.
 */

export async function reportOrderPayment(
  db: DB,
  orderId: number,
  input: { mode: PaymentMode; reference?: string | null; amount: number; paidOn: string },
  now: Date,
): Promise<PaymentRecord> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('natcon_orders')
      .select(['state', 'payment_state', 'amount_due', 'contact_name', 'contact_email'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (order.state !== 'confirmed') {
      throw conflict(
        order.state === 'waitlisted'
          ? 'This order is on the waiting list: nothing is due until it has seats.'
          : 'This order is cancelled.',
      );
    }
    if (order.payment_state === 'verified' || order.payment_state === 'not_due')
      throw conflict('Nothing is due on this order.');
    if (input.mode === 'cash') throw invalid({ mode: 'Cash is paid at the NIPM office, which records it.' });
    if (input.amount !== order.amount_due) {
      throw invalid({ amount: `Report the amount due: ${(order.amount_due / 100).toFixed(2)} rupees.` });
    }
    const chapter = await trx
      .selectFrom('natcon_delegates')
      .select('chapter_id')
      .where('order_id', '=', orderId)
      .where('chapter_id', 'is not', null)
      .orderBy('position')
      .executeTakeFirst();
    const payment = await reportPayment(
      trx,
      {
        purpose: NATCON_PURPOSE,
        subjectId: orderId,
        chapterId: chapter?.chapter_id ?? null,
        payerName: order.contact_name,
        payerEmail: order.contact_email,
        mode: input.mode,
        reference: input.reference ?? null,
        amount: input.amount,
        paidOn: input.paidOn,
      },
      now,
    );
    await trx
      .updateTable('natcon_orders')
      .set({ payment_state: 'reported' })
      .where('id', '=', orderId)
      .where('payment_state', '=', 'unpaid')
      .execute();
    return payment;
  });
}

async function orderHasChapterMember(db: DB, orderId: number, chapterId: number | null): Promise<boolean> {
  if (chapterId === null) return false;
  const row = await db
    .selectFrom('natcon_delegates')
    .select('id')
    .where('order_id', '=', orderId)
    .where('chapter_id', '=', chapterId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The order as its tax invoice names it: the company (legal name, GSTIN, registered address) or
 * else the contact person, and one line per category and price with the order's coupon shared over
 * them, at the GST rate the order was priced with.
 */
async function orderSupply(trx: DB, payment: PaymentRecord): Promise<TaxableSupply> {
  const order = await trx
    .selectFrom('natcon_orders as o')
    .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
    .select([
      'o.order_number',
      'o.contact_name',
      'o.organisation',
      'o.gstin',
      'o.buyer_address',
      'o.buyer_state_code',
      'o.discount',
      'o.gst_percent',
      'e.title',
      'e.state_code',
    ])
    .where('o.id', '=', payment.subjectId)
    .executeTakeFirstOrThrow();
  const byCategory = await trx
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
    .select((eb) => ['c.name', 'd.price', eb.fn.countAll<number>().as('count')])
    .where('d.order_id', '=', payment.subjectId)
    .groupBy(['c.name', 'd.price'])
    .orderBy('c.name')
    .execute();
  const amounts = byCategory.map((row) => row.price * Number(row.count));
  const discounts = allocateDiscount(
    amounts,
    Math.min(
      order.discount,
      amounts.reduce((a, b) => a + b, 0),
    ),
  );
  return {
    kind: 'natcon_delegate',
    buyer: {
      name: (order.gstin && order.organisation) || order.contact_name,
      address: order.buyer_address,
      gstin: order.gstin,
      stateCode: order.buyer_state_code,
    },
    eventStateCode: order.state_code,
    lines: byCategory.map((row, index) => ({
      kind: 'natcon_delegate',
      description: `${order.title}: ${row.name} delegate fee (order ${order.order_number})`,
      quantity: Number(row.count),
      amount: amounts[index],
      discount: discounts[index],
      ratePercent: order.gst_percent,
    })),
  };
}

export const natconOrderPayments: PaymentPurposeHandler = {
  async canView(db: DB, caller: AuthUser, payment: PaymentRecord) {
    if (caller.roleId === ROLE.superAdmin || caller.roleId === ROLE.admin) return true;
    if (caller.roleId === ROLE.chapterAdmin) return orderHasChapterMember(db, payment.subjectId, caller.chapterId);
    return false;
  },
  /**
   * The one place an order is confirmed by payment (issue 28): every verification (staff, a
   * statement match, the gateway) passes here inside its deciding transaction. The hold ends; the
   * NATCON job e-mails the tickets after the commit.
   */
  async onVerified(trx: DB, payment: PaymentRecord) {
    await trx
      .updateTable('natcon_orders')
      .set({ payment_state: 'verified', hold_until: null, remind_at: null })
      .where('id', '=', payment.subjectId)
      .where('payment_state', 'in', ['unpaid', 'reported'])
      .execute();
  },
  async onRejected(trx: DB, payment: PaymentRecord) {
    // Back to unpaid unless another report of the order is still waiting or was verified.
    const other = await trx
      .selectFrom('payments')
      .select('id')
      .where('purpose', '=', NATCON_PURPOSE)
      .where('subject_id', '=', payment.subjectId)
      .where('id', '!=', payment.id)
      .where('state', 'in', ['reported', 'verified'])
      .executeTakeFirst();
    if (other) return;
    await trx
      .updateTable('natcon_orders')
      .set({ payment_state: 'unpaid' })
      .where('id', '=', payment.subjectId)
      .where('payment_state', '=', 'reported')
      .execute();
  },
  async receiptLines(trx: DB, payment: PaymentRecord): Promise<ReceiptLine[]> {
    const order = await trx
      .selectFrom('natcon_orders as o')
      .innerJoin('natcon_editions as e', 'e.id', 'o.edition_id')
      .select(['o.order_number', 'o.discount', 'o.coupon_code', 'o.gst', 'o.gst_percent', 'o.amount_due', 'e.title'])
      .where('o.id', '=', payment.subjectId)
      .executeTakeFirstOrThrow();
    const byCategory = await trx
      .selectFrom('natcon_delegates as d')
      .innerJoin('natcon_categories as c', 'c.id', 'd.category_id')
      .select((eb) => ['c.name', 'd.price', eb.fn.countAll<number>().as('count')])
      .where('d.order_id', '=', payment.subjectId)
      .groupBy(['c.name', 'd.price'])
      .orderBy('c.name')
      .execute();
    const lines: ReceiptLine[] = byCategory.map((row) => ({
      kind: 'item',
      label: `${order.title} (order ${order.order_number}): ${row.name} delegate × ${Number(row.count)}`,
      amount: row.price * Number(row.count),
    }));
    if (order.discount)
      lines.push({ kind: 'discount', label: `Coupon ${order.coupon_code ?? ''}`.trim(), amount: order.discount });
    if (order.gst) lines.push({ kind: 'gst', label: `GST ${order.gst_percent}%`, amount: order.gst });
    lines.push({ kind: 'total', label: 'Total', amount: order.amount_due });
    return lines;
  },
  taxableSupply: orderSupply,
  async tokenGrantsAccess(db: DB, payment: PaymentRecord, token: string) {
    const order = await db
      .selectFrom('natcon_orders')
      .select('status_token_hash')
      .where('id', '=', payment.subjectId)
      .executeTakeFirst();
    return Boolean(order && tokenMatches(order.status_token_hash, token));
  },
  async subjectLabels(db: DB, subjectIds: number[]) {
    if (!subjectIds.length) return new Map<number, string>();
    const rows = await db
      .selectFrom('natcon_orders')
      .select(['id', 'order_number'])
      .where('id', 'in', subjectIds)
      .execute();
    return new Map(rows.map((r) => [r.id, `NATCON order ${r.order_number ?? r.id}`]));
  },
  async reportOnline(db: DB, request: OnlineRequest): Promise<OnlineReport> {
    const order = await db
      .selectFrom('natcon_orders')
      .select(['id', 'order_number', 'amount_due', 'status_token_hash'])
      .where('id', '=', request.subjectId)
      .executeTakeFirst();
    if (!order || !tokenMatches(order.status_token_hash, request.statusToken ?? undefined)) {
      throw notFound('No such order.');
    }
    const today = kolkataDate(request.now);
    const payment = await reportOrderPayment(
      db,
      order.id,
      { mode: 'online', reference: null, amount: order.amount_due, paidOn: today },
      request.now,
    );
    const query = `order=${encodeURIComponent(order.order_number ?? '')}&token=${encodeURIComponent(request.statusToken!)}`;
    return {
      payment,
      returnPath: `/natcon/register?${query}`,
    };
  },
};
