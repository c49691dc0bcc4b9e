import type { Selectable } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { NatconEditionsTable } from '../../platform/db/schema';
import type { OrderPolicy } from '../../../lib/schemas/natcon';
import { kolkataDate } from '../../../lib/financial-year';
import { notFound } from '../errors';
import { writeAudit } from '../audit/audit';
import type { AuthUser } from '../identity/auth-user';

/**
 * An edition's order policy (issues 28 and 24): how long an unpaid order holds its seats and when
 * its buyer is reminded, how long a seat offered from the waiting list waits, and the cancellation
 * terms (may delegates cancel themselves, until which day, what is kept). The super admin sets it
 * on the desk's Settings tab.
 */

const HOUR_MS = 60 * 60 * 1000;

export function policyOf(row: Selectable<NatconEditionsTable>): OrderPolicy {
  return {
    holdHours: row.hold_hours,
    reminderHours: row.reminder_hours,
    offerHours: row.offer_hours,
    selfCancel: row.self_cancel === 1,
    selfCancelUntil: row.self_cancel_until,
    keepKind: row.cancel_keep_kind,
    keepValue: row.cancel_keep_value,
  };
}

export async function editionPolicy(db: DB, editionId: number): Promise<OrderPolicy> {
  const row = await db.selectFrom('natcon_editions').selectAll().where('id', '=', editionId).executeTakeFirst();
  if (!row) throw notFound('No such edition.');
  return policyOf(row);
}

export async function updateEditionPolicy(
  db: DB,
  actor: AuthUser,
  editionId: number,
  policy: OrderPolicy,
  now: Date,
): Promise<OrderPolicy> {
  return db.transaction().execute(async (trx) => {
    const before = await editionPolicy(trx, editionId);
    await trx
      .updateTable('natcon_editions')
      .set({
        hold_hours: policy.holdHours,
        reminder_hours: policy.reminderHours,
        offer_hours: policy.offerHours,
        self_cancel: policy.selfCancel ? 1 : 0,
        self_cancel_until: policy.selfCancelUntil,
        cancel_keep_kind: policy.keepKind,
        cancel_keep_value: policy.keepValue,
        updated_at: nowIso(now),
      })
      .where('id', '=', editionId)
      .execute();
    await writeAudit(trx, {
      action: 'natcon.policy_updated',
      at: now,
      actorUserId: actor.id,
      entity: 'natcon_edition',
      entityId: editionId,
      detail: { before, after: policy },
    });
    return policy;
  });
}

/** The end of a hold of `hours` from `now`, and the moment its reminder is due. */
export function holdTimes(now: Date, hours: number, reminderHours: number) {
  const until = new Date(now.getTime() + hours * HOUR_MS);
  // A hold shorter than its reminder window is reminded at once rather than never.
  const remind = new Date(Math.max(now.getTime(), until.getTime() - reminderHours * HOUR_MS));
  return { hold_until: nowIso(until), remind_at: nowIso(remind) };
}

/** Whether the buyer may cancel an order of this policy on `now` (Kolkata date, last day included). */
export function buyerMayCancel(policy: OrderPolicy, now: Date): boolean {
  if (!policy.selfCancel) return false;
  return policy.selfCancelUntil === null || kolkataDate(now) <= policy.selfCancelUntil;
}
