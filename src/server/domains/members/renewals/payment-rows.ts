import type { DB } from '../../../platform/db';
import { financialYearLabel } from '../../../../lib/financial-year';
import type { MemberPayment } from '../../../../lib/schemas/members';

/** The payment purpose of a member's renewal (money's registry key). */
export const RENEWAL_PURPOSE = 'membership_renewal' as const;

type PaymentRow = {
  id: number;
  purpose: string;
  amount: number;
  mode: string;
  reference: string | null;
  paid_on: string;
  state: 'reported' | 'verified' | 'rejected';
  receipt_number: string | null;
  first_year: number | null;
  last_year: number | null;
  invoice_id?: number | null;
  invoice_number?: string | null;
};

export function toMemberPayment(row: PaymentRow): MemberPayment {
  const years: string[] = [];
  if (row.first_year !== null && row.last_year !== null) {
    for (let y = Number(row.first_year); y <= Number(row.last_year); y++) years.push(financialYearLabel(y));
  }
  return {
    id: row.id,
    purpose: row.purpose,
    amount: row.amount,
    mode: row.mode,
    reference: row.reference,
    paidOn: row.paid_on,
    state: row.state,
    receiptNumber: row.receipt_number,
    years,
    invoice: row.invoice_id ? { id: row.invoice_id, number: row.invoice_number ?? '' } : null,
  };
}

/** A member's renewal payments, newest first, each with its years and its tax invoice if any. */
export async function renewalPayments(db: DB, memberId: number): Promise<MemberPayment[]> {
  const rows = await db
    .selectFrom('payments')
    .leftJoin('member_renewals as r', 'r.payment_id', 'payments.id')
    .leftJoin('gst_invoices as i', 'i.payment_id', 'payments.id')
    .select([
      'i.id as invoice_id',
      'i.number as invoice_number',
      'payments.id',
      'payments.purpose',
      'payments.amount',
      'payments.mode',
      'payments.reference',
      'payments.paid_on',
      'payments.state',
      'payments.receipt_number',
      'r.first_year',
      'r.last_year',
    ])
    .where('payments.purpose', '=', RENEWAL_PURPOSE)
    .where('payments.subject_id', '=', memberId)
    .orderBy('payments.id', 'desc')
    .execute();
  return rows.map((row) => toMemberPayment(row as PaymentRow));
}
