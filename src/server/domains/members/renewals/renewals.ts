import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import type { AuthUser } from '../../identity/auth-user';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../../../lib/financial-year';
import type { MembershipClassCode } from '../../../../lib/membership-classes';
import { memberStatus, yearsToRenew } from '../../../../lib/member-status';
import { formatMoney } from '../../../../lib/format';
import {
  type MemberPayment,
  type MemberRenewalView,
  type OfficeRenewalInput,
  type RenewalPaymentInput,
  type RenewalQuote,
} from '../../../../lib/schemas/members';
import type { PaymentMode } from '../../../platform/db/schema';
import { conflict, DomainError, forbidden, notFound, invalid } from '../../errors';
import { writeAudit } from '../../audit/audit';
import { feeScheduleFor } from '../../joining/fees';
import {
  decidePaymentWithin,
  mayDecidePayments,
  previewCoupon,
  redeemCoupon,
  reportPayment,
  type PaymentRecord,
} from '../../money';
import { memberInScope } from '../record';
import { gstRateFor } from '../../gst/rates';
import { buyerDetailsErrors, type BuyerDetails } from '../../gst/membership-supply';
import { gstOnTaxable } from '../../../../lib/gst-amount';
import { joiningPayment } from '../../money/member-portal';
import { RENEWAL_PURPOSE, renewalPayments, toMemberPayment } from './payment-rows';

/**
 * Renewals: a member pays the annual subscription of each financial year they renew (the unpaid
 * years for a lapsed member, the next one for a current member), in the payment ways joining offers.
 * The years and amounts are fixed in `member_renewals` when the payment is reported; staff verify
 * the payment (money module) and this purpose's `onVerified` raises `paid_through_year`.
 */
export { RENEWAL_PURPOSE };

interface MemberRow {
  id: number;
  membership_class: MembershipClassCode;
  paid_through_year: number | null;
  admitted_on: string;
  chapter_id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export async function memberRow(db: DB, memberId: number): Promise<MemberRow> {
  const row = await db
    .selectFrom('members')
    .select([
      'id',
      'membership_class',
      'paid_through_year',
      'admitted_on',
      'chapter_id',
      'first_name',
      'last_name',
      'email',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw notFound('No such member.');
  return { ...row, paid_through_year: row.paid_through_year === null ? null : Number(row.paid_through_year) };
}

const statusInput = (m: MemberRow) => ({
  classCode: m.membership_class,
  paidThroughYear: m.paid_through_year,
  admittedOn: m.admitted_on,
});

/** The renewal's price today, from each year's fee schedule (null when there is nothing to pay). */
export async function renewalQuote(db: DB, member: MemberRow, today: string): Promise<RenewalQuote | null> {
  const years = yearsToRenew(statusInput(member), today);
  if (years.length === 0) return null;
  const lines = [];
  for (const year of years) {
    const schedule = await feeScheduleFor(db, member.membership_class, `${year}-04-01`);
    lines.push({ year, label: financialYearLabel(year), amount: schedule.subscription });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const rate = await gstRateFor(db, 'membership');
  const gst = gstOnTaxable(subtotal, rate);
  return {
    classCode: member.membership_class,
    years: lines,
    subtotal,
    discount: 0,
    coupon: null,
    gstRatePercent: rate,
    gst,
    total: subtotal + gst,
  };
}

/** The member's years, receipts, what renewing costs and any payment waiting for the office. */
export async function renewalView(
  db: DB,
  viewer: AuthUser,
  memberId: number,
  now: Date,
  coupon?: string,
): Promise<MemberRenewalView> {
  if (!(await memberInScope(db, viewer, memberId))) throw notFound('No such member.');
  const today = kolkataDate(now);
  const member = await memberRow(db, memberId);
  const payments = await renewalPayments(db, memberId);
  const pending = payments.find((p) => p.state === 'reported') ?? null;
  const receiptOf = new Map<string, { number: string; paymentId: number }>();
  const first = financialYearStart(member.admitted_on);
  // The joining year was paid by the application that made the member: its receipt is that year's.
  const joining = await joiningPayment(db, memberId);
  if (joining) receiptOf.set(financialYearLabel(first), joining);
  for (const p of payments.filter((p) => p.state === 'verified').reverse()) {
    for (const label of p.years)
      if (p.receiptNumber) receiptOf.set(label, { number: p.receiptNumber, paymentId: p.id });
  }
  const last = Math.max(financialYearStart(today), member.paid_through_year ?? 0);
  const years = [];
  for (let year = last; year >= first; year--) {
    const label = financialYearLabel(year);
    const paid = member.membership_class === 'life' || (member.paid_through_year ?? 0) >= year;
    const receipt = receiptOf.get(label);
    years.push({ year, label, paid, receiptNumber: receipt?.number ?? null, paymentId: receipt?.paymentId ?? null });
  }
  let quote: RenewalQuote | null = null;
  try {
    quote = await renewalQuote(db, member, today);
  } catch (error) {
    // No fee schedule yet: the page says renewal opens when the office sets the fees.
    if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
  }
  if (quote && coupon) quote = await quoteWithCoupon(db, quote, coupon, today);
  return {
    status: memberStatus(statusInput(member), today),
    paidThroughYear: member.paid_through_year,
    years,
    quote,
    pending,
    payments,
  };
}

/** The quote with a coupon's discount taken off the subtotal, GST on what is left. */
function withDiscount(quote: RenewalQuote, discount: number, coupon: string): RenewalQuote {
  const taxable = quote.subtotal - Math.min(discount, quote.subtotal);
  const gst = gstOnTaxable(taxable, quote.gstRatePercent);
  return { ...quote, discount: quote.subtotal - taxable, coupon, gst, total: taxable + gst };
}

/** What renewing would cost with a coupon, without using it (400 `fields.coupon` when it does not apply). */
async function quoteWithCoupon(db: DB, quote: RenewalQuote, code: string, today: string): Promise<RenewalQuote> {
  const preview = await previewCoupon(db, { code, scope: 'membership', amount: quote.subtotal, on: today });
  return withDiscount(quote, preview.discount, preview.code);
}

/** With the registered buyer that pays, if any (checked by the caller: `buyerDetailsErrors`). */
interface RenewalPayment extends BuyerDetails {
  mode: PaymentMode;
  reference?: string | null;
  amount: number;
  paidOn: string;
  coupon?: string;
  /** The year the payment pays through (office recordings): refused when already paid that far. */
  throughYear?: number;
}

/**
 * Records a renewal payment as reported, inside the caller's transaction: the member's row is
 * locked first (so two reports, or a report and an office recording, queue), then the quote is
 * taken from the locked row, the payment written, the coupon's use taken by money's
 * `redeemCoupon` (one conditional update: never beyond its limit), the amount checked against the
 * discounted total, and the years fixed in `member_renewals`. Any refusal rolls all of it back.
 */
export async function recordRenewal(
  trx: DB,
  memberId: number,
  input: RenewalPayment,
  now: Date,
): Promise<{ payment: PaymentRecord; quote: RenewalQuote }> {
  const today = kolkataDate(now);
  await trx
    .updateTable('members')
    .set({ updated_at: nowIso(now) })
    .where('id', '=', memberId)
    .execute();
  const member = await memberRow(trx, memberId);
  const waiting = await trx
    .selectFrom('payments')
    .select('id')
    .where('purpose', '=', RENEWAL_PURPOSE)
    .where('subject_id', '=', member.id)
    .where('state', '=', 'reported')
    .executeTakeFirst();
  if (waiting) throw conflict('A renewal payment is already waiting for the office to verify it.');
  if (input.throughYear !== undefined && member.paid_through_year !== null) {
    if (member.paid_through_year >= input.throughYear) {
      throw conflict(`This membership is already paid through ${financialYearLabel(member.paid_through_year)}.`, {
        throughYear: `Already paid through ${financialYearLabel(member.paid_through_year)}.`,
      });
    }
  }
  let quote = await renewalQuote(trx, member, today);
  if (!quote) throw conflict('There is nothing to renew: the membership is paid as far ahead as it can be.');
  const lastYear = quote.years[quote.years.length - 1].year;
  if (input.throughYear !== undefined && input.throughYear !== lastYear) {
    throw invalid({
      throughYear: `A renewal now pays ${quote.years.map((y) => y.label).join(', ')}: through ${financialYearLabel(lastYear)}.`,
    });
  }
  const payment = await reportPayment(
    trx,
    {
      purpose: RENEWAL_PURPOSE,
      subjectId: member.id,
      chapterId: member.chapter_id,
      payerName: `${member.first_name} ${member.last_name}`,
      payerEmail: member.email,
      mode: input.mode,
      reference: input.reference,
      amount: input.amount,
      paidOn: input.paidOn,
    },
    now,
  );
  if (input.coupon) {
    const redeemed = await redeemCoupon(
      trx,
      {
        code: input.coupon,
        scope: 'membership',
        amount: quote.subtotal,
        on: today,
        purpose: RENEWAL_PURPOSE,
        subjectId: payment.id,
      },
      now,
    );
    quote = withDiscount(quote, redeemed.discount, redeemed.code);
  }
  if (input.amount !== quote.total) {
    throw invalid({ amount: `The amount due is ${formatMoney(quote.total)}.` });
  }
  const years = quote.years.map((y) => y.year);
  await trx
    .insertInto('member_renewals')
    .values({
      payment_id: payment.id,
      member_id: member.id,
      first_year: Math.min(...years),
      last_year: Math.max(...years),
      quote: JSON.stringify(quote),
      created_at: nowIso(now),
      buyer_gstin: input.gstin ?? null,
      buyer_name: input.gstin ? (input.buyerName ?? null) : null,
      buyer_address: input.gstin ? (input.buyerAddress ?? null) : null,
    })
    .execute();
  return { payment, quote };
}

function paymentOfRenewal(payment: PaymentRecord, quote: RenewalQuote): MemberPayment {
  const years = quote.years.map((y) => y.year);
  return toMemberPayment({
    id: payment.id,
    purpose: payment.purpose,
    amount: payment.amount,
    mode: payment.mode,
    reference: payment.reference,
    paid_on: payment.paidOn,
    state: payment.state,
    receipt_number: payment.receiptNumber,
    first_year: Math.min(...years),
    last_year: Math.max(...years),
  });
}

/**
 * The member reports paying the renewal quoted now, with a membership coupon if they have one. The
 * amount must be the quote's total after the coupon; one renewal waits for the office at a time (a
 * second report answers 409). Staff verify it under Payments.
 */
export async function reportRenewal(
  db: DB,
  viewer: AuthUser,
  input: RenewalPaymentInput,
  now: Date,
): Promise<MemberPayment> {
  if (viewer.memberId === null) throw notFound('You have no member record.');
  const fields = buyerDetailsErrors(input);
  if (input.mode === 'cash') fields.mode = 'Cash is paid at the office, which records it.';
  if (Object.keys(fields).length) throw invalid(fields);
  const memberId = viewer.memberId;
  return db.transaction().execute(async (trx) => {
    const { payment, quote } = await recordRenewal(trx, memberId, input, now);
    return paymentOfRenewal(payment, quote);
  });
}

/**
 * Staff (roles 2 and 5, who verify payments) record a renewal paid at the office in cash or by
 * cheque: in ONE transaction the payment is recorded as the member's renewal (coupon and all, as
 * online) and verified by the staff who took it, which gives it the next receipt number and raises
 * `paid_through_year` through the purpose's `onVerified`, exactly as for an online renewal.
 */
export async function recordOfficeRenewal(
  db: DB,
  staff: AuthUser,
  memberId: number,
  input: OfficeRenewalInput,
  context: { now: Date; ip: string | null },
): Promise<MemberPayment> {
  if (!mayDecidePayments(staff)) throw forbidden();
  if (!(await memberInScope(db, staff, memberId))) throw notFound('No such member.');
  const { now } = context;
  return db.transaction().execute(async (trx) => {
    const { payment, quote } = await recordRenewal(trx, memberId, input, now);
    const note = input.note?.trim() || `Received at the office (${input.mode === 'cash' ? 'cash' : 'cheque'}).`;
    const verified = await decidePaymentWithin(trx, staff, payment.id, 'verified', note, now);
    await writeAudit(trx, {
      action: 'renewal.office_recorded',
      at: now,
      actorUserId: staff.id,
      entity: 'member',
      entityId: memberId,
      ip: context.ip,
      detail: {
        paymentId: payment.id,
        mode: input.mode,
        amount: input.amount,
        coupon: quote.coupon,
        years: quote.years.map((y) => y.label),
        receiptNumber: verified.receiptNumber,
      },
    });
    return paymentOfRenewal(verified, quote);
  });
}
