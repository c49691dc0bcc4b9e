import { sql, type RawBuilder } from 'kysely';
import { financialYearStart } from '../../lib/financial-year';
import { renewalPhase, type MemberStatus } from '../../lib/member-status';

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
