import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { writeAudit } from '../audit/audit';
import { CURRENT_NOTICE_VERSION, type NomineeBody, type OwnPrivacy } from '../../../lib/schemas/privacy';
import { listConsents } from './consents';
import { gatherPersonKeys } from './person';
import { ownRequests } from './requests';

/** What the member's privacy page shows: consents, requests with their deadlines, the nominee. */
export async function ownPrivacy(db: DB, userId: number, now: Date): Promise<OwnPrivacy> {
  const keys = await gatherPersonKeys(db, { userId });
  const nominee = await db.selectFrom('nominees').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return {
    noticeVersion: CURRENT_NOTICE_VERSION,
    consents: await listConsents(db, { userId, emails: keys.emails }),
    requests: await ownRequests(db, { userId, emails: keys.emails }, now),
    nominee: nominee
      ? {
          name: nominee.name,
          relation: nominee.relation,
          email: nominee.email,
          phone: nominee.phone,
          updatedAt: nominee.updated_at,
        }
      : null,
  };
}

/** Names (or replaces) the person who may exercise the user's rights on their death or incapacity. */
export async function setNominee(
  db: DB,
  userId: number,
  body: NomineeBody,
  context: { now: Date; ip: string | null },
): Promise<void> {
  const at = nowIso(context.now);
  const values = { name: body.name, relation: body.relation, email: body.email, phone: body.phone, updated_at: at };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('nominees')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    await writeAudit(trx, {
      action: 'privacy.nominee_set',
      at: context.now,
      actorUserId: userId,
      entity: 'user',
      entityId: userId,
      ip: context.ip,
    });
  });
}
