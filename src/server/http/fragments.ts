import { PUBLIC_LIVE_DATA_MAX_AGE_S } from '../../lib/constants';
import type { SiteSettings } from '../../lib/schemas/site-settings';
import { readSiteSettings } from '../domains/organisation/site-settings';
import { getDb } from '../platform/db';

/**
 * The site settings for an HTML fragment that a prerendered page fetches (the footer's contact block, the
 * chat panel's channels), marked cacheable for as long as every live public fragment is: a change by the
 * super admin shows within that time, without a rebuild.
 */
export async function siteSettingsForFragment(response: { headers: Headers }): Promise<SiteSettings> {
  response.headers.set('Cache-Control', `public, max-age=${PUBLIC_LIVE_DATA_MAX_AGE_S}`);
  return readSiteSettings(await getDb());
}
