import type { AstroGlobal } from 'astro';
import { getArchiveEvents, getArchiveIssues, type ArchiveEvent, type ArchiveIssue } from '../../lib/content';
import type {
  AlbumDetail,
  AlbumItem,
  EventItem,
  EventType,
  PublicationItem,
  PublicationSeries,
} from '../../lib/schemas/content';
import { getDb } from '../platform/db';
import { cachePublicPage, keptPublicPage } from './page-cache';
import { getAlbum, listAlbums } from '../domains/content/albums';
import { eventsVersion, nextEventEnd, publishedEvent, publishedEvents } from '../domains/content/events';
import { listPublications } from '../domains/content/publications';

/**
 * What the live public pages show, read from the database and the archive collections. It lives
 * beside the page cache rather than in the content domain because it answers Astro requests
 * (conditional GETs, kept copies), which domain code never sees. Each loader
 * answers the page's data, or what to send without rendering (`notModified`: a 304 when the browser's
 * copy is current, or the copy already rendered for the same data).
 */

export const PUBLIC_PAGE_SIZE = 12;
const KEPT_AT_MOST_MS = 3_600_000;

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export interface EventListData {
  items: (EventItem & { summary: string; past: boolean })[];
  total: number;
  page: number;
  pageSize: number;
  archive: ArchiveEvent[];
  chapters: { id: number; name: string }[];
  chapterId: number | null;
}

export async function loadEventList(
  astro: AstroGlobal,
  type?: EventType,
): Promise<{ data: EventListData } | { notModified: Response }> {
  const db = await getDb();
  const now = new Date();
  const version = await eventsVersion(db);
  const kept = keptPublicPage<EventListData>(astro.request, astro.response.headers, version, now.getTime());
  if (kept) return 'response' in kept ? { notModified: kept.response } : kept;
  const chapterParam = Number(astro.url.searchParams.get('chapter'));
  const chapterId = type === 'chapter' && Number.isInteger(chapterParam) && chapterParam > 0 ? chapterParam : null;
  const page = pageOf(astro.url);
  const [events, chapters, archive, nextEnd] = await Promise.all([
    publishedEvents(db, { type, chapterId: chapterId ?? undefined, page, pageSize: PUBLIC_PAGE_SIZE, now }),
    type === 'chapter' ? db.selectFrom('chapters').select(['id', 'name']).orderBy('name').execute() : [],
    page === 1 && !chapterId ? getArchiveEvents(type) : [],
    nextEventEnd(db, now),
  ]);
  const items = events.items.map((event) => ({
    ...event,
    summary: event.summary.length > 180 ? `${event.summary.slice(0, 179).trimEnd()}…` : event.summary,
    past: Date.parse(event.endsAt) < now.getTime(),
  }));
  const data = { ...events, items, archive, chapters, chapterId };
  // Kept until the content changes or the next event ends (it moves to the past), at most an hour.
  const validUntil = Math.min(nextEnd ? Date.parse(nextEnd) : Infinity, now.getTime() + KEPT_AT_MOST_MS);
  const notModified = cachePublicPage(astro.request, astro.response.headers, data, { version, validUntil });
  return notModified ? { notModified } : { data };
}

export async function loadEvent(
  astro: AstroGlobal,
): Promise<{ event: EventItem; summary: string } | { response: Response }> {
  const id = Number(astro.params.id);
  const event = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await publishedEvent(await getDb(), id) : null;
  if (!event) return { response: await astro.rewrite('/404') };
  const notModified = cachePublicPage(astro.request, astro.response.headers, event);
  return notModified ? { response: notModified } : { event, summary: event.summary };
}

export async function loadAlbums(
  astro: AstroGlobal,
): Promise<
  { data: { items: AlbumItem[]; total: number; page: number; pageSize: number } } | { notModified: Response }
> {
  const data = await listAlbums(await getDb(), {
    page: pageOf(astro.url),
    pageSize: PUBLIC_PAGE_SIZE,
    publishedOnly: true,
  });
  const notModified = cachePublicPage(astro.request, astro.response.headers, data);
  return notModified ? { notModified } : { data };
}

export async function loadAlbum(astro: AstroGlobal): Promise<{ album: AlbumDetail } | { response: Response }> {
  const id = Number(astro.params.id);
  const album =
    Number.isInteger(id) && id > 0 && id < 2 ** 31
      ? await getAlbum(await getDb(), id, { publishedOnly: true }).catch(() => null)
      : null;
  if (!album) return { response: await astro.rewrite('/404') };
  const notModified = cachePublicPage(astro.request, astro.response.headers, album);
  return notModified ? { response: notModified } : { album };
}

export interface PublicationListData {
  items: PublicationItem[];
  total: number;
  page: number;
  pageSize: number;
  archive: ArchiveIssue[];
}

export async function loadPublications(
  astro: AstroGlobal,
  series: PublicationSeries,
): Promise<{ data: PublicationListData } | { notModified: Response }> {
  const page = pageOf(astro.url);
  const [issues, archive] = await Promise.all([
    listPublications(await getDb(), { series, page, pageSize: PUBLIC_PAGE_SIZE, publishedOnly: true }),
    page === 1 ? getArchiveIssues(series) : [],
  ]);
  const data = { ...issues, archive };
  const notModified = cachePublicPage(astro.request, astro.response.headers, data);
  return notModified ? { notModified } : { data };
}
