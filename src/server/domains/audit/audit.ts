import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';

/** Actions written by the sign-in and account services; staff actions add their own. */
export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.lockout'
  /** Attempts refused while a throttle key was at its limit: one entry per key and lock, with the count. */
  | 'auth.throttled'
  | 'auth.sign_out'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.password_changed'
  | 'user.updated'
  /** Staff changes to a member record (issue 10): before and after values in `detail`. */
  | 'member.updated'
  | 'member.note_added'
  | 'member.account_disabled'
  | 'member.account_enabled'
  | 'member.password_reset_sent'
  | 'member.change_requested'
  | 'member.transfer_requested'
  | 'member.transfer_approved'
  | 'member.transfer_refused'
  | 'renewal.office_recorded'
  | 'member.change_request_decided'
  | 'member.self_updated'
  /** Privacy (issue 26): consents, requests, exports, erasures, breaches and the retention job. */
  | 'privacy.consent_given'
  | 'privacy.consent_withdrawn'
  | 'privacy.request_received'
  | 'privacy.request_decided'
  | 'privacy.request_answered'
  | 'privacy.nominee_set'
  | 'privacy.export_prepared'
  | 'privacy.erased'
  | 'privacy.erasure_notice_sent'
  | 'privacy.logs_purged'
  | 'privacy.breach_recorded'
  | 'privacy.breach_notified'
  | 'privacy.breach_updated'
  | 'privacy.breach_reported'
  | 'privacy.settings_updated'
  | 'privacy.consent_given'
  | 'privacy.request_by_status_link'
  /** Joining the institute (issue 9). */
  | 'membership.fees_updated'
  | 'application.submitted'
  | 'application.document_uploaded'
  | 'application.payment_reported'
  | 'application.transition'
  | 'application.withdrawn_by_applicant'
  | 'application.guardian_consented'
  | 'application.guardian_reminded'
  | 'application.closed_without_guardian'
  | 'application.approved'
  | 'settings.updated'
  | 'coupon.created'
  | 'coupon.updated'
  | 'payment.verified'
  | 'payment.rejected'
  /** Online payments (issue 24): a gateway payment staff must look at; refunds; bank statements. */
  | 'payment.gateway_flagged'
  | 'payment.refunded'
  /** The gateway refused a refund already entered as `payment.refunded`: nothing left the account. */
  | 'payment.refund_refused'
  | 'payment.refund_due'
  | 'statement.uploaded'
  /** Staff actions of issue 11; their detail holds `before` and `after`. */
  | 'chapter.created'
  | 'chapter.updated'
  | 'office_bearer.created'
  | 'office_bearer.updated'
  | 'office_bearer.deleted'
  | 'staff.user_invited'
  | 'staff.user_updated'
  | 'staff.reset_link_sent'
  | 'scroll_message.created'
  | 'scroll_message.updated'
  | 'scroll_message.deleted'
  /** NATCON settings, registrations, nominations and check-ins (issue 12). */
  | `natcon.${string}`
  /** Imports of the existing register (issue 23): committed (with counts), undone, invitations sent. */
  | `import.${string}`;

export interface AuditEntry {
  action: AuditAction;
  at: Date;
  actorUserId?: number | null;
  entity?: string;
  entityId?: string | number;
  ip?: string | null;
  /** What changed; never a password or a token. */
  detail?: Record<string, unknown>;
}

export async function writeAudit(db: DB, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: nowIso(entry.at),
      actor_user_id: entry.actorUserId ?? null,
      action: entry.action,
      entity: entry.entity ?? null,
      entity_id: entry.entityId === undefined ? null : String(entry.entityId),
      ip: entry.ip ? entry.ip.slice(0, 64) : null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
