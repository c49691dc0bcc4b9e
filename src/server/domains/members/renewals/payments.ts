import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import { membershipClassLabel } from '../../../../lib/membership-classes';
import { ROLE } from '../../../../lib/roles';
import { RenewalQuoteSchema } from '../../../../lib/schemas/members';
import { releaseCoupon, type PaymentPurposeHandler, type ReceiptLine } from '../../money';
import { memberInScope } from '../record';
import { membershipBuyer, membershipSupply } from '../../gst/membership-supply';
import { RENEWAL_PURPOSE } from './renewals';
import { reportRenewalOnline } from './online';

/**
 * What a renewal payment means to the money module (purpose `membership_renewal`): who sees it,
 * what verifying it raises, what rejecting it gives back, and the receipt's lines. A coupon's
 * redemption is keyed by the payment (a member may use a coupon in more than one year).
 */

async function renewalOf(db: DB, paymentId: number) {
  const row = await db
    .selectFrom('member_renewals')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return { ...row, quote: RenewalQuoteSchema.parse(JSON.parse(row.quote)) };
}

/** What a renewal payment means to the money module. */
export const membershipRenewalPurpose: PaymentPurposeHandler = {
  async canView(db, caller, payment) {
    if (caller.roleId === ROLE.superAdmin || caller.roleId === ROLE.admin) return true;
    if (caller.roleId === ROLE.member) return caller.memberId === payment.subjectId;
    if (caller.roleId !== ROLE.chapterAdmin) return false;
    return memberInScope(db, caller, payment.subjectId);
  },
  async onVerified(trx, payment) {
    const renewal = await renewalOf(trx, payment.id);
    await trx.updateTable('member_renewals').set({ verified: 1 }).where('payment_id', '=', payment.id).execute();
    // Raised, never lowered: a verification of an older renewal after a newer one changes nothing.
    await trx
      .updateTable('members')
      .set({ paid_through_year: Number(renewal.last_year), updated_at: nowIso(new Date()) })
      .where('id', '=', payment.subjectId)
      .where((eb) =>
        eb.or([eb('paid_through_year', 'is', null), eb('paid_through_year', '<', Number(renewal.last_year))]),
      )
      .execute();
  },
  async onRejected(trx, payment) {
    // The member's years stay as they were; they may report again, and the coupon's use comes back.
    await releaseCoupon(trx, { purpose: RENEWAL_PURPOSE, subjectId: payment.id });
  },
  /** The member number, so staff lists (and the receipt) say whose renewal it is. */
  async subjectLabels(db, subjectIds) {
    if (!subjectIds.length) return new Map();
    const rows = await db.selectFrom('members').select(['id', 'member_number']).where('id', 'in', subjectIds).execute();
    return new Map(rows.map((r) => [r.id, r.member_number]));
  },
  async receiptLines(trx, payment): Promise<ReceiptLine[]> {
    const { quote } = await renewalOf(trx, payment.id);
    const classLabel = membershipClassLabel(quote.classCode);
    const lines: ReceiptLine[] = quote.years.map((y) => ({
      kind: 'item',
      label: `Annual subscription ${y.label} (${classLabel} member)`,
      amount: y.amount,
    }));
    if (quote.discount) {
      lines.push({ kind: 'discount', label: `Coupon ${quote.coupon ?? ''}`.trim(), amount: quote.discount });
    }
    if (quote.gst) lines.push({ kind: 'gst', label: `GST at ${quote.gstRatePercent}%`, amount: quote.gst });
    lines.push({ kind: 'total', label: 'Total', amount: quote.total });
    return lines;
  },
  /** The years as quoted, to the employer that pays when one was named, else to the member at their address. */
  async taxableSupply(trx, payment) {
    const renewal = await renewalOf(trx, payment.id);
    const member = await trx
      .selectFrom('members')
      .select(['first_name', 'last_name', 'address', 'city', 'state', 'pincode', 'member_number'])
      .where('id', '=', payment.subjectId)
      .executeTakeFirstOrThrow();
    const buyer = membershipBuyer(
      { gstin: renewal.buyer_gstin, buyerName: renewal.buyer_name, buyerAddress: renewal.buyer_address },
      {
        name: `${member.first_name} ${member.last_name}`,
        address: member.address,
        city: member.city,
        stateName: member.state,
        pincode: member.pincode,
      },
    );
    const classLabel = membershipClassLabel(renewal.quote.classCode);
    const items = renewal.quote.years.map((y) => ({
      description: `Annual subscription ${y.label} (${classLabel} member ${member.member_number})`,
      amount: y.amount,
    }));
    return membershipSupply(buyer, items, renewal.quote.discount, renewal.quote.gstRatePercent);
  },
  reportOnline: reportRenewalOnline,
};
