import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { MailMessage } from '../../platform/mail/mailer';
import { MEMBERSHIP_CLASS_LABELS } from '../../../lib/membership-classes';
import type { MembershipClassCode } from '../../../lib/membership-classes';
import { CURRENT_NOTICE_VERSION } from '../../../lib/schemas/privacy';
import { writeAudit } from '../audit/audit';
import { recordConsents } from '../privacy/consents';
import { conflict, notFound } from '../errors';
import { GUARDIAN_CLOSE_DAYS } from './guardian-waiting-rules';
import { hashToken, moveState, notifyUsers, parseQuote, recordEvent, type Queryable } from './records';

/**
 * Children's applications (DPDP Act 2023, section 9(1)): an applicant under 18 waits in
 * `awaiting_guardian` until the parent or guardian named on the form consents through the link
 * e-mailed to them. Their consent is recorded as the applicant's `membership` consent (method
 * `guardian_link`); only then does the application reach the chapter's admins and can it be paid.
 */

/** Tells the chapter's admins of a new application on their bell: at submission, or when a guardian consents. */
export async function announceApplication(
  trx: Queryable,
  application: {
    reference: string;
    firstName: string;
    lastName: string;
    classCode: MembershipClassCode;
    chapterId: number;
  },
  now: Date,
): Promise<void> {
  const admins = await trx
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', 4)
    .where('chapter_id', '=', application.chapterId)
    .where('active', '=', 1)
    .execute();
  await notifyUsers(
    trx,
    {
      title: 'New membership application',
      message: `${application.firstName} ${application.lastName} applied for ${MEMBERSHIP_CLASS_LABELS[application.classCode]} membership (${application.reference}).`,
      link: `/admin/membership?q=${application.reference}`,
      audience: { type: 'chapter', id: String(application.chapterId) },
      userIds: admins.map((a) => a.id),
    },
    now,
  );
}

export function guardianLink(siteUrl: string, token: string): string {
  return new URL(`/membership/guardian?token=${encodeURIComponent(token)}`, siteUrl).toString();
}

/** The e-mail that asks the guardian to consent: who applied, what is kept and why, the link. */
export function guardianMail(
  siteUrl: string,
  token: string,
  application: { reference: string; firstName: string; lastName: string; classCode: MembershipClassCode },
  guardian: { name: string; email: string },
): MailMessage {
  return {
    to: guardian.email,
    subject: `Your consent for ${application.firstName} ${application.lastName}'s NIPM application ${application.reference}`,
    text: [
      `Dear ${guardian.name},`,
      '',
      `${application.firstName} ${application.lastName} has applied for ${MEMBERSHIP_CLASS_LABELS[application.classCode]} membership of the National Institute of Personnel Management (application ${application.reference}) and named you as their parent or guardian.`,
      'As they are under 18, the law (Digital Personal Data Protection Act 2023, section 9) asks for your consent before we use their personal data to decide the application, keep their membership record, take the payment and issue receipts. The application waits until you give it.',
      '',
      'Read what we keep and why, and give or refuse your consent, here:',
      '',
      guardianLink(siteUrl, token),
      '',
      `The privacy notice (version ${CURRENT_NOTICE_VERSION}): ${new URL('/privacy', siteUrl).toString()}`,
      '',
      'If you do not know this applicant, ignore this e-mail: nothing goes further without your consent.',
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
}

/** What the guardian's page shows before they consent. */
export interface GuardianRequestView {
  reference: string;
  applicantName: string;
  classCode: MembershipClassCode;
  chapter: string;
  guardianName: string;
  state: string;
  givenAt: string | null;
  noticeVersion: number;
}

async function requestOfToken(db: Queryable, token: string) {
  const row = await db
    .selectFrom('guardian_consents as g')
    .innerJoin('applications as a', 'a.id', 'g.application_id')
    .innerJoin('chapters as c', 'c.id', 'a.chapter_id')
    .select([
      'g.application_id',
      'g.guardian_name',
      'g.guardian_email',
      'g.given_at',
      'g.closed_at',
      'a.reference',
      'a.first_name',
      'a.last_name',
      'a.email',
      'a.class_code',
      'a.chapter_id',
      'a.state',
      'a.quote',
      'c.name as chapter',
    ])
    .where('g.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw notFound('No application waits for consent with this link. Use the link from our latest e-mail.');
  // Closed by the daily job (guardian-waiting.ts): the link stops working, and says why.
  if (row.closed_at)
    throw conflict(
      `This application (${row.reference}) was closed because no parent or guardian consented within ${GUARDIAN_CLOSE_DAYS} days. Nothing more is needed from you; the applicant may apply again.`,
    );
  return row;
}

export async function guardianRequest(db: Queryable, token: string): Promise<GuardianRequestView> {
  const row = await requestOfToken(db, token);
  return {
    reference: row.reference,
    applicantName: `${row.first_name} ${row.last_name}`,
    classCode: row.class_code,
    chapter: row.chapter,
    guardianName: row.guardian_name,
    state: row.state,
    givenAt: row.given_at,
    noticeVersion: CURRENT_NOTICE_VERSION,
  };
}

/**
 * The guardian consents: in one transaction the consent row is marked given (one conditional
 * update, so a second click or a second server finds it given), the application moves on to
 * payment (or to `payment_verified` when nothing is due), the consent is recorded for the
 * applicant, the chapter's admins are told and the audit entry written. Answers the e-mail to the
 * applicant, sent after the commit.
 */
export async function giveGuardianConsent(
  db: DB,
  token: string,
  ctx: { now: Date; ip: string; siteUrl: string },
): Promise<{ view: GuardianRequestView; mail: MailMessage | null }> {
  const row = await requestOfToken(db, token);
  if (row.given_at) return { view: await guardianRequest(db, token), mail: null };
  if (row.state !== 'awaiting_guardian')
    throw conflict('This application no longer waits for consent: it was withdrawn or closed.');
  const next = parseQuote(row).total === 0 ? 'payment_verified' : 'awaiting_payment';
  const given = await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('guardian_consents')
      .set({ given_at: nowIso(ctx.now), given_ip: ctx.ip.slice(0, 64) })
      .where('application_id', '=', row.application_id)
      .where('given_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    if (!(await moveState(trx, row.application_id, 'awaiting_guardian', next, ctx.now)))
      throw conflict('This application no longer waits for consent: it was withdrawn or closed.');
    await recordEvent(
      trx,
      {
        applicationId: row.application_id,
        from: 'awaiting_guardian',
        to: next,
        actorUserId: null,
        note: `Consent given by the parent or guardian (${row.guardian_name}).`,
      },
      ctx.now,
    );
    await recordConsents(trx, { email: row.email, applicationId: row.application_id }, ['membership'], {
      now: ctx.now,
      ip: ctx.ip,
      method: 'guardian_link',
    });
    await announceApplication(
      trx,
      {
        reference: row.reference,
        firstName: row.first_name,
        lastName: row.last_name,
        classCode: row.class_code,
        chapterId: row.chapter_id,
      },
      ctx.now,
    );
    await writeAudit(trx, {
      action: 'application.guardian_consented',
      at: ctx.now,
      entity: 'application',
      entityId: row.application_id,
      ip: ctx.ip,
      detail: { reference: row.reference },
    });
    return true;
  });
  const view = await guardianRequest(db, token);
  if (!given) return { view, mail: null };
  return {
    view,
    mail: {
      to: row.email,
      subject: `NIPM membership application ${row.reference}: your guardian consented`,
      text: [
        `Dear ${row.first_name} ${row.last_name},`,
        '',
        `${row.guardian_name} has given the consent your application ${row.reference} needed. It now goes on: ${
          next === 'awaiting_payment' ? 'pay the fee and report the payment' : 'your chapter will scrutinise it'
        } from your application's page (the link in your confirmation e-mail).`,
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    },
  };
}

/** The guardian of an application, for its status page. */
export async function guardianOf(db: Queryable, applicationId: number) {
  const row = await db
    .selectFrom('guardian_consents')
    .select(['guardian_name', 'guardian_email', 'given_at', 'closed_at'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row
    ? { name: row.guardian_name, email: row.guardian_email, givenAt: row.given_at, closedAt: row.closed_at }
    : null;
}
