import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import { conflict } from '../errors';
import { kolkataDate, financialYearLabel } from '../../../lib/financial-year';
import { MEMBERSHIP_CLASS_LABELS } from '../../../lib/membership-classes';
import type { MailMessage } from '../../platform/mail/mailer';
import { RESET_PATH } from '../identity/password-reset';
import { writeAudit } from '../audit/audit';
import { isUniqueViolation } from '../../platform/db/errors';
import { hashToken, moveState, notifyUsers, recordEvent, type ApplicationRow, type Queryable } from './records';
import { chapterPhrase, withArticle } from '../../../lib/wording';

/** How long the new member's set-password link lasts: long enough for an e-mail read after a holiday. */
export const SET_PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** `NIPM/KOL/00042`. */
export function memberNumber(chapterCode: string, sequence: number): string {
  return `NIPM/${chapterCode}/${String(sequence).padStart(5, '0')}`;
}

/**
 * The next number of a chapter in ONE statement: the upsert takes the row's lock on PostgreSQL
 * and SQLite runs one write transaction at a time, so simultaneous approvals get distinct,
 * consecutive numbers. A chapter's first number follows the members it already has.
 */
async function nextMemberSequence(trx: Queryable, chapterId: number, prefix: string): Promise<number> {
  const row = await trx
    .insertInto('member_number_sequences')
    .values({
      chapter_id: chapterId,
      last_number: sql<number>`(select count(*) + 1 from members where member_number like ${prefix + '%'})`,
    })
    .onConflict((oc) =>
      oc.column('chapter_id').doUpdateSet({ last_number: sql<number>`member_number_sequences.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * The chapter's next number that no member holds yet. Imported registers keep their legacy numbers,
 * some of which already have this form, so the sequence steps past any number an import took.
 */
export async function freeMemberNumber(trx: Queryable, chapterId: number, chapterCode: string): Promise<string> {
  const prefix = `NIPM/${chapterCode}/`;
  for (;;) {
    const number = memberNumber(chapterCode, await nextMemberSequence(trx, chapterId, prefix));
    const taken = await trx.selectFrom('members').select('id').where('member_number', '=', number).executeTakeFirst();
    if (!taken) return number;
  }
}

/**
 * Admits the applicant in ONE transaction: the state recommended → approved (a conditional
 * update, so one approval wins), the member number, the member record paid through the year the
 * quote was for, a role-1 account without a usable password, a set-password link, a welcome
 * notice on the bell, the history entry and the audit entry. The e-mail is returned to be sent
 * after the commit.
 */
export async function approveApplication(
  db: DB,
  caller: AuthUser,
  application: ApplicationRow,
  ctx: { note: string | null; now: Date; ip: string; siteUrl: string },
): Promise<{ memberNumber: string; mail: MailMessage }> {
  const { now } = ctx;
  const at = nowIso(now);
  const token = randomBytes(32).toString('base64url');
  let number = '';
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await moveState(trx, application.id, 'recommended', 'approved', now, { decision_note: ctx.note }))) {
        throw conflict('This application is no longer "Recommended". Reload it to see its current state.');
      }
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', application.email)
        .executeTakeFirst();
      if (taken) {
        throw conflict(
          'An account already uses this e-mail. Ask the applicant for another e-mail or reject the application.',
        );
      }
      const chapter = await trx
        .selectFrom('chapters')
        .select(['code', 'name'])
        .where('id', '=', application.chapter_id)
        .executeTakeFirstOrThrow();
      number = await freeMemberNumber(trx, application.chapter_id, chapter.code);
      const member = await trx
        .insertInto('members')
        .values({
          member_number: number,
          membership_class: application.class_code,
          chapter_id: application.chapter_id,
          title: application.title,
          first_name: application.first_name,
          last_name: application.last_name,
          email: application.email,
          phone: application.phone,
          date_of_birth: application.date_of_birth,
          address: application.address,
          city: application.city,
          state: application.state_name,
          pincode: application.pincode,
          qualification: application.qualification,
          organisation: application.organisation,
          designation: application.designation,
          experience_years: application.experience_years,
          admitted_on: kolkataDate(now),
          paid_through_year: application.financial_year,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({
          email: application.email,
          // Not an argon2 hash: no password matches it until the member sets one through the link.
          password_hash: `!unset:${randomBytes(16).toString('hex')}`,
          name: `${application.first_name} ${application.last_name}`,
          image: null,
          role_id: 1,
          member_id: member.id,
          chapter_id: null,
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'token_version'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(token),
          user_id: user.id,
          expires_at: nowIso(new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS)),
          used_at: null,
          created_at: at,
          token_version: user.token_version,
        })
        .execute();
      await trx.updateTable('applications').set({ member_id: member.id }).where('id', '=', application.id).execute();
      await recordEvent(
        trx,
        {
          applicationId: application.id,
          from: 'recommended',
          to: 'approved',
          actorUserId: caller.id,
          note: ctx.note ?? `Admitted as ${number}`,
        },
        now,
      );
      await notifyUsers(
        trx,
        {
          title: 'Welcome to NIPM',
          message: `You are admitted as ${withArticle(MEMBERSHIP_CLASS_LABELS[application.class_code])} member of the ${chapterPhrase(chapter.name)}. Your member number is ${number}.`,
          link: '/member/memberdetail',
          audience: { type: 'member', id: number },
          userIds: [user.id],
        },
        now,
      );
      await writeAudit(trx, {
        action: 'application.approved',
        at: now,
        actorUserId: caller.id,
        entity: 'application',
        entityId: application.id,
        ip: ctx.ip,
        detail: {
          before: { state: 'recommended' },
          after: { state: 'approved', memberNumber: number, memberId: member.id, userId: user.id },
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('An account or member record already uses this e-mail or number. Reload and try again.');
    throw error;
  }
  const link = new URL(`${RESET_PATH}?token=${encodeURIComponent(token)}`, ctx.siteUrl).toString();
  const mail: MailMessage = {
    to: application.email,
    subject: `Welcome to NIPM: your member number ${number}`,
    text: [
      `Dear ${application.first_name} ${application.last_name},`,
      '',
      `The National Council has approved your application ${application.reference}. You are admitted as ${withArticle(MEMBERSHIP_CLASS_LABELS[application.class_code])} member of NIPM, paid for ${financialYearLabel(application.financial_year)}.`,
      '',
      `Your member number: ${number}`,
      '',
      'Set the password of your member account with this link (valid for 7 days, once), then sign in with your e-mail address:',
      '',
      link,
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
  return { memberNumber: number, mail };
}
