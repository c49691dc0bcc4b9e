import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import { EMPTY_SITE_SETTINGS, SiteSettingsSchema, type SiteSettings } from '../../../lib/schemas/site-settings';
import { writeAudit } from '../audit/audit';

/** The footer's contact details and social links (issue 28): one JSON value under `settings.site`. */
const KEY = 'site';

/** What is set; nothing (every field null) until the super admin enters it, or if the stored value is unreadable. */
export async function readSiteSettings(db: DB): Promise<SiteSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return EMPTY_SITE_SETTINGS;
  try {
    const parsed = SiteSettingsSchema.safeParse(JSON.parse(row.value));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through: an unreadable value shows nothing rather than breaking every page's footer.
  }
  console.error('[site-settings] unreadable stored value ignored');
  return EMPTY_SITE_SETTINGS;
}

export async function writeSiteSettings(db: DB, user: AuthUser, settings: SiteSettings, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await readSiteSettings(trx);
    const value = JSON.stringify(settings);
    await trx
      .insertInto('settings')
      .values({ key: KEY, value, updated_at: nowIso(now), updated_by: user.id })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso(now), updated_by: user.id }))
      .execute();
    await writeAudit(trx, {
      action: 'settings.updated',
      at: now,
      actorUserId: user.id,
      entity: 'settings',
      entityId: KEY,
      detail: { before, after: settings },
    });
    return settings;
  });
}
