import type { DB } from '../../platform/db';
import type { PersonKeys } from './export-manifest';

/** Where a person is found from: their account, or (without one) an application or a NATCON order. */
export interface PersonSeed {
  userId?: number;
  memberId?: number;
  applicationId?: number;
  orderId?: number;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The ids and addresses that tie rows to one person. An account brings its member record; the
 * account's and the record's e-mail addresses bring the applications and NATCON orders made with
 * them. A delegate or a nominee is matched by e-mail alone (`export-manifest.ts`), so one person's
 * order does not pull in the other delegates on it.
 */
export async function gatherPersonKeys(db: DB, seed: PersonSeed): Promise<PersonKeys> {
  const userIds = seed.userId === undefined ? [] : [seed.userId];
  const memberIds = seed.memberId === undefined ? [] : [seed.memberId];
  const emails: string[] = [];

  if (userIds.length) {
    const users = await db.selectFrom('users').select(['email', 'member_id']).where('id', 'in', userIds).execute();
    for (const user of users) {
      emails.push(user.email);
      if (user.member_id !== null) memberIds.push(user.member_id);
    }
  }
  if (memberIds.length) {
    const members = await db.selectFrom('members').select(['email']).where('id', 'in', memberIds).execute();
    emails.push(...members.map((m) => m.email));
    const users = await db.selectFrom('users').select(['id', 'email']).where('member_id', 'in', memberIds).execute();
    userIds.push(...users.map((u) => u.id));
    emails.push(...users.map((u) => u.email));
  }
  if (seed.applicationId !== undefined) {
    const application = await db
      .selectFrom('applications')
      .select('email')
      .where('id', '=', seed.applicationId)
      .executeTakeFirst();
    if (application) emails.push(application.email);
  }
  if (seed.orderId !== undefined) {
    const order = await db
      .selectFrom('natcon_orders')
      .select('contact_email')
      .where('id', '=', seed.orderId)
      .executeTakeFirst();
    if (order) emails.push(order.contact_email);
  }

  const addresses = unique(emails.map((e) => e.trim().toLowerCase()).filter((e) => e.includes('@')));
  const applicationIds = seed.applicationId === undefined ? [] : [seed.applicationId];
  if (addresses.length || memberIds.length) {
    const applications = await db
      .selectFrom('applications')
      .select('id')
      .where((eb) =>
        eb.or([
          ...(addresses.length ? [eb('email', 'in', addresses)] : []),
          ...(memberIds.length ? [eb('member_id', 'in', memberIds)] : []),
        ]),
      )
      .execute();
    applicationIds.push(...applications.map((a) => a.id));
  }
  const orderIds = seed.orderId === undefined ? [] : [seed.orderId];
  if (addresses.length) {
    const orders = await db.selectFrom('natcon_orders').select('id').where('contact_email', 'in', addresses).execute();
    orderIds.push(...orders.map((o) => o.id));
  }
  return {
    userIds: unique(userIds),
    memberIds: unique(memberIds),
    emails: addresses,
    applicationIds: unique(applicationIds),
    orderIds: unique(orderIds),
  };
}
