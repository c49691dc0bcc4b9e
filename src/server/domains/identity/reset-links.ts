import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';

/**
 * Using a link, changing the password or issuing a new link ends every earlier link of the account
 * (issue 7, item 4): the services that do those call this inside their own transaction.
 */
export async function endResetLinks(db: DB, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: nowIso(now) })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
