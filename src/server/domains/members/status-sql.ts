import { sql, type RawBuilder } from 'kysely';
import { financialYearStart } from '../../../lib/financial-year';
import { renewalPhase, type MemberStatus } from '../../../lib/member-status';

/**
 * The status rule of `memberStatus` (src/lib/member-status.ts) as one SQL expression over the
 * `members` row, so the register filters, counts and sorts by status in the database on both
 * dialects. Today's year and phase are constants of the query (numbers and a fixed word, written as
 * literals); the tests check it agrees with `memberStatus` row by row.
 */
export function memberStatusSql(today: string, table = 'members'): RawBuilder<MemberStatus> {
  const current = financialYearStart(today);
  const phase = renewalPhase(today);
  const col = (name: string) => sql.ref(`${table}.${name}`);
  const effectivePaid = sql`coalesce(${col('paid_through_year')}, case when ${col('admitted_on')} >= ${sql.lit(
    `${current}-04-01`,
  )} then ${sql.lit(current - 1)} end)`;
  const lastYearOnly = phase === 'grace' ? 'active' : phase;
  return sql<MemberStatus>`(case when ${col('membership_class')} = 'life' then 'active' when ${effectivePaid} >= ${sql.lit(
    current,
  )} then 'active' when ${effectivePaid} = ${sql.lit(current - 1)} then ${sql.lit(lastYearOnly)} else 'lapsed' end)`;
}

/**
 * "The status is `status` on `today`" as a condition on the stored columns rather than on the CASE
 * above: each status is a range of `paid_through_year` (with the class and, for members admitted
 * this year, the admission date), so the status index answers the filter and its count. Agrees with
 * `memberStatus` row by row (tested on every boundary).
 */
export function memberStatusCondition(status: MemberStatus, today: string, table = 'members'): RawBuilder<boolean> {
  const current = financialYearStart(today);
  const phase = renewalPhase(today);
  const col = (name: string) => sql.ref(`${table}.${name}`);
  const paid = col('paid_through_year');
  const yearStart = sql.lit(`${current}-04-01`);
  const admittedThisYear = sql`(${paid} is null and ${col('admitted_on')} >= ${yearStart})`;
  const life = sql`${col('membership_class')} = 'life'`;
  const notLife = sql`${col('membership_class')} <> 'life'`;
  if (status === 'active') {
    return phase === 'grace'
      ? sql<boolean>`(${life} or ${paid} >= ${sql.lit(current - 1)} or ${admittedThisYear})`
      : sql<boolean>`(${life} or ${paid} >= ${sql.lit(current)})`;
  }
  if (status === 'defaulter') {
    return phase === 'defaulter'
      ? sql<boolean>`(${notLife} and (${paid} = ${sql.lit(current - 1)} or ${admittedThisYear}))`
      : sql<boolean>`(1 = 0)`;
  }
  return phase === 'lapsed'
    ? sql<boolean>`(${notLife} and (${paid} < ${sql.lit(current)} or ${paid} is null))`
    : sql<boolean>`(${notLife} and (${paid} < ${sql.lit(current - 1)} or (${paid} is null and ${col('admitted_on')} < ${yearStart})))`;
}
