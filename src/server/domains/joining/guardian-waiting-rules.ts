/**
 * When the daily `guardian-waiting` job acts on an application left waiting for a parent's or
 * guardian's consent (DPDP Act 2023, section 9): one reminder after 7 days, closed after 30. Pure;
 * the job reads the rows and claims each step with a conditional update (guardian-waiting.ts).
 * Fixed periods, not privacy settings: they are promises made in the e-mails and docs/privacy.md.
 */

const DAY_MS = 86_400_000;

/** Days without consent after which the guardian is reminded, once. */
export const GUARDIAN_REMINDER_DAYS = 7;
/** Days without consent after which the application is closed and the link stops working. */
export const GUARDIAN_CLOSE_DAYS = 30;

/** The history note and decision note of an application closed for want of consent. */
export const CLOSED_WITHOUT_GUARDIAN_NOTE = `Closed: no parent or guardian consented within ${GUARDIAN_CLOSE_DAYS} days.`;

export interface GuardianWait {
  /** When the first link was e-mailed (the application's submission). */
  requestedAt: string;
  remindedAt: string | null;
  givenAt: string | null;
  closedAt: string | null;
}

export type GuardianWaitStep = 'wait' | 'remind' | 'close' | 'done';

/** The instants before which a request is due for its reminder, and for closing. */
export function guardianWaitCutoffs(now: Date): { remindBefore: string; closeBefore: string } {
  return {
    remindBefore: new Date(now.getTime() - GUARDIAN_REMINDER_DAYS * DAY_MS).toISOString(),
    closeBefore: new Date(now.getTime() - GUARDIAN_CLOSE_DAYS * DAY_MS).toISOString(),
  };
}

/**
 * What the job does with one request. A request past 30 days is closed whether or not it was
 * reminded (a server down for the whole second week must not keep a child's data waiting longer);
 * a request reminded already only waits for its closing.
 */
export function guardianWaitStep(wait: GuardianWait, now: Date): GuardianWaitStep {
  if (wait.givenAt || wait.closedAt) return 'done';
  const { remindBefore, closeBefore } = guardianWaitCutoffs(now);
  if (wait.requestedAt <= closeBefore) return 'close';
  if (!wait.remindedAt && wait.requestedAt <= remindBefore) return 'remind';
  return 'wait';
}
