import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { MEMBERSHIP_CLASS_LABELS } from '../../../lib/membership-classes';
import type { MembershipClassCode } from '../../../lib/membership-classes';
import { writeAudit } from '../audit/audit';
import { releaseCoupon } from '../money';
import { guardianLink } from './guardian';
import {
  CLOSED_WITHOUT_GUARDIAN_NOTE,
  GUARDIAN_CLOSE_DAYS,
  guardianWaitCutoffs,
  guardianWaitStep,
} from './guardian-waiting-rules';
import { MEMBERSHIP_PURPOSE } from './payments';
import { hashToken, moveState, newStatusToken, recordEvent } from './records';

/**
 * The daily `guardian-waiting` job (DPDP Act 2023, section 9): a parent or guardian who has not
 * consented after 7 days is reminded once; after 30 days the application is closed (withdrawn, with
 * the reason in its history and on the applicant's page), both are told and the link stops working.
 * Nothing was paid while it waited (no payment is taken in `awaiting_guardian`), so no refund is
 * owed; the closed application is then erased by the retention job like any withdrawn one.
 *
 * Each step is claimed by one conditional update on `guardian_consents` (`reminded_at`, `closed_at`,
 * both only while `given_at` is empty), so a second run, a second server or a consent given at the
 * same moment never makes it happen twice, nor closes an application its guardian just consented to.
 */

interface Waiting {
  application_id: number;
  guardian_name: string;
  guardian_email: string;
  requested_at: string;
  reminded_at: string | null;
  reference: string;
  first_name: string;
  last_name: string;
  email: string;
  class_code: MembershipClassCode;
}

function waitingRequests(db: DB, requestedBefore: string): Promise<Waiting[]> {
  return db
    .selectFrom('guardian_consents as g')
    .innerJoin('applications as a', 'a.id', 'g.application_id')
    .select([
      'g.application_id',
      'g.guardian_name',
      'g.guardian_email',
      'g.requested_at',
      'g.reminded_at',
      'a.reference',
      'a.first_name',
      'a.last_name',
      'a.email',
      'a.class_code',
    ])
    .where('a.state', '=', 'awaiting_guardian')
    .where('g.given_at', 'is', null)
    .where('g.closed_at', 'is', null)
    .where('g.requested_at', '<=', requestedBefore)
    .orderBy('g.application_id')
    .execute() as Promise<Waiting[]>;
}

export function guardianReminderMail(siteUrl: string, token: string, row: Waiting): MailMessage {
  return {
    to: row.guardian_email,
    subject: `Reminder: your consent for ${row.first_name} ${row.last_name}'s NIPM application ${row.reference}`,
    text: [
      `Dear ${row.guardian_name},`,
      '',
      `A week ago ${row.first_name} ${row.last_name} applied for ${MEMBERSHIP_CLASS_LABELS[row.class_code]} membership of the National Institute of Personnel Management (application ${row.reference}) and named you as their parent or guardian. As they are under 18, the application waits for your consent (Digital Personal Data Protection Act 2023, section 9).`,
      '',
      'Read what we keep and why, and give or refuse your consent, here (this link replaces the one in our first e-mail):',
      '',
      guardianLink(siteUrl, token),
      '',
      `If you do not consent within ${GUARDIAN_CLOSE_DAYS} days of the application, it is closed and ${row.first_name} may apply again. If you do not know this applicant, ignore this e-mail.`,
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
}

function closedMails(row: Waiting): MailMessage[] {
  const sign = ['', 'National Institute of Personnel Management'];
  return [
    {
      to: row.email,
      subject: `NIPM membership application ${row.reference}: closed without a parent's or guardian's consent`,
      text: [
        `Dear ${row.first_name} ${row.last_name},`,
        '',
        `Your application ${row.reference} was closed because no parent or guardian consented to it within ${GUARDIAN_CLOSE_DAYS} days (${row.guardian_name} was asked twice). You paid nothing for it, so nothing is owed to you.`,
        '',
        'You may apply again at any time, with a parent or guardian who can consent, or on your own once you are 18.',
        ...sign,
      ].join('\n'),
    },
    {
      to: row.guardian_email,
      subject: `NIPM application ${row.reference} closed: no consent needed any more`,
      text: [
        `Dear ${row.guardian_name},`,
        '',
        `${row.first_name} ${row.last_name}'s application ${row.reference} was closed because we did not receive your consent within ${GUARDIAN_CLOSE_DAYS} days. The links we sent you no longer work, and nothing more is needed from you.`,
        ...sign,
      ].join('\n'),
    },
  ];
}

/**
 * The reminder: a fresh link replaces the first one. The token is kept only as its hash, so the
 * first link cannot be sent again; one live link (rather than two) keeps a single way into a
 * child's application, and the guardian is told the new link replaces the old one.
 */
async function remind(db: DB, row: Waiting, ctx: { mailer: Mailer; siteUrl: string; now: Date }): Promise<boolean> {
  const token = newStatusToken();
  const claimed = await db
    .updateTable('guardian_consents')
    .set({ token_hash: hashToken(token), reminded_at: nowIso(ctx.now) })
    .where('application_id', '=', row.application_id)
    .where('reminded_at', 'is', null)
    .where('given_at', 'is', null)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  await writeAudit(db, {
    action: 'application.guardian_reminded',
    at: ctx.now,
    entity: 'application',
    entityId: row.application_id,
    detail: { reference: row.reference },
  });
  await ctx.mailer.send(guardianReminderMail(ctx.siteUrl, token, row));
  return true;
}

/** Thrown inside the transaction when the applicant withdrew meanwhile: roll back the claim. */
class AlreadyClosed extends Error {}

async function close(db: DB, row: Waiting, ctx: { mailer: Mailer; now: Date }): Promise<boolean> {
  const closed = await db
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable('guardian_consents')
        .set({ closed_at: nowIso(ctx.now) })
        .where('application_id', '=', row.application_id)
        .where('given_at', 'is', null)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const moved = await moveState(trx, row.application_id, 'awaiting_guardian', 'withdrawn', ctx.now, {
        decision_note: CLOSED_WITHOUT_GUARDIAN_NOTE,
      });
      if (!moved) throw new AlreadyClosed();
      await releaseCoupon(trx, { purpose: MEMBERSHIP_PURPOSE, subjectId: row.application_id }, ctx.now);
      await recordEvent(
        trx,
        {
          applicationId: row.application_id,
          from: 'awaiting_guardian',
          to: 'withdrawn',
          actorUserId: null,
          note: CLOSED_WITHOUT_GUARDIAN_NOTE,
        },
        ctx.now,
      );
      await writeAudit(trx, {
        action: 'application.closed_without_guardian',
        at: ctx.now,
        entity: 'application',
        entityId: row.application_id,
        detail: { reference: row.reference, after: { state: 'withdrawn' } },
      });
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyClosed) return false;
      throw error;
    });
  if (closed) for (const mail of closedMails(row)) await ctx.mailer.send(mail);
  return closed;
}

export async function runGuardianWaiting(
  db: DB,
  ctx: { mailer: Mailer; siteUrl: string },
  now: Date,
): Promise<{ reminded: number; closed: number }> {
  const run = { reminded: 0, closed: 0 };
  const due = await waitingRequests(db, guardianWaitCutoffs(now).remindBefore);
  for (const row of due) {
    const step = guardianWaitStep(
      { requestedAt: row.requested_at, remindedAt: row.reminded_at, givenAt: null, closedAt: null },
      now,
    );
    if (step === 'remind' && (await remind(db, row, { ...ctx, now }))) run.reminded++;
    if (step === 'close' && (await close(db, row, { ...ctx, now }))) run.closed++;
  }
  return run;
}
