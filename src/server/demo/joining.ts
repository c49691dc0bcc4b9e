import { randomBytes } from 'node:crypto';
import type { DB } from '../platform/db';
import { nowIso } from '../platform/db';
import type { ApplicationState } from '../platform/db/schema';
import type { AuthUser } from '../domains/identity/auth-user';
import { financialYearStart, kolkataDate } from '../../lib/financial-year';
import { membershipFee } from '../../lib/fees';
import { MEMBERSHIP_CLASS_CODES, type MembershipClassCode } from '../../lib/membership-classes';
import { verifyPayment } from '../domains/money';
import { registerPaymentPurposes } from '../purposes';
import { approveApplication } from '../domains/joining/approval';
import { transitionApplication } from '../domains/joining/transitions';
import { feeScheduleFor } from '../domains/joining/fees';
import { hashToken, newReference } from '../domains/joining/records';

/**
 * Demo data for joining: the fee schedule of this and last financial year marked as samples, two
 * proposers, and a live queue of a few hundred applications in every state across the chapters,
 * with reported and verified payments (real receipt numbers) and a few admitted members.
 * Idempotent: once the demo applications exist, nothing is added.
 */
export const DEMO_APPLICANT_DOMAIN = 'applicant.demo.nipm.in';
const APPLICATIONS = 300;

/** Sample fees in paise (Rs 500 entrance and Rs 1,500 a year for Associate, and so on). */
export const SAMPLE_FEES: Record<MembershipClassCode, { entrance: number; subscription: number; oneTime: number }> = {
  associate: { entrance: 50_000, subscription: 150_000, oneTime: 0 },
  corporate: { entrance: 100_000, subscription: 300_000, oneTime: 0 },
  life: { entrance: 100_000, subscription: 0, oneTime: 2_500_000 },
  institutional: { entrance: 500_000, subscription: 1_000_000, oneTime: 0 },
  student: { entrance: 10_000, subscription: 50_000, oneTime: 0 },
};

const FIRST = [
  'Aarti',
  'Rahul',
  'Priya',
  'Sanjay',
  'Meera',
  'Arjun',
  'Kavita',
  'Vikram',
  'Nisha',
  'Anil',
  'Deepa',
  'Suresh',
];
const LAST = [
  'Sen',
  'Sharma',
  'Iyer',
  'Das',
  'Patel',
  'Reddy',
  'Ghosh',
  'Nair',
  'Singh',
  'Banerjee',
  'Menon',
  'Kulkarni',
];

/** The share of each final state in the demo queue. */
const STATE_CYCLE: ApplicationState[] = [
  'awaiting_payment',
  'awaiting_payment',
  'payment_reported',
  'payment_reported',
  'payment_verified',
  'under_scrutiny',
  'under_scrutiny',
  'recommended',
  'rejected',
  'withdrawn',
];

async function seedFees(db: DB, now: Date): Promise<void> {
  const year = financialYearStart(kolkataDate(now));
  const rows = [year - 1, year].flatMap((financialYear) =>
    MEMBERSHIP_CLASS_CODES.map((code) => ({
      financial_year: financialYear,
      class_code: code,
      entrance_fee: SAMPLE_FEES[code].entrance,
      subscription: SAMPLE_FEES[code].subscription,
      one_time_fee: SAMPLE_FEES[code].oneTime,
      is_sample: 1,
      updated_at: nowIso(now),
      updated_by: null,
    })),
  );
  await db
    .insertInto('membership_fees')
    .values(rows)
    .onConflict((oc) => oc.columns(['financial_year', 'class_code']).doNothing())
    .execute();
}

async function seedProposers(db: DB, chapterId: number, now: Date): Promise<void> {
  const at = nowIso(now);
  const year = financialYearStart(kolkataDate(now));
  const base = {
    chapter_id: chapterId,
    title: null,
    phone: null,
    date_of_birth: null,
    address: null,
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: null,
    qualification: 'MBA (HR)',
    organisation: 'NIPM (demo)',
    designation: 'Member',
    experience_years: 20,
    admitted_on: '2010-04-01',
    created_at: at,
    updated_at: at,
  };
  await db
    .insertInto('members')
    .values([
      {
        ...base,
        member_number: 'NIPM/DEMO/P0001',
        membership_class: 'corporate',
        first_name: 'Proposer',
        last_name: 'One (demo)',
        email: 'proposer1@demo.nipm.in',
        paid_through_year: year,
      },
      {
        ...base,
        member_number: 'NIPM/DEMO/P0002',
        membership_class: 'life',
        first_name: 'Proposer',
        last_name: 'Two (demo)',
        email: 'proposer2@demo.nipm.in',
        paid_through_year: null,
      },
    ])
    .onConflict((oc) => oc.column('member_number').doNothing())
    .execute();
}

export async function seedDemoJoining(db: DB, now: Date): Promise<number> {
  // The demo verifies payments through money, which needs the purposes' handlers (the CLI builds no API app).
  registerPaymentPurposes();
  await seedFees(db, now);
  const chapters = await db.selectFrom('chapters').select(['id']).orderBy('id').execute();
  if (!chapters.length) return 0;
  await seedProposers(db, chapters[0].id, now);
  const already = await db
    .selectFrom('applications')
    .select('id')
    .where('email', 'like', `%@${DEMO_APPLICANT_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (already) return 0;
  const admin = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'image', 'role_id', 'member_id', 'chapter_id'])
    .where('role_id', '=', 2)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!admin) return 0;
  const caller: AuthUser = { ...admin, roleId: '2', memberId: admin.member_id, chapterId: admin.chapter_id };
  const proposers = await db
    .selectFrom('members')
    .select(['id', 'member_number'])
    .where('member_number', 'in', ['NIPM/DEMO/P0001', 'NIPM/DEMO/P0002'])
    .execute();
  const today = kolkataDate(now);
  const year = financialYearStart(today);

  // Each application as submitted today, from its class's schedule.
  const planned = await Promise.all(
    Array.from({ length: APPLICATIONS }, async (_, i) => {
      const classCode = MEMBERSHIP_CLASS_CODES[i % MEMBERSHIP_CLASS_CODES.length];
      const quote = {
        ...membershipFee({ schedule: await feeScheduleFor(db, classCode, today), on: today }),
        coupon: null,
      };
      const proposed = classCode === 'associate' || classCode === 'corporate' || classCode === 'life';
      return { i, classCode, quote, proposed, finalState: STATE_CYCLE[i % STATE_CYCLE.length] };
    }),
  );
  const at = nowIso(now);
  const rows = planned.map(({ i, classCode, quote, proposed, finalState }) => ({
    reference: newReference(),
    status_token_hash: hashToken(randomBytes(24).toString('base64url')),
    state: (finalState === 'awaiting_payment' ? 'awaiting_payment' : 'payment_reported') as ApplicationState,
    class_code: classCode,
    chapter_id: chapters[i % chapters.length].id,
    financial_year: year,
    applied_on: today,
    title: null,
    first_name: FIRST[i % FIRST.length],
    last_name: `${LAST[(i * 7) % LAST.length]} (demo)`,
    email: `applicant${i + 1}@${DEMO_APPLICANT_DOMAIN}`,
    phone: `98300${String(10000 + i).slice(-5)}`,
    date_of_birth: `19${80 + (i % 20)}-0${1 + (i % 9)}-15`,
    address: `${i + 1} Demo Road`,
    city: 'Kolkata',
    state_name: 'West Bengal',
    pincode: '700016',
    qualification: classCode === 'student' ? 'BBA (pursuing)' : 'MBA (HR)',
    organisation: classCode === 'student' ? null : 'Demo Industries Ltd',
    designation: classCode === 'student' ? null : 'HR Executive',
    experience_years: classCode === 'student' ? 0 : 3 + (i % 15),
    institution: classCode === 'student' ? 'Demo Business School' : null,
    gstin: null,
    proposer_member_id: proposed ? (proposers[0]?.id ?? null) : null,
    seconder_member_id: proposed ? (proposers[1]?.id ?? null) : null,
    coupon_code: null,
    quote: JSON.stringify(quote),
    amount_due: quote.total,
    discount: 0,
    member_id: null,
    decision_note: null,
    created_at: at,
    updated_at: at,
  }));
  const inserted: { id: number; reference: string }[] = [];
  for (let start = 0; start < rows.length; start += 100) {
    inserted.push(
      ...(await db
        .insertInto('applications')
        .values(rows.slice(start, start + 100))
        .returning(['id', 'reference'])
        .execute()),
    );
  }
  const idOf = new Map(inserted.map((r) => [r.reference, r.id]));
  const apps = planned.map((p, k) => ({ ...p, id: idOf.get(rows[k].reference)!, row: rows[k] }));

  await db
    .insertInto('application_events')
    .values(
      apps.map((a) => ({
        application_id: a.id,
        from_state: null,
        to_state: 'awaiting_payment' as const,
        actor_user_id: null,
        note: 'Submitted',
        at,
      })),
    )
    .execute();
  const paying = apps.filter((a) => a.finalState !== 'awaiting_payment');
  const payments = await db
    .insertInto('payments')
    .values(
      paying.map((a) => ({
        purpose: 'membership_application',
        subject_id: a.id,
        chapter_id: a.row.chapter_id,
        payer_name: `${a.row.first_name} ${a.row.last_name}`,
        payer_email: a.row.email,
        mode: 'upi' as const,
        reference: String(600_000_000_000 + a.i),
        reference_key: String(600_000_000_000 + a.i),
        amount: a.quote.total,
        paid_on: today,
        state: 'reported' as const,
        note: null,
        reported_at: at,
        decided_by: null,
        decided_at: null,
        receipt_number: null,
        receipt_financial_year: null,
        receipt: null,
      })),
    )
    .returning(['id', 'subject_id'])
    .execute();
  await db
    .insertInto('application_events')
    .values(
      paying.map((a) => ({
        application_id: a.id,
        from_state: 'awaiting_payment' as const,
        to_state: 'payment_reported' as const,
        actor_user_id: null,
        note: 'Reported UPI payment',
        at,
      })),
    )
    .execute();

  // Verified through the money service, so receipts carry real, gapless numbers.
  const paymentOf = new Map(payments.map((p) => [p.subject_id, p.id]));
  const beyondVerification = paying.filter((a) => a.finalState !== 'payment_reported');
  for (const a of beyondVerification) await verifyPayment(db, caller, paymentOf.get(a.id)!, 'UTR matched (demo)', now);

  const moves: Record<string, ApplicationState[]> = {
    under_scrutiny: ['under_scrutiny'],
    recommended: ['under_scrutiny', 'recommended'],
    rejected: ['rejected'],
    withdrawn: ['withdrawn'],
  };
  // Through the real transitions: history, activity log, and a withdrawn application's money
  // waiting in the refunds queue (/admin/payments/refunds) as a refund due.
  for (const a of beyondVerification) {
    for (const to of moves[a.finalState] ?? []) {
      const note =
        to === 'rejected'
          ? 'Qualification not recognised (demo).'
          : to === 'withdrawn'
            ? 'Withdrawn at the applicant’s request (demo).'
            : undefined;
      await transitionApplication(
        db,
        caller,
        a.id,
        { to, note },
        { now, ip: '127.0.0.1', siteUrl: 'http://127.0.0.1' },
      );
    }
  }

  // A few admitted members, through the real approval (member number, account, set-password link).
  const toApprove = beyondVerification.filter((a) => a.finalState === 'recommended').slice(0, 8);
  for (const a of toApprove) {
    const row = await db.selectFrom('applications').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    await approveApplication(db, caller, row, {
      note: 'National Council (demo)',
      now,
      ip: '127.0.0.1',
      siteUrl: 'http://127.0.0.1',
    });
  }
  return apps.length;
}
