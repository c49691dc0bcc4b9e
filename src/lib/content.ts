import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';

/**
 * The only way pages and components read content collections: each getter returns the entries
 * in the order the page shows them, so no page sorts or filters inline. It lives in src/lib (not
 * src/server) because static components import its types; `astro:content` runs at build time or
 * on the server, so islands never import the getters themselves.
 */

export type MenuGroup = CollectionEntry<'menu'>['data'];
export type CouncilMember = CollectionEntry<'council'>['data'];
export type Fellow = CollectionEntry<'fellows'>['data'];
export type EthicsItem = CollectionEntry<'ethics'>['data'];
export type Partner = CollectionEntry<'partners'>['data'];

const dataOf = <T extends { data: unknown }>(entries: T[]): T['data'][] => entries.map((entry) => entry.data);

/** The header menu's groups, in file order (the spec's order). */
export async function getMenu(): Promise<MenuGroup[]> {
  return dataOf(await getCollection('menu'));
}

/** National Council members in file order: editors put the president first. */
export async function getCouncil(): Promise<CouncilMember[]> {
  return dataOf(await getCollection('council'));
}

/** Past national presidents and the other fellows, each list alphabetical by name. */
export async function getFellowship(): Promise<{ presidents: Fellow[]; fellows: Fellow[] }> {
  const all = dataOf(await getCollection('fellows')).sort((a, b) => a.name.localeCompare(b.name, 'en-IN'));
  return { presidents: all.filter((f) => f.kind === 'president'), fellows: all.filter((f) => f.kind === 'fellow') };
}

/** The nine principles of the code of ethics, in file order. */
export async function getEthics(): Promise<EthicsItem[]> {
  return dataOf(await getCollection('ethics'));
}

/** Collaboration partners, in file order. */
export async function getPartners(): Promise<Partner[]> {
  return dataOf(await getCollection('partners'));
}

/**
 * A Markdown page with its rendered body: about, vision, mission, leadership, and the terms, refund
 * policy and contact pages a payment gateway asks to see (edited by the institute in src/content/pages).
 */
export async function getPage(
  id: 'about' | 'vision' | 'mission' | 'leadership' | 'terms' | 'refund-policy' | 'contact',
) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`The page src/content/pages/${id}.md is missing.`);
  const { Content } = await render(entry);
  return { ...entry.data, Content };
}

/** Every public path the site serves from the menu, plus the home page: for the sitemap. */
export async function getPublicPaths(): Promise<string[]> {
  const paths = new Set<string>(['/']);
  for (const group of await getMenu()) {
    paths.add(group.href);
    for (const item of group.items) if (item.href.startsWith('/')) paths.add(item.href);
  }
  return [...paths];
}

export type ArchiveEvent = CollectionEntry<'archiveEvents'>['data'];
export type ArchiveIssue = CollectionEntry<'archiveIssues'>['data'];

/** Past events kept in the content collection, latest first; one type or all. */
export async function getArchiveEvents(type?: ArchiveEvent['type']): Promise<ArchiveEvent[]> {
  return dataOf(await getCollection('archiveEvents'))
    .filter((e) => !type || e.type === type)
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** Issues of one series kept in the content collection, latest first. */
export async function getArchiveIssues(series: ArchiveIssue['series']): Promise<ArchiveIssue[]> {
  return dataOf(await getCollection('archiveIssues'))
    .filter((i) => i.series === series)
    .sort((a, b) => b.date.localeCompare(a.date));
}

export type PrivacyNotice = CollectionEntry<'privacy'>['data'];

/** Every version of the privacy notice, newest first. */
export async function getPrivacyNotices(): Promise<PrivacyNotice[]> {
  return dataOf(await getCollection('privacy')).sort((a, b) => b.version - a.version);
}

/** One version of the privacy notice with its rendered body (the newest without a version); null if none. */
export async function getPrivacyNotice(version?: number) {
  const entries = (await getCollection('privacy')).sort((a, b) => b.data.version - a.data.version);
  const entry = version === undefined ? entries[0] : entries.find((e) => e.data.version === version);
  if (!entry) return null;
  const { Content } = await render(entry);
  return { ...entry.data, Content, newest: entry === entries[0] };
}
