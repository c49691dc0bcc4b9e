import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { financialYearLabel, financialYearStart } from '../../../lib/financial-year';
import { MEMBER_STATUS_LABELS, MEMBER_STATUSES } from '../../../lib/member-status';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS } from '../../../lib/membership-classes';
import { PAYMENT_MODE_LABELS, type PaymentMode } from '../../../lib/schemas/money';
import type { MembershipReport, ReportFilter } from '../../../lib/schemas/membership-reports';
import { memberStatusSql } from './status-sql';

/**
 * The super admin's membership report: totals by class, region, chapter and status (today, in
 * Kolkata), admissions and renewals per financial year, and the fees collected (verified payments)
 * per month and by mode in the chosen year. Every figure is a grouped query in the database.
 */
const YEARS_SHOWN = 5;

/** Members of the chosen chapters (all when the report is not filtered), without joining chapters. */
function members(db: DB, filter: ReportFilter, chapterIds: number[]) {
  const query = db.selectFrom('members');
  if (!filter.region && filter.chapterId === undefined) return query;
  return query.where('members.chapter_id', 'in', chapterIds.length ? chapterIds : [-1]);
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
  // Chapters are few: their names and regions are joined here, so the member counts come from one
  // pass over the covering index (chapter, class, paid year, admission) grouped by chapter, class and status.
  const chapters = await db.selectFrom('chapters').select(['id', 'name', 'region']).orderBy('name').execute();
  const chapterIds = chapters
    .filter((c) => (!filter.region || c.region === filter.region) && (filter.chapterId ?? c.id) === c.id)
    .map((c) => c.id);
  const counted = members(db, filter, chapterIds)
    .select([
      'members.chapter_id',
      'members.membership_class',
      status.as('status'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['members.chapter_id', 'members.membership_class', status]);
  let renewed = db
    .selectFrom('member_renewals as r')
    .where('r.verified', '=', 1)
    .where('r.last_year', '>=', firstYear)
    .where('r.first_year', '<=', year)
    // Grouped by the span paid, so a handful of rows come back whatever the number of renewals.
    .select(['r.first_year', 'r.last_year', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['r.first_year', 'r.last_year']);
  if (filter.region || filter.chapterId !== undefined) {
    renewed = renewed.where('r.member_id', 'in', members(db, filter, chapterIds).select('members.id'));
  }
  const [grouped, admissions, renewals, collected] = await Promise.all([
    counted.execute(),
    members(db, filter, chapterIds)
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
    renewed.execute(),
    // Month and mode in one pass over the covering index of verified payments by day.
    payments(db, filter, year)
      .select([
        sql<string>`substr(payments.paid_on, 1, 7)`.as('month'),
        'payments.mode',
        (eb) => eb.fn.sum<number>('payments.amount').as('amount'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy([sql`substr(payments.paid_on, 1, 7)`, 'payments.mode'])
      .execute(),
  ]);
  const sum = (rows: { key: string; n: number }[]) => {
    const totals = new Map<string, number>();
    for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + row.n);
    return totals;
  };
  const regionOf = new Map(chapters.map((c) => [c.id, c.region]));
  const counts = grouped.map((g) => ({ ...g, n: Number(g.n) }));
  const classCounts = sum(counts.map((g) => ({ key: g.membership_class, n: g.n })));
  const statusCounts = sum(counts.map((g) => ({ key: String(g.status), n: g.n })));
  const regionCounts = sum(counts.map((g) => ({ key: String(regionOf.get(g.chapter_id)), n: g.n })));
  const chapterCounts = sum(counts.map((g) => ({ key: String(g.chapter_id), n: g.n })));
  const byRegion = [...regionCounts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => ({ key, n }));
  const byChapter = chapters
    .filter((c) => chapterCounts.has(String(c.id)))
    .map((c) => ({ key: c.id, name: c.name, n: chapterCounts.get(String(c.id)) ?? 0 }));
  const months = sum(collected.map((c) => ({ key: String(c.month), n: Number(c.n) }))).entries();
  const monthAmounts = sum(collected.map((c) => ({ key: String(c.month), n: Number(c.amount ?? 0) })));
  const monthRows = new Map([...months].map(([key, n]) => [key, { amount: monthAmounts.get(key) ?? 0, n }]));
  const modeCounts = sum(collected.map((c) => ({ key: String(c.mode), n: Number(c.n) })));
  const modeAmounts = sum(collected.map((c) => ({ key: String(c.mode), n: Number(c.amount ?? 0) })));
  const modes = [...modeCounts.entries()].map(([key, n]) => ({ key, n, amount: modeAmounts.get(key) ?? 0 }));
  const admitted = countOf(admissions);
  const renewedPerYear = new Map<number, number>();
  for (const r of renewals) {
    for (let y = Math.max(Number(r.first_year), firstYear); y <= Math.min(Number(r.last_year), year); y++) {
      renewedPerYear.set(y, (renewedPerYear.get(y) ?? 0) + Number(r.n));
    }
  }
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
