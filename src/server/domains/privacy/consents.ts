import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import { writeAudit } from '../audit/audit';
import {
  CURRENT_NOTICE_VERSION,
  isOptionalPurpose,
  type ConsentPurpose,
  type OptionalPurpose,
} from '../../../lib/schemas/privacy';
import { kolkataDate } from '../../../lib/financial-year';
import { needsGuardian } from '../../../lib/guardian';
import { dialectOf } from '../../platform/db/dialect';
import { forbidden } from '../errors';

/**
 * Consent records (DPDP Act, section 6): each consent is a row with its purpose, the notice version
 * it was given under, when, from which address and how. Needed purposes are recorded when a form is
 * sent; optional ones only from a box the person ticked. An optional consent is withdrawn with one
 * click (portal) or one link (every e-mail it covers) and the mail senders check it at the moment of
 * sending, so a withdrawal stops the next e-mail.
 */

export interface ConsentHolder {
  email: string;
  userId?: number | null;
  memberId?: number | null;
  applicationId?: number | null;
  orderId?: number | null;
}

export interface ConsentContext {
  now: Date;
  ip: string | null;
  /** The form's name, `portal`, `unsubscribe_link`, `guardian_link`. */
  method: string;
}

export async function recordConsents(
  db: DB,
  holder: ConsentHolder,
  purposes: readonly ConsentPurpose[],
  context: ConsentContext,
): Promise<void> {
  if (!purposes.length) return;
  await db
    .insertInto('consents')
    .values(
      purposes.map((purpose) => ({
        email: holder.email.trim().toLowerCase(),
        user_id: holder.userId ?? null,
        member_id: holder.memberId ?? null,
        application_id: holder.applicationId ?? null,
        order_id: holder.orderId ?? null,
        purpose,
        notice_version: CURRENT_NOTICE_VERSION,
        given_at: nowIso(context.now),
        ip: context.ip ? context.ip.slice(0, 64) : null,
        method: context.method,
      })),
    )
    .execute();
}

export interface ConsentView {
  id: number;
  purpose: string;
  optional: boolean;
  noticeVersion: number;
  givenAt: string;
  ip: string | null;
  method: string;
  withdrawnAt: string | null;
}

/**
 * The person's consents, newest first, withdrawn ones included (they are part of the record). A
 * status link's holder (no account) sees those given with that application or order.
 */
export async function listConsents(
  db: DB,
  holder: { userId?: number; emails: string[]; applicationId?: number; orderId?: number },
): Promise<ConsentView[]> {
  const rows = await db
    .selectFrom('consents')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(holder.userId !== undefined ? [eb('user_id', '=', holder.userId)] : []),
        ...(holder.emails.length ? [eb('email', 'in', holder.emails)] : []),
        ...(holder.applicationId !== undefined ? [eb('application_id', '=', holder.applicationId)] : []),
        ...(holder.orderId !== undefined ? [eb('order_id', '=', holder.orderId)] : []),
      ]),
    )
    .orderBy('given_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    optional: isOptionalPurpose(row.purpose),
    noticeVersion: row.notice_version,
    givenAt: row.given_at,
    ip: row.ip,
    method: row.method,
    withdrawnAt: row.withdrawn_at,
  }));
}

/** Whether `email` holds a consent for `purpose` that is not withdrawn: read at the moment of sending. */
export async function hasConsent(db: DB, email: string, purpose: ConsentPurpose): Promise<boolean> {
  const row = await db
    .selectFrom('consents')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Withdraws every open consent of the person for an optional purpose, at once. A needed purpose
 * cannot be withdrawn on its own: that is a request for erasure, which staff handle.
 */
export async function withdrawConsent(
  db: DB,
  holder: { userId?: number; emails: string[] },
  purpose: string,
  context: ConsentContext & { actorUserId: number | null },
): Promise<number> {
  if (!isOptionalPurpose(purpose))
    throw forbidden('This consent is needed for your membership: ask for erasure from your privacy page instead.');
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('consents')
      .set({ withdrawn_at: nowIso(context.now), withdrawn_method: context.method })
      .where('purpose', '=', purpose)
      .where('withdrawn_at', 'is', null)
      .where((eb) =>
        eb.or([
          ...(holder.userId !== undefined ? [eb('user_id', '=', holder.userId)] : []),
          ...(holder.emails.length ? [eb('email', 'in', holder.emails)] : []),
        ]),
      )
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    await writeAudit(trx, {
      action: 'privacy.consent_withdrawn',
      at: context.now,
      actorUserId: context.actorUserId,
      entity: 'consent',
      entityId: purpose,
      ip: context.ip,
      detail: { purpose, method: context.method, withdrawn: count },
    });
    return count;
  });
}

/**
 * Gives an optional consent from the portal, for a member who left the form's box unticked or
 * withdrew and changed their mind: one record under the current notice, unless one is open already
 * (then nothing changes). Under the member's row lock on PostgreSQL (SQLite writes one at a time), so
 * two clicks make one record. A child's data is not used for the newsletter (DPDP Act, section 9).
 */
export async function giveConsent(
  db: DB,
  holder: { userId: number; email: string; memberId: number | null },
  purpose: OptionalPurpose,
  context: ConsentContext & { actorUserId: number },
): Promise<{ given: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', holder.userId)
      .$if(dialectOf(trx as never) === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    if (holder.memberId !== null) {
      const member = await trx
        .selectFrom('members')
        .select('date_of_birth')
        .where('id', '=', holder.memberId)
        .executeTakeFirst();
      if (needsGuardian(member?.date_of_birth ?? undefined, kolkataDate(context.now)))
        throw forbidden('Until you are 18 the institute sends you no newsletter (DPDP Act, section 9).');
    }
    const open = await trx
      .selectFrom('consents')
      .select('id')
      .where('purpose', '=', purpose)
      .where('withdrawn_at', 'is', null)
      .where((eb) => eb.or([eb('user_id', '=', user.id), eb('email', '=', holder.email.trim().toLowerCase())]))
      .executeTakeFirst();
    if (open) return { given: false };
    await recordConsents(trx, { email: holder.email, userId: user.id, memberId: holder.memberId }, [purpose], context);
    await writeAudit(trx, {
      action: 'privacy.consent_given',
      at: context.now,
      actorUserId: context.actorUserId,
      entity: 'consent',
      entityId: purpose,
      ip: context.ip,
      detail: { purpose, method: context.method, noticeVersion: CURRENT_NOTICE_VERSION },
    });
    return { given: true };
  });
}

/** The token of an unsubscribe link: an HMAC of the address and the purpose, so a link works for that pair only. */
export function unsubscribeToken(secret: string, email: string, purpose: string): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe|${email.trim().toLowerCase()}|${purpose}`)
    .digest('base64url');
}

export function checkUnsubscribeToken(secret: string, email: string, purpose: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, email, purpose));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The link at the foot of an optional e-mail: a page (`/privacy/unsubscribe`) that withdraws the
 * consent as it opens (`GET /api/privacy/unsubscribe`) and says so. A page rather than the API
 * address, so the person reads a sentence and not an envelope, and a mail scanner that only
 * fetches the link (no script) does not unsubscribe anyone.
 */
export function unsubscribeUrl(siteUrl: string, secret: string, email: string, purpose: string): string {
  const url = new URL('/privacy/unsubscribe', siteUrl);
  url.searchParams.set('email', email.trim().toLowerCase());
  url.searchParams.set('purpose', purpose);
  url.searchParams.set('token', unsubscribeToken(secret, email, purpose));
  return url.toString();
}

/**
 * Sends an e-mail of an optional purpose (the newsletter, news of events) to one address if, at this
 * moment, it holds that consent; every such e-mail ends with its one-click unsubscribe link.
 * Answers whether it was sent.
 */
export async function sendOptionalMail(
  db: DB,
  mailer: Mailer,
  message: { purpose: ConsentPurpose; to: string; subject: string; text: string },
  config: { siteUrl: string; secret: string },
): Promise<boolean> {
  if (!isOptionalPurpose(message.purpose)) throw new Error(`${message.purpose} is not an optional purpose.`);
  if (!(await hasConsent(db, message.to, message.purpose))) return false;
  const link = unsubscribeUrl(config.siteUrl, config.secret, message.to, message.purpose);
  await mailer.send({
    to: message.to,
    subject: message.subject,
    text: `${message.text}\n\n--\nYou get this e-mail because you asked for it. Stop these e-mails with one click: ${link}\n`,
  });
  return true;
}
