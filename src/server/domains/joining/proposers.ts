import type { DB } from '../../platform/db';
import { financialYearStart, kolkataDate } from '../../../lib/financial-year';
import { PROPOSED_CLASSES, type ApplicationInputValue } from '../../../lib/schemas/membership';
import { PROPOSER_CHECKS_PER_ADDRESS } from '../../../lib/constants';
import { admit, pruneThrottle } from '../identity/throttle';
import { tooMany } from '../errors';
import { isActiveMember, type Queryable } from './records';

/**
 * The rules a proposer or seconder must meet: a member of that number, not the applicant, Corporate
 * or Life, active this financial year. Checked on submission, and as soon as the applicant types
 * the number (`checkProposerNumber`), so a wrong number is found before the documents step.
 */

type ProposerRow = { member_number: string; membership_class: string; paid_through_year: number | null; email: string };

function proposerProblem(
  member: ProposerRow | undefined,
  number: string,
  who: 'proposer' | 'seconder',
  applicantEmail: string | undefined,
  currentYear: number,
): string | null {
  if (!member) return `No member has the number ${number}. Check it with your ${who}.`;
  if (applicantEmail && member.email.toLowerCase() === applicantEmail.toLowerCase())
    return 'You cannot propose or second yourself.';
  if (member.membership_class !== 'corporate' && member.membership_class !== 'life')
    return `Your ${who} must be a Corporate or Life member.`;
  if (!isActiveMember(member, currentYear)) return `Your ${who}'s membership is not active this year.`;
  return null;
}

async function membersByNumber(db: Queryable, numbers: string[]) {
  const members = numbers.length
    ? await db
        .selectFrom('members')
        .select(['member_number', 'membership_class', 'paid_through_year', 'email'])
        .where('member_number', 'in', numbers)
        .execute()
    : [];
  return new Map(members.map((m) => [m.member_number.toUpperCase(), m]));
}

export async function checkProposers(
  db: Queryable,
  input: ApplicationInputValue,
  today: string,
): Promise<Record<string, string>> {
  if (!PROPOSED_CLASSES.includes(input.classCode)) return {};
  const byNumber = await membersByNumber(
    db,
    [input.proposerNumber, input.seconderNumber].filter((n): n is string => Boolean(n)),
  );
  const currentYear = financialYearStart(today);
  const fields: Record<string, string> = {};
  for (const [field, number, who] of [
    ['proposerNumber', input.proposerNumber, 'proposer'],
    ['seconderNumber', input.seconderNumber, 'seconder'],
  ] as const) {
    if (!number) continue;
    const problem = proposerProblem(byNumber.get(number), number, who, input.email, currentYear);
    if (problem) fields[field] = problem;
  }
  return fields;
}

/** Checks per client address and hour: enough for any applicant's typing, too few to walk the register. */
const CHECK_WINDOW_MS = 60 * 60 * 1000;

/**
 * One number checked as the applicant types it: whether it may propose or second, and if not, the
 * message the submission would give. Answers nothing about the member beyond that (not the name).
 */
export async function checkProposerNumber(
  db: DB,
  query: { number: string; role: 'proposer' | 'seconder'; email?: string },
  ctx: { now: Date; ip: string },
): Promise<{ valid: boolean; message: string | null }> {
  const rule = {
    key: `proposer-check:${ctx.ip}`,
    limit: PROPOSER_CHECKS_PER_ADDRESS,
    windowMs: CHECK_WINDOW_MS,
    lockMs: CHECK_WINDOW_MS,
  };
  await pruneThrottle(db, ctx.now, [rule.key]);
  const admission = await admit(db, [rule], ctx.now);
  if (!admission.ok) throw tooMany(admission.retryAfterSeconds, 'Too many checks from this address. Try again later.');
  const number = query.number.trim().toUpperCase();
  const byNumber = await membersByNumber(db, [number]);
  const problem = proposerProblem(
    byNumber.get(number),
    number,
    query.role,
    query.email,
    financialYearStart(kolkataDate(ctx.now)),
  );
  return { valid: problem === null, message: problem };
}
