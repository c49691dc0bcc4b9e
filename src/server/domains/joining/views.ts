import { financialYearLabel } from '../../../lib/financial-year';
import { formatMoney } from '../../../lib/format';
import {
  requiredDocuments,
  type ApplicationStatus,
  type DocumentKind,
  type ApplicationStateCode,
} from '../../../lib/schemas/membership';
import { parseQuote, type ApplicationRow, type Queryable } from './records';
import { creditNotesOfPayments } from '../gst/credit-notes';
import { guardianOf } from './guardian';
import { CLOSED_WITHOUT_GUARDIAN_NOTE, GUARDIAN_CLOSE_DAYS } from './guardian-waiting-rules';

/** How an application reads to the applicant and to staff: history, payments, documents. */

const APPLICANT_MOVES: readonly string[] = ['payment_reported', 'withdrawn'];

export async function historyOf(db: Queryable, applicationId: number) {
  const rows = await db
    .selectFrom('application_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select(['e.from_state', 'e.to_state', 'e.note', 'e.at', 'u.name as actor'])
    .where('e.application_id', '=', applicationId)
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    from: r.from_state as ApplicationStateCode | null,
    to: r.to_state as ApplicationStateCode,
    // Without a staff member, the applicant acted: submitted, reported a payment or withdrew.
    // The daily job closed it for want of a guardian's consent: the institute acted, not the applicant.
    by:
      r.actor ??
      (r.note === CLOSED_WITHOUT_GUARDIAN_NOTE
        ? 'NIPM'
        : r.from_state === null || APPLICANT_MOVES.includes(r.to_state)
          ? 'Applicant'
          : null),
    note: r.note,
    at: r.at,
  }));
}

/**
 * A payment of a withdrawn application is owed back to the applicant: verified, it is a refund due;
 * still reported, it is due once staff have seen the money arrive (and refused if it never did).
 * Derived from the two states, so it can never disagree with them.
 */
export function isRefundDue(applicationState: ApplicationStateCode, paymentState: string): boolean {
  return applicationState === 'withdrawn' && (paymentState === 'verified' || paymentState === 'reported');
}

export async function paymentsOf(db: Queryable, applicationId: number, applicationState: ApplicationStateCode) {
  const rows = await db
    .selectFrom('payments as p')
    .leftJoin('gst_invoices as i', 'i.payment_id', 'p.id')
    .select([
      'p.id',
      'p.state',
      'p.mode',
      'p.reference',
      'p.amount',
      'p.refunded',
      'p.paid_on',
      'p.reported_at',
      'p.note',
      'p.receipt_number',
      'i.id as invoice_id',
      'i.number as invoice_number',
    ])
    .where('p.purpose', '=', 'membership_application')
    .where('p.subject_id', '=', applicationId)
    .orderBy('p.id')
    .execute();
  const creditNotes = await creditNotesOfPayments(
    db,
    rows.map((p) => p.id),
  );
  return rows.map((p) => ({
    id: p.id,
    state: p.state,
    mode: p.mode,
    reference: p.reference,
    amount: p.amount,
    paidOn: p.paid_on,
    reportedAt: p.reported_at,
    note: p.note,
    receiptNumber: p.receipt_number,
    refunded: p.refunded,
    // Owed until all of it went back (a refund sent through the gateway counts from when it was sent).
    refundDue: isRefundDue(applicationState, p.state) && p.refunded < p.amount,
    invoice: p.invoice_id ? { id: p.invoice_id, number: p.invoice_number ?? '' } : null,
    creditNotes: creditNotes.get(p.id) ?? [],
  }));
}

type ApplicationPayment = Awaited<ReturnType<typeof paymentsOf>>[number];

/** What happens to the money of a withdrawn application, in the applicant's words; null when none was paid. */
export function refundNotice(payments: ApplicationPayment[]): string | null {
  const owed = payments.filter((p) => p.refundDue);
  if (!owed.length) {
    const refunded = payments.reduce((sum, p) => sum + p.refunded, 0);
    return refunded > 0
      ? `The national office has refunded ${formatMoney(refunded)} to you; banks usually take 5-7 working days to show it.`
      : null;
  }
  const amount = formatMoney(owed.reduce((sum, p) => sum + p.amount - p.refunded, 0));
  return owed.every((p) => p.state === 'verified')
    ? `The ${amount} you paid will be refunded to you in full by the national office, to the account it came from; they will write to you at this address when it is sent.`
    : `Once the national office has confirmed that your payment of ${amount} arrived, it will be refunded to you in full, to the account it came from; they will write to you at this address when it is sent.`;
}

export async function documentsOf(db: Queryable, applicationId: number) {
  const rows = await db
    .selectFrom('application_documents')
    .select(['kind', 'content_type', 'filename', 'size', 'uploaded_at'])
    .where('application_id', '=', applicationId)
    .orderBy('kind')
    .execute();
  return rows.map((d) => ({
    kind: d.kind as DocumentKind,
    contentType: d.content_type,
    filename: d.filename,
    size: d.size,
    uploadedAt: d.uploaded_at,
  }));
}

function nextStep(
  row: ApplicationRow,
  memberNumber: string | null,
  payments: ApplicationPayment[],
  guardianClosed: boolean,
): string {
  switch (row.state) {
    case 'awaiting_guardian':
      return 'As you are under 18, your parent or guardian must consent first: we have e-mailed them a link. Your application goes on, and you can pay, once they have.';
    case 'awaiting_payment':
      return `Pay ${formatMoney(row.amount_due)} by UPI, bank transfer or demand draft, then report the payment here.`;
    case 'payment_reported':
      return 'The national office is verifying your payment. You will see the receipt here once it is verified.';
    case 'payment_verified':
      return 'Your payment is verified. Your chapter will scrutinise your application next.';
    case 'under_scrutiny':
      return 'Your chapter and the national secretariat are scrutinising your application.';
    case 'recommended':
      return 'Your application is recommended to the Membership Admission Committee and the National Council for approval.';
    case 'approved':
      return `Welcome to NIPM. Your member number is ${memberNumber ?? ''}. We have e-mailed you a link to set your password and sign in.`;
    case 'rejected':
      return `Your application was not approved${row.decision_note ? `: ${row.decision_note}` : '.'}`;
    case 'withdrawn':
      // Closed by the daily job (guardian-waiting.ts): the reason in plain words, and the way back.
      if (guardianClosed)
        return `Your application was closed because no parent or guardian consented to it within ${GUARDIAN_CLOSE_DAYS} days. You paid nothing, so nothing is owed to you. You may apply again at any time.`;
      return ['Your application was withdrawn.', refundNotice(payments)].filter(Boolean).join(' ');
  }
}

export async function memberNumberOf(db: Queryable, memberId: number | null): Promise<string | null> {
  if (memberId === null) return null;
  const member = await db.selectFrom('members').select('member_number').where('id', '=', memberId).executeTakeFirst();
  return member?.member_number ?? null;
}

export async function statusView(db: Queryable, row: ApplicationRow): Promise<ApplicationStatus> {
  const [chapter, history, payments, documents, memberNumber, guardian] = await Promise.all([
    db.selectFrom('chapters').select('name').where('id', '=', row.chapter_id).executeTakeFirstOrThrow(),
    historyOf(db, row.id),
    paymentsOf(db, row.id, row.state),
    documentsOf(db, row.id),
    memberNumberOf(db, row.member_id),
    guardianOf(db, row.id),
  ]);
  return {
    id: row.id,
    reference: row.reference,
    state: row.state,
    classCode: row.class_code,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    chapter: chapter.name,
    financialYear: financialYearLabel(row.financial_year),
    appliedOn: row.applied_on,
    quote: parseQuote(row),
    amountDue: row.amount_due,
    // The applicant reads who acted as the institute, not which staff member.
    history: history.map((event) => ({ ...event, by: event.by === 'Applicant' ? event.by : event.by ? 'NIPM' : null })),
    payments,
    documents,
    requiredDocuments: requiredDocuments(row.class_code),
    memberNumber,
    nextStep: nextStep(row, memberNumber, payments, Boolean(guardian?.closedAt)),
    guardian: guardian && { name: guardian.name, email: guardian.email, givenAt: guardian.givenAt },
  };
}
