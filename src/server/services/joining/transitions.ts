import type { DB } from '../../db';
import type { AuthUser } from '../../auth/authorize';
import { conflict, forbidden, notFound, validationError } from '../../api/errors';
import { ROLE, type RoleId } from '../../../lib/roles';
import { APPLICATION_STATE_LABELS, CLOSED_STATES, type ApplicationStateCode } from '../../../lib/schemas/membership';
import type { MailMessage } from '../../mail/mailer';
import { releaseCoupon } from '../money';
import { writeAudit } from '../audit';
import { approveApplication } from './approval';
import { moveState, recordEvent, type ApplicationRow, type Queryable } from './records';

/**
 * The staff's part of the state machine (DESIGN.md section 4). Payments move an application from
 * `awaiting_payment` to `payment_reported` (the applicant's report) and on to `payment_verified`
 * (the payment's verification); staff move it from there. A chapter admin scrutinises and
 * recommends its own chapter's applications; roles 2 and 5 also approve, reject and withdraw.
 */
const OPEN_STATES: ApplicationStateCode[] = [
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
  let query = db.selectFrom('applications').selectAll().where('id', '=', id);
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
  if (rule.noteRequired && !note) throw validationError({ note: rule.noteRequired });
  const stale = () =>
    conflict(
      `This application is "${APPLICATION_STATE_LABELS[application.state]}" and cannot become "${APPLICATION_STATE_LABELS[input.to]}". Reload it to see its current state.`,
    );
  if (!rule.from.includes(application.state)) throw stale();

  if (input.to === 'approved') {
    const approved = await approveApplication(db, caller, application, { note, ...ctx });
    return { state: 'approved', memberNumber: approved.memberNumber, mail: [approved.mail] };
  }

  await db.transaction().execute(async (trx) => {
    const moved = await moveState(trx, application.id, application.state, input.to, ctx.now, {
      ...(input.to === 'rejected' || input.to === 'withdrawn' ? { decision_note: note } : {}),
    });
    if (!moved) throw stale();
    if (input.to === 'rejected' || input.to === 'withdrawn') {
      await releaseCoupon(trx, { purpose: 'membership_application', subjectId: application.id }, ctx.now);
    }
    await recordEvent(
      trx,
      { applicationId: application.id, from: application.state, to: input.to, actorUserId: caller.id, note },
      ctx.now,
    );
    await writeAudit(trx, {
      action: 'application.transition',
      at: ctx.now,
      actorUserId: caller.id,
      entity: 'application',
      entityId: application.id,
      ip: ctx.ip,
      detail: { before: { state: application.state }, after: { state: input.to }, note },
    });
  });
  const mail: MailMessage[] = [];
  if (input.to === 'rejected' || input.to === 'withdrawn') {
    mail.push({
      to: application.email,
      subject: `NIPM membership application ${application.reference}: ${APPLICATION_STATE_LABELS[input.to].toLowerCase()}`,
      text: [
        `Dear ${application.first_name} ${application.last_name},`,
        '',
        input.to === 'rejected'
          ? `We regret that your application ${application.reference} was not approved. Reason: ${note}`
          : `Your application ${application.reference} was withdrawn. ${note ?? ''}`,
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    });
  }
  return { state: input.to, memberNumber: null, mail };
}

export function isClosed(state: ApplicationStateCode): boolean {
  return CLOSED_STATES.includes(state);
}
