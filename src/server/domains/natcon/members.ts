import type { DB } from '../../platform/db';
import { financialYearStart, kolkataDate } from '../../../lib/financial-year';

/**
 * Whether a member is current for a member's rate: Life members always are; others while the
 * financial year of today (in Kolkata) is paid. The `members` branch brings the full status rule
 * (`src/lib/member-status.ts`); this is the part of it NATCON needs.
 */
export function isCurrentMember(
  member: { membership_class: string; paid_through_year: number | null },
  now: Date,
): boolean {
  if (member.membership_class === 'life') return true;
  return member.paid_through_year !== null && member.paid_through_year >= financialYearStart(kolkataDate(now));
}

export type MemberRateCheck =
  { ok: true; memberId: number; chapterId: number } | { ok: false; field: 'memberNumber' | 'email'; message: string };

/** A member's rate needs the member number and the e-mail on that record, of a current member. */
export async function checkMemberRate(
  db: DB,
  memberNumber: string | null | undefined,
  email: string,
  now: Date,
): Promise<MemberRateCheck> {
  const number = (memberNumber ?? '').trim();
  if (!number) return { ok: false, field: 'memberNumber', message: 'Enter the member number for the member’s rate.' };
  const member = await db
    .selectFrom('members')
    .select(['id', 'chapter_id', 'email', 'membership_class', 'paid_through_year'])
    .where((eb) => eb(eb.fn('upper', ['member_number']), '=', number.toUpperCase()))
    .executeTakeFirst();
  // One message for an unknown number and a wrong e-mail, so the form cannot be used to look up members.
  if (!member || member.email.toLowerCase() !== email.toLowerCase()) {
    return {
      ok: false,
      field: 'email',
      message: 'This e-mail is not the one on that member’s record: use the e-mail the institute has.',
    };
  }
  if (!isCurrentMember(member, now)) {
    return {
      ok: false,
      field: 'memberNumber',
      message: 'This membership is not current: renew it for the member’s rate, or choose another category.',
    };
  }
  return { ok: true, memberId: member.id, chapterId: member.chapter_id };
}
