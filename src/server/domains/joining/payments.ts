import type { ReportPaymentInput } from '../../../lib/schemas/money';
import type { DB } from '../../platform/db';
import { conflict, invalid, notFound } from '../errors';
import { kolkataDate } from '../../../lib/financial-year';
import { formatMoney } from '../../../lib/format';
import { ROLE } from '../../../lib/roles';
import { reportPayment, type PaymentPurposeHandler, type ReceiptLine } from '../money';
import { MEMBERSHIP_CLASS_LABELS } from '../../../lib/membership-classes';
import type { FeeQuoteAnswer } from '../../../lib/schemas/membership';
import { writeAudit } from '../audit/audit';
import { membershipBuyer, membershipSupply } from '../gst/membership-supply';
import { hashToken, moveState, parseQuote, recordEvent, type ApplicationRow } from './records';
import { recordRefundsDue } from '../money/refunds/due';
import { reportedPaymentNote } from '../../../lib/wording';

export const MEMBERSHIP_PURPOSE = 'membership_application' as const;

/** What the applicant reports: the money module's one payment report (`ReportPaymentBody`). */
export type ReportedPaymentInput = ReportPaymentInput;

/**
 * The applicant reports the payment of the amount due: one payment per application at a time. The
 * state awaiting_payment → payment_reported and the payment row are written in one transaction,
 * so a second report at the same instant finds the state already moved (409).
 */
export async function reportApplicationPayment(
  db: DB,
  application: ApplicationRow,
  input: ReportedPaymentInput,
  ctx: { now: Date; ip: string },
) {
  const fields: Record<string, string> = {};
  if (input.amount !== application.amount_due)
    fields.amount = `The amount due is ${formatMoney(application.amount_due)}.`;
  if (input.paidOn > kolkataDate(ctx.now)) fields.paidOn = 'The payment date cannot be in the future.';
  if (input.paidOn < application.applied_on) fields.paidOn = 'The payment date cannot be before the application.';
  if (application.state !== 'awaiting_payment') {
    throw conflict(
      application.state === 'payment_reported'
        ? 'A payment is already reported for this application. The national office will verify it; you will see the receipt on this page.'
        : application.state === 'awaiting_guardian'
          ? 'Your parent or guardian must consent before you pay: we have e-mailed them a link.'
          : 'This application is not awaiting a payment.',
    );
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return db.transaction().execute(async (trx) => {
    if (!(await moveState(trx, application.id, 'awaiting_payment', 'payment_reported', ctx.now))) {
      throw conflict('A payment is already reported for this application.');
    }
    const payment = await reportPayment(
      trx,
      {
        purpose: MEMBERSHIP_PURPOSE,
        subjectId: application.id,
        payerName: `${application.first_name} ${application.last_name}`,
        payerEmail: application.email,
        chapterId: application.chapter_id,
        mode: input.mode,
        reference: input.reference ?? null,
        amount: input.amount,
        paidOn: input.paidOn,
      },
      ctx.now,
    );
    await recordEvent(
      trx,
      {
        applicationId: application.id,
        from: 'awaiting_payment',
        to: 'payment_reported',
        actorUserId: null,
        note: reportedPaymentNote(input.mode, input.reference),
      },
      ctx.now,
    );
    await writeAudit(trx, {
      action: 'application.payment_reported',
      at: ctx.now,
      entity: 'application',
      entityId: application.id,
      ip: ctx.ip,
      detail: { paymentId: payment.id, mode: input.mode, amount: input.amount },
    });
    return payment;
  });
}

/**
 * What a membership application's payment means to the money module: who may see it, what its
 * verification or rejection does to the application, and what its receipt lists (from the quote
 * the application stored, so a later fee change never alters a receipt).
 */
export const membershipApplicationPurpose: PaymentPurposeHandler = {
  async canView(db, caller, payment) {
    if (caller.roleId === ROLE.superAdmin || caller.roleId === ROLE.admin) return true;
    if (caller.roleId !== ROLE.chapterAdmin || caller.chapterId === null) return false;
    const row = await db
      .selectFrom('applications')
      .select('id')
      .where('id', '=', payment.subjectId)
      .where('chapter_id', '=', caller.chapterId)
      .executeTakeFirst();
    return Boolean(row);
  },
  async onVerified(trx, payment, caller) {
    const now = new Date();
    // Money that arrives after the applicant withdrew is owed back at once.
    const withdrawn = await trx
      .selectFrom('applications')
      .select('id')
      .where('id', '=', payment.subjectId)
      .where('state', '=', 'withdrawn')
      .executeTakeFirst();
    if (withdrawn) {
      await recordRefundsDue(
        trx,
        { purpose: MEMBERSHIP_PURPOSE, subjectId: payment.subjectId },
        'Application withdrawn.',
        now,
      );
      return;
    }
    if (await moveState(trx, payment.subjectId, 'payment_reported', 'payment_verified', now)) {
      await recordEvent(
        trx,
        {
          applicationId: payment.subjectId,
          from: 'payment_reported',
          to: 'payment_verified',
          actorUserId: caller?.id ?? null,
          note: `Payment verified (${payment.reference})`,
        },
        now,
      );
    }
  },
  async onRejected(trx, payment, caller) {
    const now = new Date();
    if (await moveState(trx, payment.subjectId, 'payment_reported', 'awaiting_payment', now)) {
      await recordEvent(
        trx,
        {
          applicationId: payment.subjectId,
          from: 'payment_reported',
          to: 'awaiting_payment',
          actorUserId: caller?.id ?? null,
          note: `Payment not accepted${payment.note ? `: ${payment.note}` : ''}. Please pay again or report the right reference.`,
        },
        now,
      );
    }
  },
  async receiptLines(trx, payment) {
    const application = await trx
      .selectFrom('applications')
      .select(['quote', 'class_code'])
      .where('id', '=', payment.subjectId)
      .executeTakeFirstOrThrow();
    return quoteReceiptLines(parseQuote(application));
  },
  /** The fee as quoted, to the paying organisation when one was named, else to the applicant at their address. */
  async taxableSupply(trx, payment) {
    const application = await trx
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', payment.subjectId)
      .executeTakeFirstOrThrow();
    const quote = parseQuote(application);
    const buyer = membershipBuyer(
      {
        gstin: application.gstin,
        buyerName: application.buyer_name ?? application.organisation,
        buyerAddress: application.buyer_address,
      },
      {
        name: `${application.first_name} ${application.last_name}`,
        address: application.address,
        city: application.city,
        stateName: application.state_name,
        pincode: application.pincode,
      },
    );
    const items = quoteReceiptLines(quote)
      .filter((line) => line.kind === 'item')
      .map((line) => ({ description: `Membership (${application.reference}): ${line.label}`, amount: line.amount }));
    return membershipSupply(buyer, items, quote.discount, quote.gstRatePercent);
  },
  async tokenGrantsAccess(db, payment, token) {
    const row = await db
      .selectFrom('applications')
      .select('id')
      .where('id', '=', payment.subjectId)
      .where('status_token_hash', '=', hashToken(token))
      .executeTakeFirst();
    return Boolean(row);
  },
  async subjectLabels(db, subjectIds) {
    if (!subjectIds.length) return new Map();
    const rows = await db
      .selectFrom('applications')
      .select(['id', 'reference'])
      .where('id', 'in', subjectIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.reference]));
  },
  async reportOnline(db, request) {
    const application = request.statusToken
      ? await db
          .selectFrom('applications')
          .selectAll()
          .where('id', '=', request.subjectId)
          .where('status_token_hash', '=', hashToken(request.statusToken))
          .executeTakeFirst()
      : undefined;
    if (!application) throw notFound('No such application.');
    const payment = await reportApplicationPayment(
      db,
      application,
      { mode: 'online', reference: null, amount: application.amount_due, paidOn: kolkataDate(request.now) },
      { now: request.now, ip: request.ip },
    );
    return {
      payment,
      returnPath: `/membership/status?token=${encodeURIComponent(request.statusToken!)}`,
    };
  },
};

/** The receipt of a membership fee: what the application's quote charged, item by item. */
export function quoteReceiptLines(quote: FeeQuoteAnswer): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  const className = MEMBERSHIP_CLASS_LABELS[quote.classCode];
  if (quote.entranceFee) lines.push({ kind: 'item', label: `Entrance fee (${className})`, amount: quote.entranceFee });
  if (quote.subscription) {
    lines.push({
      kind: 'item',
      label: `Subscription ${quote.financialYear}${quote.halfYear ? ' (half year, October-March)' : ''}`,
      amount: quote.subscription,
    });
  }
  if (quote.oneTimeFee) lines.push({ kind: 'item', label: 'Life membership (one-time fee)', amount: quote.oneTimeFee });
  if (quote.discount)
    lines.push({ kind: 'discount', label: `Coupon ${quote.coupon ?? ''}`.trim(), amount: quote.discount });
  if (quote.gst) lines.push({ kind: 'gst', label: `GST ${quote.gstRatePercent ?? ''}%`, amount: quote.gst });
  lines.push({ kind: 'total', label: 'Total', amount: quote.total });
  return lines;
}
