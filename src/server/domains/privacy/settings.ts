import type { DB } from '../../platform/db';
import { DEFAULT_PRIVACY_SETTINGS, PrivacySettingsSchema, type PrivacySettings } from '../../../lib/schemas/privacy';

/** The settings row that holds the grievance officer and the retention periods (JSON, one value). */
export const PRIVACY_SETTINGS_KEY = 'privacy';

/**
 * The privacy settings in force: the stored value over the defaults. A value that no longer parses
 * (an older shape) falls back to the defaults rather than leaving the notice without periods.
 */
export async function readPrivacySettings(db: DB): Promise<PrivacySettings> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', PRIVACY_SETTINGS_KEY)
    .executeTakeFirst();
  if (!row) return DEFAULT_PRIVACY_SETTINGS;
  try {
    const stored = JSON.parse(row.value) as Partial<PrivacySettings>;
    // A period added after the value was saved takes its default; the saved ones stand.
    const parsed = PrivacySettingsSchema.safeParse({
      ...DEFAULT_PRIVACY_SETTINGS,
      ...stored,
      retention: { ...DEFAULT_PRIVACY_SETTINGS.retention, ...stored.retention },
    });
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable JSON: the defaults below.
  }
  console.error('[privacy] unreadable privacy settings; the defaults apply');
  return DEFAULT_PRIVACY_SETTINGS;
}
