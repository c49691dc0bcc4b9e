import type { DB } from '../../src/server/platform/db';
import { signApiToken } from '../../src/server/domains/identity/token';
import type { MembershipClassCode } from '../../src/lib/membership-classes';
import { TEST_SECRET } from '../support/api';
import { createMember, createUser, type CreatedUser } from '../support/fixtures';

/**
 * Helpers of the members tests (issue 10). Status depends on the date, so these tests move the API's
 * clock to the dates they mean; a user's token is signed at that clock, as a session begun then.
 */
export async function userAt(db: DB, now: Date, options: Parameters<typeof createUser>[1]): Promise<CreatedUser> {
  const user = await createUser(db, options);
  return { ...user, token: await signApiToken({ userId: user.id, tokenVersion: 0 }, TEST_SECRET, 8 * 3600, now) };
}

/** A member with the class, paid year and admission date a case needs (paid through 2026-27 unless said). */
export async function memberWith(
  db: DB,
  chapterId: number,
  values: {
    firstName: string;
    lastName?: string;
    classCode?: MembershipClassCode;
    paid?: number | null;
    admittedOn?: string;
    organisation?: string;
    phone?: string;
    email?: string;
  },
) {
  const row = await createMember(db, chapterId, {
    firstName: values.firstName,
    lastName: values.lastName ?? 'Sen',
    ...(values.email ? { email: values.email } : {}),
  });
  await db
    .updateTable('members')
    .set({
      membership_class: values.classCode ?? 'associate',
      paid_through_year: values.paid === undefined ? 2026 : values.paid,
      admitted_on: values.admittedOn ?? '2020-05-10',
      organisation: values.organisation ?? null,
      phone: values.phone ?? null,
    })
    .where('id', '=', row.id)
    .execute();
  return row;
}
