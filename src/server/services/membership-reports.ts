import { sql } from 'kysely';
import type { DB } from '../db';
import { financialYearLabel, financialYearStart } from '../../lib/financial-year';
import { MEMBER_STATUS_LABELS, MEMBER_STATUSES } from '../../lib/member-status';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS } from '../../lib/membership-classes';
import { PAYMENT_MODE_LABELS, type PaymentMode } from '../../lib/schemas/money';
import type { MembershipReport, ReportFilter } from '../../lib/schemas/membership-reports';
import { memberStatusSql } from './member-status-sql';

/**
 * The super admin's membership report: totals by class, region, chapter and status (today, in
 * Kolkata), admissions and renewals per financial year, and the fees collected (verified payments)
 * per month and by mode in the chosen year. Every figure is a grouped query in the database.
 */
const YEARS_SHOWN = 5;

function members(db: DB, filter: ReportFilter) {
  let query = db.selectFrom('members').innerJoin('chapters', 'chapters.id', 'members.chapter_id');
  if (filter.region) query = query.where('chapters.region', '=', filter.region);
  if (filter.chapterId !== undefined) query = query.where('members.chapter_id', '=', filter.chapterId);
  return query;
}

function payments(db: DB, filter: ReportFilter, year: number) {
  let query = db
    .selectFrom('payments')
    .where('payments.state', '=', 'verified')
    .where('payments.paid_on', '>=', `${year}-04-01`)
    .where('payments.paid_on', '<=', `${year + 1}-03-31`);
  if (filter.chapterId !== undefined) query = query.where('payments.chapter_id', '=', filter.chapterId);
  if (filter.region) {
    query = query.where('payments.chapter_id', 'in', (eb) =>
      eb.selectFrom('chapters').select('chapters.id').where('chapters.region', '=', filter.region!),
    );
  }
  return query;
}

const countOf = (rows: { key: unknown; n: unknown }[]) => new Map(rows.map((r) => [String(r.key), Number(r.n)]));

export async function membershipReport(db: DB, filter: ReportFilter, today: string): Promise<MembershipReport> {
  const year = filter.financialYear ?? financialYearStart(today);
  const status = memberStatusSql(today);
  const firstYear = year - YEARS_SHOWN + 1;
  const [byClass, byRegion, byChapter, byStatus, admissions, renewals, months, modes] = await Promise.all([
    members(db, filter)
      .select(['members.membership_class as key', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('members.membership_class')
      .execute(),
    members(db, filter)
      .select(['chapters.region as key', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('chapters.region')
      .orderBy('chapters.region')
      .execute(),
    members(db, filter)
      .select(['chapters.id as key', 'chapters.name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['chapters.id', 'chapters.name'])
      .orderBy('chapters.name')
      .execute(),
    members(db, filter)
      .select([status.as('key'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(status)
      .execute(),
    members(db, filter)
      .select([
        sql<number>`case when cast(substr(members.admitted_on, 6, 2) as integer) >= 4 then cast(substr(members.admitted_on, 1, 4) as integer) else cast(substr(members.admitted_on, 1, 4) as integer) - 1 end`.as(
          'key',
        ),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('members.admitted_on', '>=', `${firstYear}-04-01`)
      .where('members.admitted_on', '<=', `${year + 1}-03-31`)
      .groupBy(sql`1`)
      .execute(),
    members(db, filter)
      .innerJoin('member_renewals as r', 'r.member_id', 'members.id')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .where('p.state', '=', 'verified')
      .where('r.last_year', '>=', firstYear)
      .where('r.first_year', '<=', year)
      // Grouped by the span paid, so a handful of rows come back whatever the number of renewals.
      .select(['r.first_year', 'r.last_year', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['r.first_year', 'r.last_year'])
      .execute(),
    payments(db, filter, year)
      .select([
        sql<string>`substr(payments.paid_on, 1, 7)`.as('key'),
        (eb) => eb.fn.sum<number>('payments.amount').as('amount'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(sql`substr(payments.paid_on, 1, 7)`)
      .execute(),
    payments(db, filter, year)
      .select([
        'payments.mode as key',
        (eb) => eb.fn.sum<number>('payments.amount').as('amount'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy('payments.mode')
      .execute(),
  ]);
  const classCounts = countOf(byClass);
  const statusCounts = countOf(byStatus);
  const admitted = countOf(admissions);
  const renewedPerYear = new Map<number, number>();
  for (const r of renewals) {
    for (let y = Math.max(Number(r.first_year), firstYear); y <= Math.min(Number(r.last_year), year); y++) {
      renewedPerYear.set(y, (renewedPerYear.get(y) ?? 0) + Number(r.n));
    }
  }
  const monthRows = new Map(months.map((m) => [String(m.key), m]));
  const monthKeys = Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    return `${month >= 4 ? year : year + 1}-${String(month).padStart(2, '0')}`;
  });
  return {
    financialYear: financialYearLabel(year),
    asOf: today,
    total: [...classCounts.values()].reduce((a, b) => a + b, 0),
    byClass: MEMBERSHIP_CLASS_CODES.map((code) => ({
      key: code,
      label: MEMBERSHIP_CLASS_LABELS[code],
      count: classCounts.get(code) ?? 0,
    })),
    byRegion: byRegion.map((r) => ({ key: String(r.key), label: String(r.key), count: Number(r.n) })),
    byChapter: byChapter.map((r) => ({ key: String(r.key), label: r.name, count: Number(r.n) })),
    byStatus: MEMBER_STATUSES.map((s) => ({ key: s, label: MEMBER_STATUS_LABELS[s], count: statusCounts.get(s) ?? 0 })),
    years: Array.from({ length: YEARS_SHOWN }, (_, i) => firstYear + i).map((y) => ({
      financialYear: financialYearLabel(y),
      admissions: admitted.get(String(y)) ?? 0,
      renewals: renewedPerYear.get(y) ?? 0,
    })),
    months: monthKeys.map((month) => ({
      month,
      amount: Number(monthRows.get(month)?.amount ?? 0),
      count: Number(monthRows.get(month)?.n ?? 0),
    })),
    modes: modes.map((m) => ({
      mode: String(m.key),
      label: PAYMENT_MODE_LABELS[m.key as PaymentMode] ?? String(m.key),
      amount: Number(m.amount ?? 0),
      count: Number(m.n),
    })),
  };
}
