import { sql } from 'kysely';
import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import type { ReminderKind } from '../../../platform/db/schema';
import type { Mailer } from '../../../platform/mail/mailer';
import { financialYearLabel, financialYearStart } from '../../../../lib/financial-year';
import { AudienceError, sendNotification } from '../../notifications/notifications';

/**
 * Renewal reminders, sent by a daily job: on 1 March (the coming year is due), 1 June (the last month
 * before defaulting), 1 July (defaulter) and 1 October (lapsed) to each member who has not paid the
 * year in question, a notice and an e-mail. The job may run on several servers at once, or twice:
 * each send is first claimed by inserting its key (member, financial year, kind) into
 * `reminder_sends` with `ON CONFLICT DO NOTHING ... RETURNING`, in one statement, so exactly one run
 * gets each member back and sends to them. A day missed is made up by the next run in the same window
 * (a run on 3 July still sends the defaulter reminders of that year). A claim whose sending then
 * fails is not retried: a reminder is sent at most once.
 */

export interface ReminderWindow {
  kind: ReminderKind;
  /** The financial year the reminder is about (start year). */
  financialYear: number;
}

/** Which reminder a date's run sends, and for which year. */
export function reminderWindow(on: string): ReminderWindow {
  const month = Number(on.slice(5, 7));
  const year = financialYearStart(on);
  if (month === 3) return { kind: 'due', financialYear: year + 1 };
  if (month === 4 || month === 5) return { kind: 'due', financialYear: year };
  if (month === 6) return { kind: 'last_month', financialYear: year };
  if (month >= 7 && month <= 9) return { kind: 'defaulter', financialYear: year };
  return { kind: 'lapsed', financialYear: year };
}

export function reminderText(kind: ReminderKind, financialYear: number, siteUrl: string) {
  const label = financialYearLabel(financialYear);
  const link = '/member/memberdetail';
  const renew = `Renew on your member page: ${siteUrl}${link}`;
  const texts: Record<ReminderKind, { title: string; message: string }> = {
    due: {
      title: `Your ${label} subscription is due`,
      message: `Your NIPM membership subscription for ${label} is due from 1 April. ${renew}`,
    },
    last_month: {
      title: `Last month to renew for ${label}`,
      message: `Your subscription for ${label} is unpaid. Members who have not renewed by 30 June become defaulters on 1 July. ${renew}`,
    },
    defaulter: {
      title: `Your ${label} subscription is overdue`,
      message: `Your subscription for ${label} is unpaid, so your membership is in arrears. It lapses on 1 October unless renewed. ${renew}`,
    },
    lapsed: {
      title: 'Your membership has lapsed',
      message: `Your subscription for ${label} was not paid by 30 September, so your membership has lapsed. You can restore it by paying the unpaid years. ${renew}`,
    },
  };
  return { ...texts[kind], link };
}

/** Members claimed per statement: each claim is one INSERT ... SELECT. */
export const REMINDER_BATCH = 500;

export interface ReminderRun extends ReminderWindow {
  sent: number;
}

/**
 * Runs the reminders of `on` (a Kolkata date, `YYYY-MM-DD`). Reminded: members other than Life whose
 * last paid year is the one before the year in question (a member lapsed for longer was told so in
 * an earlier year).
 */
export async function runReminders(
  db: DB,
  input: { on: string; mailer: Mailer; siteUrl: string; now: Date; signal?: AbortSignal },
): Promise<ReminderRun> {
  const window = reminderWindow(input.on);
  const { kind, financialYear } = window;
  const text = reminderText(kind, financialYear, input.siteUrl);
  const at = nowIso(input.now);
  let sent = 0;
  // Stopped only between batches: every member claimed is sent to before the run ends.
  while (!input.signal?.aborted) {
    const claimed = await db
      .insertInto('reminder_sends')
      .columns(['member_id', 'financial_year', 'kind', 'sent_at'])
      .expression(
        db
          .selectFrom('members')
          .select([
            'members.id as member_id',
            sql<number>`cast(${financialYear} as integer)`.as('financial_year'),
            sql<ReminderKind>`cast(${kind} as varchar(20))`.as('kind'),
            sql<string>`cast(${at} as varchar(30))`.as('sent_at'),
          ])
          .where('members.membership_class', '!=', 'life')
          .where('members.paid_through_year', '=', financialYear - 1)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('reminder_sends as s')
                  .select('s.member_id')
                  .whereRef('s.member_id', '=', 'members.id')
                  .where('s.financial_year', '=', financialYear)
                  .where('s.kind', '=', kind),
              ),
            ),
          )
          .orderBy('members.id')
          .limit(REMINDER_BATCH),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('member_id')
      .execute();
    if (claimed.length === 0) break;
    const members = await db
      .selectFrom('members')
      .select(['id', 'member_number', 'email', 'first_name', 'last_name'])
      .where(
        'id',
        'in',
        claimed.map((c) => c.member_id),
      )
      .orderBy('id')
      .execute();
    for (const member of members) {
      await sendReminder(db, input, member, text);
      sent++;
    }
  }
  return { ...window, sent };
}

async function sendReminder(
  db: DB,
  input: { mailer: Mailer; now: Date },
  member: { id: number; member_number: string; email: string; first_name: string; last_name: string },
  text: { title: string; message: string; link: string },
): Promise<void> {
  try {
    await sendNotification(
      db,
      { senderId: null, ...text, audience: { type: 'member', id: member.member_number } },
      input.now,
    );
  } catch (error) {
    // A member without an active account still gets the e-mail.
    if (!(error instanceof AudienceError)) throw error;
  }
  try {
    await input.mailer.send({
      to: member.email,
      subject: `NIPM: ${text.title}`,
      text: [
        `Dear ${member.first_name} ${member.last_name},`,
        '',
        text.message,
        '',
        `Member number: ${member.member_number}`,
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    });
  } catch (error) {
    console.error('[reminders] e-mail failed', member.id, error);
  }
}
