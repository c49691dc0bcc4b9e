import { ADULT_AGE } from './constants';

/**
 * Children's applications (DPDP Act 2023, section 9): who needs a parent's or guardian's consent,
 * and the guardian's fields the form then asks. Client-safe: the form checks with the browser's
 * date, the server again with its own.
 */

/** Whole years of age on `today` (both `YYYY-MM-DD`): the birthday itself counts. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether an applicant born on `dateOfBirth` needs a parent's or guardian's consent on `today` (DPDP Act, section 9). */
export function needsGuardian(dateOfBirth: string | undefined, today: string): boolean {
  return Boolean(dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) && ageOn(dateOfBirth, today) < ADULT_AGE);
}

/** The guardian's fields when the applicant is under 18 on `today` (the server checks with its own date). */
export function guardianIssues(
  value: { dateOfBirth?: string; email?: string; guardianName?: string; guardianEmail?: unknown },
  today: string,
): { path: 'guardianName' | 'guardianEmail'; message: string }[] {
  if (!needsGuardian(value.dateOfBirth, today)) return [];
  const issues: ReturnType<typeof guardianIssues> = [];
  const email = typeof value.guardianEmail === 'string' ? value.guardianEmail.trim().toLowerCase() : '';
  if (!value.guardianName?.trim())
    issues.push({ path: 'guardianName', message: 'Enter the name of your parent or guardian.' });
  if (!email) issues.push({ path: 'guardianEmail', message: 'Enter the e-mail of your parent or guardian.' });
  else if (email === value.email?.trim().toLowerCase())
    issues.push({ path: 'guardianEmail', message: 'Give your parent’s or guardian’s own e-mail, not yours.' });
  return issues;
}
