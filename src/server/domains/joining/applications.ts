import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { conflict, notFound, tooMany, invalid } from '../errors';
import { kolkataDate, financialYearStart } from '../../../lib/financial-year';
import { membershipFee } from '../../../lib/fees';
import { formatMoney } from '../../../lib/format';
import { MEMBERSHIP_CLASS_LABELS } from '../../../lib/membership-classes';
import {
  PROPOSED_CLASSES,
  type ApplicationInputValue,
  type SubmittedApplication,
} from '../../../lib/schemas/membership';
import type { MailMessage } from '../../platform/mail/mailer';
import { redeemCoupon } from '../money';
import { gstRateFor } from '../gst/rates';
import { buyerDetailsErrors } from '../gst/membership-supply';
import { writeAudit } from '../audit/audit';
import { admit, pruneThrottle } from '../identity/throttle';
import { feeScheduleFor } from './fees';
import { checkProposers } from './proposers';
import { guardianIssues, needsGuardian } from '../../../lib/guardian';
import { isUniqueViolation } from '../../platform/db/errors';
import { hashToken, newReference, newStatusToken, recordEvent, statusLink, type Queryable } from './records';
import { chapterPhrase } from '../../../lib/wording';
import { recordConsents } from '../privacy/consents';
import { announceApplication, guardianMail } from './guardian';

/** Submissions per client address: enough for an office applying for its staff, too few for a flood. */
export const APPLICATIONS_PER_ADDRESS = 10;
export const APPLICATION_WINDOW_MS = 60 * 60 * 1000;

export const MEMBER_EMAIL_MESSAGE =
  'This e-mail already belongs to a member or an account of NIPM. Sign in at /auth/login (use "Forgot your password?" if needed) instead of applying again.';
export const OPEN_APPLICATION_MESSAGE =
  'An application with this e-mail is already open. Follow it from the link in its confirmation e-mail, or at /membership/track with its application number, instead of applying again.';

async function checkEmailFree(db: Queryable, email: string): Promise<void> {
  const [member, user, open] = await Promise.all([
    db
      .selectFrom('members')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst(),
    db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    db
      .selectFrom('applications')
      .select('id')
      .where('email', '=', email)
      .where('state', 'not in', ['approved', 'rejected', 'withdrawn'])
      .executeTakeFirst(),
  ]);
  if (member || user) throw conflict(MEMBER_EMAIL_MESSAGE, { email: 'Already a member: sign in instead.' });
  if (open) throw conflict(OPEN_APPLICATION_MESSAGE, { email: 'An application with this e-mail is open.' });
}

export interface SubmitContext {
  now: Date;
  ip: string;
  siteUrl: string;
}

export interface SubmitOutcome {
  submitted: SubmittedApplication;
  /** The confirmation e-mail (and the guardian's, for an applicant under 18), sent after the answer. */
  mails: MailMessage[];
}

/** The applicant's confirmation: the number, what to do next, and the link to the application's page. */
function applicantMail(
  siteUrl: string,
  token: string,
  application: ApplicationInputValue & { reference: string; chapter: string },
  amountDue: number,
  guardian: { name: string } | null,
): MailMessage {
  const next = guardian
    ? `As you are under 18, we have e-mailed ${guardian.name} to ask for their consent. Your application waits until they give it; then you can pay. Follow it on its page:`
    : amountDue > 0
      ? `The amount due is ${formatMoney(amountDue)}. Pay it by UPI, bank transfer or demand draft and report the payment on your application's page:`
      : 'Nothing is due. Follow your application on its page:';
  return {
    to: application.email,
    subject: `NIPM membership application ${application.reference}`,
    text: [
      `Dear ${application.firstName} ${application.lastName},`,
      '',
      `Thank you for applying for ${MEMBERSHIP_CLASS_LABELS[application.classCode]} membership of NIPM (${chapterPhrase(application.chapter)}).`,
      `Your application number is ${application.reference}.`,
      next,
      '',
      statusLink(siteUrl, token),
      '',
      'Keep this e-mail: the link is the key to your application (uploading documents, reporting a payment, your receipt, and your data and privacy rights).',
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
}

/**
 * Takes an application: the address's place under the throttle first, then the proposer rules and
 * the e-mail checks, then in ONE transaction the application with its quote, the coupon's use
 * (taken by one conditional update: never more than its limit), its first history entry, the
 * bell notice to the chapter's admins and the audit entry.
 */
export async function submitApplication(
  db: DB,
  input: ApplicationInputValue,
  ctx: SubmitContext,
): Promise<SubmitOutcome> {
  const { now } = ctx;
  const rule = {
    key: `apply:${ctx.ip}`,
    limit: APPLICATIONS_PER_ADDRESS,
    windowMs: APPLICATION_WINDOW_MS,
    lockMs: APPLICATION_WINDOW_MS,
  };
  await pruneThrottle(db, now, [rule.key]);
  const admission = await admit(db, [rule], now);
  if (!admission.ok) {
    throw tooMany(admission.retryAfterSeconds, 'Too many applications from this address. Please try again later.');
  }

  const today = kolkataDate(now);
  const chapter = await db
    .selectFrom('chapters')
    .select(['id', 'name'])
    .where('id', '=', input.chapterId)
    .executeTakeFirst();
  const fields = {
    ...(await checkProposers(db, input, today)),
    ...buyerDetailsErrors({ ...input, buyerName: input.buyerName ?? (input.gstin ? input.organisation : undefined) }),
  };
  if (!chapter) fields.chapterId = 'Choose a chapter from the list.';
  if (Object.keys(fields).length) throw invalid(fields);
  await checkEmailFree(db, input.email);

  const guardianFields = Object.fromEntries(guardianIssues(input, today).map((i) => [i.path, i.message]));
  if (Object.keys(guardianFields).length) throw invalid(guardianFields);
  // Under 18: the application waits for the consent of the parent or guardian named on the form.
  const guardian = needsGuardian(input.dateOfBirth, today)
    ? { name: input.guardianName!, email: input.guardianEmail!, token: newStatusToken() }
    : null;

  const schedule = await feeScheduleFor(db, input.classCode, today);
  const gstRatePercent = await gstRateFor(db, 'membership');
  const token = newStatusToken();
  const reference = newReference();
  const at = nowIso(now);

  let outcome: SubmittedApplication;
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const undiscounted = membershipFee({ schedule, on: today, gstRatePercent });
      const proposers = await trx
        .selectFrom('members')
        .select(['id', 'member_number'])
        .where('member_number', 'in', [input.proposerNumber ?? '', input.seconderNumber ?? ''])
        .execute();
      const idOf = (n?: string) => proposers.find((p) => p.member_number.toUpperCase() === n)?.id ?? null;
      const inserted = await trx
        .insertInto('applications')
        .values({
          reference,
          status_token_hash: hashToken(token),
          state: 'awaiting_payment',
          class_code: input.classCode,
          chapter_id: input.chapterId,
          financial_year: financialYearStart(today),
          applied_on: today,
          title: input.title || null,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          phone: input.phone,
          date_of_birth: input.dateOfBirth,
          address: input.address,
          city: input.city,
          state_name: input.stateName,
          pincode: input.pincode,
          qualification: input.qualification,
          organisation: input.organisation ?? null,
          designation: input.designation ?? null,
          experience_years: input.experienceYears,
          institution: input.classCode === 'student' ? (input.institution ?? null) : null,
          // The registered buyer that pays (the organisation, or an employer), checked in full above.
          gstin: input.gstin ?? null,
          buyer_name: input.gstin ? (input.buyerName ?? input.organisation ?? null) : null,
          buyer_address: input.gstin ? (input.buyerAddress ?? null) : null,
          proposer_member_id: PROPOSED_CLASSES.includes(input.classCode) ? idOf(input.proposerNumber) : null,
          seconder_member_id: PROPOSED_CLASSES.includes(input.classCode) ? idOf(input.seconderNumber) : null,
          coupon_code: null,
          quote: JSON.stringify({ ...undiscounted, coupon: null }),
          amount_due: undiscounted.total,
          discount: 0,
          member_id: null,
          decision_note: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      let quote = { ...undiscounted, coupon: null as string | null };
      if (input.coupon) {
        const redeemed = await redeemCoupon(
          trx,
          {
            code: input.coupon,
            scope: 'membership',
            amount: undiscounted.subtotal,
            on: today,
            purpose: 'membership_application',
            subjectId: inserted.id,
          },
          now,
        );
        quote = {
          ...membershipFee({ schedule, on: today, discount: redeemed.discount, gstRatePercent }),
          coupon: redeemed.code,
        };
      }
      if (input.expectedTotal !== undefined && input.expectedTotal !== quote.total) {
        throw invalid(
          { expectedTotal: `The fee is now ${formatMoney(quote.total)}. Check the review step and submit again.` },
          'The fee differs from the one you reviewed.',
        );
      }
      const state = guardian ? 'awaiting_guardian' : quote.total === 0 ? 'payment_verified' : 'awaiting_payment';
      await trx
        .updateTable('applications')
        .set({
          quote: JSON.stringify(quote),
          amount_due: quote.total,
          discount: quote.discount,
          coupon_code: quote.coupon,
          state,
        })
        .where('id', '=', inserted.id)
        .execute();
      await recordEvent(
        trx,
        {
          applicationId: inserted.id,
          from: null,
          to: guardian ? 'awaiting_guardian' : 'awaiting_payment',
          actorUserId: null,
          note: guardian ? `Submitted; waiting for the consent of ${guardian.name}` : 'Submitted',
        },
        now,
      );
      if (state === 'payment_verified') {
        await recordEvent(
          trx,
          {
            applicationId: inserted.id,
            from: 'awaiting_payment',
            to: state,
            actorUserId: null,
            note: 'Nothing to pay after the coupon.',
          },
          now,
        );
      }
      if (guardian) {
        await trx
          .insertInto('guardian_consents')
          .values({
            application_id: inserted.id,
            guardian_name: guardian.name,
            guardian_email: guardian.email,
            token_hash: hashToken(guardian.token),
            requested_at: at,
          })
          .execute();
      } else {
        // An adult consents by sending the form; the newsletter only with its own box ticked.
        await recordConsents(
          trx,
          { email: input.email, applicationId: inserted.id },
          input.newsletter ? ['membership', 'newsletter'] : ['membership'],
          { now, ip: ctx.ip, method: 'membership_application' },
        );
        await announceApplication(trx, { reference, ...input }, now);
      }
      await writeAudit(trx, {
        action: 'application.submitted',
        at: now,
        entity: 'application',
        entityId: inserted.id,
        ip: ctx.ip,
        detail: {
          reference,
          classCode: input.classCode,
          chapterId: input.chapterId,
          total: quote.total,
          coupon: quote.coupon,
        },
      });
      return {
        reference,
        statusToken: token,
        amountDue: quote.total,
        discount: quote.discount,
        financialYear: quote.financialYear,
        state,
      };
    });
  } catch (error) {
    // Two submissions with one e-mail at the same instant: the open-application index lets one in.
    if (isUniqueViolation(error))
      throw conflict(OPEN_APPLICATION_MESSAGE, { email: 'An application with this e-mail is open.' });
    throw error;
  }

  const mails = [
    applicantMail(ctx.siteUrl, token, { ...input, reference, chapter: chapter!.name }, outcome.amountDue, guardian),
  ];
  if (guardian) mails.push(guardianMail(ctx.siteUrl, guardian.token, { ...input, reference }, guardian));
  return { submitted: outcome, mails };
}

/** The application a status token opens, or 404. */
export async function applicationByToken(db: Queryable, token: string) {
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('status_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw notFound('No application has this link. Use the link from your confirmation e-mail.');
  return row;
}

/** The application of a reference and its status token, or 404 (the token is the applicant's key). */
export async function applicationOfApplicant(db: Queryable, reference: string, token: string | undefined) {
  const row = token
    ? await db
        .selectFrom('applications')
        .selectAll()
        .where('reference', '=', reference)
        .where('status_token_hash', '=', hashToken(token))
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound('No application has this number and link.');
  return row;
}

export async function applicationByReferenceAndEmail(db: Queryable, reference: string, email: string) {
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('reference', '=', reference.toUpperCase())
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound('No application has this number and e-mail. Check both and try again.');
  return row;
}
