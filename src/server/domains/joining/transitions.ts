import type { DB } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import { conflict, forbidden, notFound, invalid } from '../errors';
import { ROLE, type RoleId } from '../../../lib/roles';
import { APPLICATION_STATE_LABELS, CLOSED_STATES, type ApplicationStateCode } from '../../../lib/schemas/membership';
import type { MailMessage } from '../../platform/mail/mailer';
import { releaseCoupon } from '../money';
import { recordRefundsDue } from '../money/refunds/due';
import { writeAudit } from '../audit/audit';
import { approveApplication } from './approval';
import { MEMBERSHIP_PURPOSE } from './payments';
import { moveState, recordEvent, type ApplicationRow, type Queryable } from './records';
import { paymentsOf, refundNotice } from './views';

/**
 * The staff's part of the state machine (docs/architecture.md, "Domain rules"). Payments move an application from
 * `awaiting_payment` to `payment_reported` (the applicant's report) and on to `payment_verified`
 * (the payment's verification); staff move it from there. A chapter admin scrutinises and
 * recommends its own chapter's applications; roles 2 and 5 also approve, reject and withdraw.
 */
const OPEN_STATES: ApplicationStateCode[] = [
  'awaiting_guardian',
  'awaiting_payment',
  'payment_reported',
  'payment_verified',
  'under_scrutiny',
  'recommended',
];

const NATIONAL: readonly RoleId[] = [ROLE.superAdmin, ROLE.admin];
const CHAPTER_OR_NATIONAL: readonly RoleId[] = [ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin];

export const TRANSITION_RULES: Partial<
  Record<
    ApplicationStateCode,
    { from: readonly ApplicationStateCode[]; roles: readonly RoleId[]; noteRequired?: string }
  >
> = {
  under_scrutiny: { from: ['payment_verified'], roles: CHAPTER_OR_NATIONAL },
  recommended: { from: ['under_scrutiny'], roles: CHAPTER_OR_NATIONAL },
  approved: { from: ['recommended'], roles: NATIONAL },
  rejected: {
    from: OPEN_STATES,
    roles: NATIONAL,
    noteRequired: 'Give the reason for the rejection: the applicant reads it.',
  },
  withdrawn: { from: OPEN_STATES, roles: NATIONAL, noteRequired: 'Say who asked for the withdrawal and why.' },
};

/** The application if the caller's scope covers it (a chapter admin: its own chapter), else 404. */
export async function applicationInScope(db: Queryable, caller: AuthUser, id: number): Promise<ApplicationRow> {
  // An application waiting for a guardian's consent is not staff's to see yet (DPDP Act, section 9).
  let query = db.selectFrom('applications').selectAll().where('id', '=', id).where('state', '<>', 'awaiting_guardian');
  if (caller.roleId === ROLE.chapterAdmin) query = query.where('chapter_id', '=', caller.chapterId ?? -1);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('No such application.');
  return row;
}

export function allowedTransitions(caller: AuthUser, state: ApplicationStateCode): ApplicationStateCode[] {
  return Object.entries(TRANSITION_RULES)
    .filter(([, rule]) => rule!.from.includes(state) && rule!.roles.includes(caller.roleId))
    .map(([to]) => to as ApplicationStateCode);
}

export interface TransitionOutcome {
  state: ApplicationStateCode;
  memberNumber: string | null;
  /** E-mails to send once the change is committed. */
  mail: MailMessage[];
}

export async function transitionApplication(
  db: DB,
  caller: AuthUser,
  id: number,
  input: { to: ApplicationStateCode; note?: string },
  ctx: { now: Date; ip: string; siteUrl: string },
): Promise<TransitionOutcome> {
  const application = await applicationInScope(db, caller, id);
  const rule = TRANSITION_RULES[input.to];
  if (!rule) {
    throw conflict(
      `An application becomes "${APPLICATION_STATE_LABELS[input.to]}" through its payment: verify or reject the payment instead.`,
    );
  }
  if (!rule.roles.includes(caller.roleId)) {
    throw forbidden(`Only the national office may move an application to "${APPLICATION_STATE_LABELS[input.to]}".`);
  }
  const note = input.note?.trim() || null;
  if (rule.noteRequired && !note) throw invalid({ note: rule.noteRequired });
  const stale = () =>
    conflict(
      `This application is "${APPLICATION_STATE_LABELS[application.state]}" and cannot become "${APPLICATION_STATE_LABELS[input.to]}". Reload it to see its current state.`,
    );
  if (!rule.from.includes(application.state)) throw stale();

  if (input.to === 'approved') {
    const approved = await approveApplication(db, caller, application, { note, ...ctx });
    return { state: 'approved', memberNumber: approved.memberNumber, mail: [approved.mail] };
  }

  if (input.to === 'rejected' || input.to === 'withdrawn') {
    await closeApplication(db, application, input.to, { actorUserId: caller.id, note, ...ctx }, stale);
    return { state: input.to, memberNumber: null, mail: [await closingMail(db, application, input.to, note)] };
  }
  await db.transaction().execute(async (trx) => {
    if (!(await moveState(trx, application.id, application.state, input.to, ctx.now))) throw stale();
    await recordEvent(
      trx,
      { applicationId: application.id, from: application.state, to: input.to, actorUserId: caller.id, note },
      ctx.now,
    );
    await auditTransition(trx, application, input.to, { actorUserId: caller.id, note, ...ctx });
  });
  return { state: input.to, memberNumber: null, mail: [] };
}

interface ChangeContext {
  /** null: the applicant, through their status link. */
  actorUserId: number | null;
  note: string | null;
  now: Date;
  ip: string;
}

function auditTransition(trx: Queryable, application: ApplicationRow, to: ApplicationStateCode, change: ChangeContext) {
  return writeAudit(trx, {
    action: change.actorUserId === null ? 'application.withdrawn_by_applicant' : 'application.transition',
    at: change.now,
    actorUserId: change.actorUserId,
    entity: 'application',
    entityId: application.id,
    ip: change.ip,
    detail: { before: { state: application.state }, after: { state: to }, note: change.note },
  });
}

/**
 * Ends an open application (rejected or withdrawn, by staff or by the applicant) in one transaction:
 * the conditional state change, the coupon use given back, the history and the audit entry. Any
 * payment stays as it is; a withdrawn application's verified payment becomes a refund due
 * (money/refunds/due.ts), shown to the applicant as such (views.ts).
 */
async function closeApplication(
  db: DB,
  application: ApplicationRow,
  to: 'rejected' | 'withdrawn',
  change: ChangeContext,
  stale: () => Error,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = await moveState(trx, application.id, application.state, to, change.now, {
      decision_note: change.note,
    });
    if (!moved) throw stale();
    await releaseCoupon(trx, { purpose: MEMBERSHIP_PURPOSE, subjectId: application.id }, change.now);
    // The money of a withdrawn application is owed back: it waits in the staff's refunds queue.
    if (to === 'withdrawn') {
      await recordRefundsDue(
        trx,
        { purpose: MEMBERSHIP_PURPOSE, subjectId: application.id },
        'Application withdrawn.',
        change.now,
      );
    }
    await recordEvent(
      trx,
      {
        applicationId: application.id,
        from: application.state,
        to,
        actorUserId: change.actorUserId,
        note: change.note,
      },
      change.now,
    );
    await auditTransition(trx, application, to, change);
  });
}

/** The e-mail that tells the applicant their application was rejected or withdrawn, and what happens to their money. */
async function closingMail(
  db: DB,
  application: ApplicationRow,
  to: 'rejected' | 'withdrawn',
  note: string | null,
): Promise<MailMessage> {
  const payments = await paymentsOf(db, application.id, to);
  const body =
    to === 'rejected'
      ? [`We regret that your application ${application.reference} was not approved. Reason: ${note}`]
      : [
          `Your application ${application.reference} was withdrawn.${note ? ` ${note}` : ''}`,
          refundNotice(payments) ?? 'You had paid nothing for it, so nothing is owed to you.',
        ];
  return {
    to: application.email,
    subject: `NIPM membership application ${application.reference}: ${APPLICATION_STATE_LABELS[to].toLowerCase()}`,
    text: [
      `Dear ${application.first_name} ${application.last_name},`,
      '',
      ...body,
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
}

/**
 * The applicant withdraws their own undecided application through their status link (the token is
 * checked by the caller). 409 once it is decided or already withdrawn.
 */
export async function withdrawByApplicant(
  db: DB,
  application: ApplicationRow,
  input: { reason?: string },
  ctx: { now: Date; ip: string },
): Promise<{ mail: MailMessage }> {
  const refused = (state: ApplicationStateCode) =>
    conflict(
      state === 'withdrawn'
        ? 'This application is already withdrawn.'
        : `This application is "${APPLICATION_STATE_LABELS[state]}": it is decided and can no longer be withdrawn.`,
    );
  if (!OPEN_STATES.includes(application.state)) throw refused(application.state);
  const reason = input.reason?.trim();
  const note = reason ? `Withdrawn by the applicant: ${reason}` : 'Withdrawn by the applicant.';
  await closeApplication(db, application, 'withdrawn', { actorUserId: null, note, ...ctx }, () =>
    // Staff decided it (or another tab withdrew it) since the page was read.
    conflict('This application changed meanwhile and can no longer be withdrawn. Reload the page to see it.'),
  );
  return { mail: await closingMail(db, application, 'withdrawn', note) };
}

export function isClosed(state: ApplicationStateCode): boolean {
  return CLOSED_STATES.includes(state);
}
