import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { writeAudit } from '../audit/audit';
import type { PrivacySettings, PrivacySettingsPatch } from '../../../lib/schemas/privacy';
import { PRIVACY_SETTINGS_KEY, readPrivacySettings } from './settings';

/** Stores the officer and the periods given (each whole), audited with before and after. Super admin only. */
export async function updatePrivacySettings(
  db: DB,
  actorUserId: number,
  patch: PrivacySettingsPatch,
  now: Date,
): Promise<PrivacySettings> {
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    const before = await readPrivacySettings(trx);
    const after = { ...before, ...patch };
    const value = JSON.stringify(after);
    await trx
      .insertInto('settings')
      .values({ key: PRIVACY_SETTINGS_KEY, value, updated_at: at, updated_by: actorUserId })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: actorUserId }))
      .execute();
    await writeAudit(trx, {
      action: 'privacy.settings_updated',
      at: now,
      actorUserId,
      entity: 'settings',
      entityId: PRIVACY_SETTINGS_KEY,
      detail: { before, after },
    });
    return after;
  });
}
