import type { DB } from '../../platform/db';
import type { FileStore } from '../../platform/storage/store';
import { writeAudit } from '../audit/audit';
import { CURRENT_NOTICE_VERSION, type PrivacyRequestBody } from '../../../lib/schemas/privacy';
import { listConsents, withdrawConsent, type ConsentView } from './consents';
import type { ExportSource, PersonKeys } from './export-manifest';
import { zipOf } from './export';
import { createRequest, ownRequests, type RequestView } from './requests';

/**
 * Privacy rights for people without an account (DPDP Act, sections 11-13): an applicant through
 * the status link of their application, a NATCON contact through the link of their order. The
 * link's holder reaches what was given with that application or order only, not everything held
 * under its e-mail address: an application's address is not proven (the status token is also
 * answered to whoever submitted the form), so the address alone must not open anyone's records.
 * A NATCON delegate who is not the order's contact comes through the private link of their ticket,
 * which was e-mailed to their address alone: that proves the mailbox as a password reset would, so
 * the delegate reaches what is held under that address (their delegate rows, any member record).
 */

export interface LinkHolder {
  email: string;
  applicationId?: number;
  orderId?: number;
  /** A delegate's ticket link: the address is proven, so it is the key. */
  delegateId?: number;
}

function scopeOf(holder: LinkHolder) {
  return holder.delegateId !== undefined
    ? { emails: [holder.email.trim().toLowerCase()] }
    : { emails: [], applicationId: holder.applicationId, orderId: holder.orderId };
}

export interface LinkPrivacy {
  noticeVersion: number;
  email: string;
  consents: ConsentView[];
  requests: RequestView[];
}

export async function linkPrivacy(db: DB, holder: LinkHolder, now: Date): Promise<LinkPrivacy> {
  const scope = scopeOf(holder);
  return {
    noticeVersion: CURRENT_NOTICE_VERSION,
    email: holder.email,
    consents: await listConsents(db, scope),
    requests: await ownRequests(db, scope, now),
  };
}

/** The delegates of the holder's own order: the contact entered them, so they are part of what the contact gave. */
const ORDER_DELEGATES: ExportSource = {
  table: 'natcon_delegates',
  file: 'natcon-order-delegates',
  links: [{ by: 'order', column: 'order_id' }],
  files: ['student_id_key', 'ticket_key'],
};

/** The ZIP of what the application or order holds: the same files as a member's export, scoped to it. */
export async function linkExport(db: DB, store: FileStore, holder: LinkHolder, now: Date): Promise<Uint8Array> {
  const keys: PersonKeys = {
    userIds: [],
    memberIds: [],
    emails: scopeOf(holder).emails,
    applicationIds: holder.applicationId === undefined ? [] : [holder.applicationId],
    orderIds: holder.orderId === undefined ? [] : [holder.orderId],
  };
  const zip = await zipOf(db, store, keys, now, holder.orderId === undefined ? [] : [ORDER_DELEGATES]);
  await writeAudit(db, {
    action: 'privacy.export_prepared',
    at: now,
    entity:
      holder.delegateId !== undefined
        ? 'natcon_delegate'
        : holder.applicationId !== undefined
          ? 'application'
          : 'natcon_order',
    entityId: holder.delegateId ?? holder.applicationId ?? holder.orderId ?? 0,
    detail: { via: 'status_link' },
  });
  return zip;
}

/** A correction, erasure or grievance sent from a status link: it reaches the privacy desk like a member's. */
export async function linkRequest(
  db: DB,
  holder: LinkHolder,
  body: PrivacyRequestBody,
  context: { now: Date; ip: string | null },
): Promise<{ id: number; dueAt: string }> {
  return createRequest(db, holder, body, { ...context, actorUserId: null });
}

/**
 * Withdraws an optional consent from a status link. It stops those e-mails to the link's address
 * whichever form the consent came from: withdrawing is what protects the person, so it is not
 * limited to the consents of this application or order.
 */
export async function linkWithdraw(
  db: DB,
  holder: LinkHolder,
  purpose: string,
  context: { now: Date; ip: string | null },
): Promise<number> {
  return withdrawConsent(db, { emails: [holder.email.trim().toLowerCase()] }, purpose, {
    ...context,
    method: 'status_link',
    actorUserId: null,
  });
}
