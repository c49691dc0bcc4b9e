import type { Insertable } from 'kysely';
import type { DB } from '../platform/db';
import { nowIso } from '../platform/db';
import type { Database } from '../platform/db/schema';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../lib/financial-year';
import { amountInIndianWords } from '../../lib/indian-words';
import { MEMBERSHIP_CLASS_LABELS, type MembershipClassCode } from '../../lib/membership-classes';
import { SAMPLE_PAYMENT_SETTINGS } from '../domains/money/settings';
import { paymentReferenceKey } from '../../lib/schemas/money';

/**
 * Demo members (issue 10): about 8,000 members over the chapters, in the proportions of a professional
 * body (many Associate and Corporate members, a fifth Life), admitted over forty years, most paid up,
 * some defaulters and lapsed, with up to five years of verified renewal payments and their receipts,
 * so the register, the statuses and the reports look like the institute's. Deterministic (a seeded
 * generator) and idempotent: a chapter that already has demo members gets none. Batched inserts.
 * `npm run db:seed -- --members 100000` makes a larger set for benchmarks.
 */
export const DEMO_MEMBER_COUNT = 8000;
const DEMO_EMAIL_DOMAIN = 'members.demo.nipm.in';
const BATCH = 500;
const DEMO_FEES: Record<MembershipClassCode, number> = {
  associate: 150_000,
  corporate: 300_000,
  life: 0,
  institutional: 1_000_000,
  student: 50_000,
};

const FIRST = [
  'Aarav',
  'Ananya',
  'Arjun',
  'Bhavna',
  'Debashis',
  'Deepa',
  'Farhan',
  'Gayatri',
  'Harish',
  'Ishita',
  'Jayanta',
  'Kavita',
  'Lakshmi',
  'Manoj',
  'Meera',
  'Nikhil',
  'Nandini',
  'Pradeep',
  'Priya',
  'Rahul',
  'Rekha',
  'Sanjay',
  'Shalini',
  'Sourav',
  'Sunita',
  'Tanvir',
  'Uma',
  'Vikram',
  'Yamini',
  'Zubin',
];
const LAST = [
  'Banerjee',
  'Chatterjee',
  'Das',
  'Desai',
  'Ghosh',
  'Gupta',
  'Iyer',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Menon',
  'Mukherjee',
  'Nair',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Roy',
  'Sen',
  'Shah',
  'Sharma',
  'Singh',
  'Sinha',
  'Verma',
];
const ORGS = [
  'Tata Steel',
  'Coal India',
  'Infosys',
  'Larsen & Toubro',
  'ITC',
  'State Bank of India',
  'Wipro',
  'Hindustan Unilever',
  'Bharat Heavy Electricals',
  'Reliance Industries',
  'Mahindra & Mahindra',
  'Indian Oil',
];
const DESIGNATIONS = [
  'HR Manager',
  'Senior Manager, HR',
  'Head of People',
  'Industrial Relations Officer',
  'Talent Partner',
  'HR Business Partner',
  'Chief HR Officer',
  'Training Manager',
];
const MODES = ['upi', 'bank_transfer', 'demand_draft', 'cheque'] as const;

/** A small seeded generator: the same demo data on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pickClass(r: number): MembershipClassCode {
  if (r < 0.45) return 'associate';
  if (r < 0.7) return 'corporate';
  if (r < 0.88) return 'life';
  if (r < 0.95) return 'student';
  return 'institutional';
}

type NewMember = Insertable<Database['members']>;

const references = { count: 0 };

export async function seedDemoMembers(db: DB, now: Date, options: { count?: number } = {}): Promise<number> {
  references.count = Number(
    (
      await db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const count = options.count ?? DEMO_MEMBER_COUNT;
  const chapters = await db.selectFrom('chapters').select(['id', 'code']).orderBy('id').execute();
  if (!chapters.length) return 0;
  const today = kolkataDate(now);
  const current = financialYearStart(today);
  const at = nowIso(now);
  const random = generator(20_26);
  // Larger chapters first: Kolkata, Mumbai, Delhi and Chennai carry more members than the rest.
  const weights = chapters.map((_, i) => (i % 4 === 0 ? 3 : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  // Demo members are known by their e-mail domain: a chapter that has them gets none again.
  const existing = new Set(
    (
      await db
        .selectFrom('members')
        .select('chapter_id')
        .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
        .groupBy('chapter_id')
        .execute()
    ).map((r) => r.chapter_id),
  );
  let added = 0;
  for (const [index, chapter] of chapters.entries()) {
    const share = Math.round((count * weights[index]) / totalWeight);
    if (existing.has(chapter.id) || share === 0) continue;
    // Numbers continue after the chapter's members (joining's admissions), and its sequence moves past them.
    const prefix = `NIPM/${chapter.code}/`;
    const before = Number(
      (
        await db
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_number', 'like', `${prefix}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const sequenced = await db
      .selectFrom('member_number_sequences')
      .select('last_number')
      .where('chapter_id', '=', chapter.id)
      .executeTakeFirst();
    const start = Math.max(before, Number(sequenced?.last_number ?? 0)) + 1;
    const rows: NewMember[] = [];
    for (let n = start; n < start + share; n++) {
      const classCode = pickClass(random());
      const admittedYear = current - Math.floor(random() ** 1.6 * 40);
      const admittedOn = `${admittedYear}-${String(4 + Math.floor(random() * 9)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const standing = random();
      const paid =
        classCode === 'life'
          ? null
          : standing < 0.72
            ? current
            : standing < 0.85
              ? current - 1
              : current - 2 - Math.floor(random() * 4);
      const first = FIRST[Math.floor(random() * FIRST.length)];
      const last = LAST[Math.floor(random() * LAST.length)];
      const number = `${prefix}${String(n).padStart(5, '0')}`;
      rows.push({
        member_number: number,
        membership_class: classCode,
        chapter_id: chapter.id,
        title: null,
        first_name: first,
        last_name: last,
        email: `${first}.${last}.${chapter.code}${n}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
        phone: `+91 9${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
        date_of_birth: null,
        address: null,
        city: null,
        state: null,
        pincode: null,
        qualification: 'MBA (HR)',
        organisation: ORGS[Math.floor(random() * ORGS.length)],
        designation: DESIGNATIONS[Math.floor(random() * DESIGNATIONS.length)],
        experience_years: 2 + Math.floor(random() * 30),
        admitted_on: admittedOn > today ? today : admittedOn,
        paid_through_year: paid === null ? null : Math.max(paid, financialYearStart(admittedOn) - 1),
        created_at: at,
        updated_at: at,
      });
    }
    for (let i = 0; i < rows.length; i += BATCH) {
      const inserted = await db
        .insertInto('members')
        .values(rows.slice(i, i + BATCH))
        .returning([
          'id',
          'membership_class',
          'paid_through_year',
          'admitted_on',
          'first_name',
          'last_name',
          'email',
          'chapter_id',
        ])
        .execute();
      await seedPayments(db, inserted, current, random, at);
      added += inserted.length;
    }
    const last = start + share - 1;
    await db
      .insertInto('member_number_sequences')
      .values({ chapter_id: chapter.id, last_number: last })
      .onConflict((oc) => oc.column('chapter_id').doUpdateSet({ last_number: last }))
      .execute();
  }
  return added;
}

/** Verified renewal payments of the last five years each member paid, with receipts numbered after any real ones. */
async function seedPayments(
  db: DB,
  members: {
    id: number;
    membership_class: MembershipClassCode;
    paid_through_year: number | null;
    admitted_on: string;
    first_name: string;
    last_name: string;
    email: string;
    chapter_id: number;
  }[],
  current: number,
  random: () => number,
  at: string,
): Promise<void> {
  const institute = SAMPLE_PAYMENT_SETTINGS.institute;
  // Receipt numbers continue each year's sequence: a block per year is taken in one statement.
  const needed = new Map<string, number>();
  for (const member of members) {
    if (member.paid_through_year === null) continue;
    for (
      let year = Math.max(current - 4, financialYearStart(member.admitted_on));
      year <= Number(member.paid_through_year);
      year++
    ) {
      const fy = financialYearLabel(year);
      needed.set(fy, (needed.get(fy) ?? 0) + 1);
    }
  }
  const next = new Map<string, number>();
  for (const [fy, n] of needed) {
    const row = await db
      .insertInto('receipt_sequences')
      .values({ financial_year: fy, last_number: n })
      .onConflict((oc) =>
        oc.column('financial_year').doUpdateSet((eb) => ({ last_number: eb('receipt_sequences.last_number', '+', n) })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    next.set(fy, row.last_number - n + 1);
  }
  const reserve = async (fy: string) => {
    const value = next.get(fy)!;
    next.set(fy, value + 1);
    return value;
  };
  const payments: Insertable<Database['payments']>[] = [];
  const renewals: { year: number; memberId: number; classCode: MembershipClassCode; amount: number }[] = [];
  for (const member of members) {
    if (member.paid_through_year === null) continue;
    const from = Math.max(current - 4, financialYearStart(member.admitted_on));
    for (let year = from; year <= Number(member.paid_through_year); year++) {
      const amount = DEMO_FEES[member.membership_class];
      const fy = financialYearLabel(year);
      const number = `NIPM/RCPT/${fy}/${String(await reserve(fy)).padStart(6, '0')}`;
      const month = 4 + Math.floor(random() * 3);
      const paidOn = `${year}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const mode = MODES[Math.floor(random() * MODES.length)];
      // References are unique per mode (as real ones are): counted, not drawn.
      const serial = ++references.count;
      const reference =
        mode === 'upi'
          ? String(100_000_000_000 + serial)
          : mode === 'bank_transfer'
            ? `DEMO${String(serial).padStart(10, '0')}`
            : String(100000 + (serial % 900000));
      const label = `Annual subscription ${fy} (${MEMBERSHIP_CLASS_LABELS[member.membership_class]} member)`;
      payments.push({
        purpose: 'membership_renewal',
        subject_id: member.id,
        chapter_id: member.chapter_id,
        payer_name: `${member.first_name} ${member.last_name}`,
        payer_email: member.email,
        mode,
        reference: `${reference}`,
        reference_key: paymentReferenceKey(mode, reference),
        amount,
        paid_on: paidOn,
        state: 'verified',
        note: null,
        reported_at: `${paidOn}T06:00:00.000Z`,
        decided_by: null,
        decided_at: `${paidOn}T10:00:00.000Z`,
        receipt_number: number,
        receipt_financial_year: fy,
        receipt: JSON.stringify({
          number,
          financialYear: fy,
          date: paidOn,
          institute,
          payer: { name: `${member.first_name} ${member.last_name}`, email: member.email },
          purpose: 'membership_renewal',
          purposeLabel: 'Membership renewal',
          subjectLabel: null,
          lines: [
            { kind: 'item', label, amount },
            { kind: 'total', label: 'Total', amount },
          ],
          total: amount,
          totalInWords: amountInIndianWords(amount),
          mode,
          modeLabel: mode,
          reference,
          paidOn,
        }),
      });
      renewals.push({ year, memberId: member.id, classCode: member.membership_class, amount });
    }
  }
  for (let i = 0; i < payments.length; i += BATCH) {
    const ids = await db
      .insertInto('payments')
      .values(payments.slice(i, i + BATCH))
      .returning('id')
      .execute();
    await db
      .insertInto('member_renewals')
      .values(
        ids.map((row, k) => {
          const r = renewals[i + k];
          const quote = {
            classCode: r.classCode,
            years: [{ year: r.year, label: financialYearLabel(r.year), amount: r.amount }],
            subtotal: r.amount,
            gstRatePercent: null,
            gst: 0,
            total: r.amount,
          };
          return {
            payment_id: row.id,
            member_id: r.memberId,
            first_year: r.year,
            last_year: r.year,
            quote: JSON.stringify(quote),
            created_at: at,
            verified: 1,
          };
        }),
      )
      .execute();
  }
}
