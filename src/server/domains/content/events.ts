import { sql } from 'kysely';
import { ROLE } from '../../../lib/roles';
import {
  EVENT_SORT_FIELDS,
  eventRuleErrors,
  type EventInput,
  type EventItem,
  type EventType,
  type ContentStatus,
} from '../../../lib/schemas/content';
import { forbidden, notFound, invalid } from '../errors';
import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import type { FileStore } from '../../platform/storage';
import { containsText } from '../../platform/db/export-rows';
import { exportAll, listPage } from './listing';
import type { SortOrder } from '../../../lib/schemas/common';
import {
  checkCover,
  imagesByIds,
  releaseAttachments,
  releaseImages,
  releaseReplacedCover,
  storeDocument,
} from './files';
import { plainSummary, renderMarkdown } from './markdown';

/**
 * Events: national, regional (with a region) and chapter (with a chapter). A chapter admin (role 4)
 * sees and changes only their chapter's events: anything else is a 404, as if it did not exist.
 */

/** The description's columns: the Markdown, and its HTML and summary rendered once, on save. */
export function describedAs(description: string) {
  return { description, description_html: renderMarkdown(description), summary: plainSummary(description, 300) };
}

export interface EventFilters {
  status?: ContentStatus;
  type?: EventType;
  chapterId?: number;
  q?: string;
  sort: SortOrder<(typeof EVENT_SORT_FIELDS)[number]>;
}

const EVENT_SORT_COLUMNS = { startsAt: 'e.starts_at', title: 'e.title', updatedAt: 'e.updated_at' } as const;

interface StoredAttachment {
  key: string;
  url: string;
  filename: string;
  size: number;
  mime: string;
}

function baseQuery(db: DB) {
  return db
    .selectFrom('events as e')
    .leftJoin('chapters as c', 'c.id', 'e.chapter_id')
    .selectAll('e')
    .select('c.name as chapter_name');
}

type EventRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

async function toItems(db: DB, rows: EventRow[]): Promise<EventItem[]> {
  const covers = await imagesByIds(
    db,
    rows.map((r) => r.cover_image_id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type,
    region: row.region,
    chapterId: row.chapter_id,
    chapterName: row.chapter_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    venue: row.venue,
    onlineUrl: row.online_url,
    description: row.description,
    descriptionHtml: row.description_html,
    summary: row.summary,
    cover: row.cover_image_id ? (covers.get(row.cover_image_id) ?? null) : null,
    registration: row.registration,
    registrationUrl: row.registration_url,
    attachments: (JSON.parse(row.attachments) as StoredAttachment[]).map(({ url, filename, size, mime }) => ({
      url,
      filename,
      size,
      mime,
    })),
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** A chapter admin's list is their chapter's chapter events; everyone else's is every event. */
function scoped<Q extends { where: (...args: never[]) => Q }>(query: Q, caller: AuthUser): Q {
  if (caller.roleId !== ROLE.chapterAdmin) return query;
  const q = query as unknown as ReturnType<typeof baseQuery>;
  return q.where('e.type', '=', 'chapter').where('e.chapter_id', '=', caller.chapterId ?? -1) as unknown as Q;
}

function filtered(db: DB, caller: AuthUser, filters: EventFilters) {
  let base = scoped(baseQuery(db), caller);
  if (filters.status) base = base.where('e.status', '=', filters.status);
  if (filters.type) base = base.where('e.type', '=', filters.type);
  if (filters.chapterId) base = base.where('e.chapter_id', '=', filters.chapterId);
  if (filters.q) base = base.where(containsText(sql.ref('e.title'), filters.q));
  return base;
}

function eventListing(db: DB, caller: AuthUser, filters: EventFilters) {
  return {
    filtered: () => filtered(db, caller, filters),
    sort: [EVENT_SORT_COLUMNS[filters.sort.field], filters.sort.direction] as [string, 'asc' | 'desc'],
    idColumn: 'e.id',
    toItems: (rows: EventRow[]) => toItems(db, rows),
  };
}

export async function listEvents(db: DB, caller: AuthUser, query: EventFilters & { page: number; pageSize: number }) {
  return listPage(eventListing(db, caller, query), query);
}

/** Every event of the filters, batch by batch, for the CSV export. */
export function exportEvents(db: DB, caller: AuthUser, filters: EventFilters): AsyncGenerator<EventItem> {
  return exportAll(eventListing(db, caller, filters));
}

async function eventRow(db: DB, caller: AuthUser, id: number): Promise<EventRow> {
  const row = await scoped(baseQuery(db), caller).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such event.');
  return row;
}

export async function getEvent(db: DB, caller: AuthUser, id: number): Promise<EventItem> {
  return (await toItems(db, [await eventRow(db, caller, id)]))[0];
}

/** A chapter admin may only place an event in their own chapter; others may place it anywhere. */
async function checkPlacement(db: DB, caller: AuthUser, event: { type: EventType; chapterId?: number | null }) {
  if (caller.roleId === ROLE.chapterAdmin) {
    if (event.type !== 'chapter') throw forbidden('A chapter admin publishes only their chapter’s events.');
    if (event.chapterId !== caller.chapterId) throw notFound('No such chapter.');
  }
  if (event.type === 'chapter' && event.chapterId) {
    const chapter = await db.selectFrom('chapters').select('id').where('id', '=', event.chapterId).executeTakeFirst();
    if (!chapter) throw invalid({ chapterId: 'No such chapter.' });
  }
}

function columnsOf(input: Partial<EventInput>) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.type !== undefined && { type: input.type }),
    ...(input.startsAt !== undefined && { starts_at: new Date(input.startsAt).toISOString() }),
    ...(input.endsAt !== undefined && { ends_at: new Date(input.endsAt).toISOString() }),
    ...(input.venue !== undefined && { venue: input.venue }),
    ...(input.onlineUrl !== undefined && { online_url: input.onlineUrl }),
    ...(input.description !== undefined && describedAs(input.description)),
    ...(input.coverImageId !== undefined && { cover_image_id: input.coverImageId }),
    ...(input.registration !== undefined && { registration: input.registration }),
    ...(input.registrationUrl !== undefined && { registration_url: input.registrationUrl }),
    ...(input.status !== undefined && { status: input.status }),
  };
}

/** Region only for regional events, chapter only for chapter events: the other is cleared. */
function placementColumns(event: { type: EventType; region?: string | null; chapterId?: number | null }) {
  return {
    region: event.type === 'regional' ? ((event.region ?? null) as EventRow['region']) : null,
    chapter_id: event.type === 'chapter' ? (event.chapterId ?? null) : null,
  };
}

export async function createEvent(db: DB, caller: AuthUser, input: EventInput, now: Date): Promise<EventItem> {
  await checkPlacement(db, caller, input);
  await checkCover(db, input.coverImageId);
  const at = nowIso(now);
  const row = await db
    .insertInto('events')
    .values({
      ...columnsOf(input),
      ...placementColumns(input),
      title: input.title,
      type: input.type,
      starts_at: new Date(input.startsAt).toISOString(),
      ends_at: new Date(input.endsAt).toISOString(),
      ...describedAs(input.description),
      status: input.status,
      created_by: caller.id,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getEvent(db, caller, row.id);
}

export async function updateEvent(
  db: DB,
  storage: FileStore,
  caller: AuthUser,
  id: number,
  patch: Partial<EventInput>,
  now: Date,
): Promise<EventItem> {
  const previousCover = await db.transaction().execute(async (trx) => {
    const current = await eventRow(trx, caller, id);
    const merged = {
      type: patch.type ?? current.type,
      region: patch.region !== undefined ? patch.region : current.region,
      chapterId: patch.chapterId !== undefined ? patch.chapterId : current.chapter_id,
      startsAt: patch.startsAt ?? current.starts_at,
      endsAt: patch.endsAt ?? current.ends_at,
      registration: patch.registration ?? current.registration,
      registrationUrl: patch.registrationUrl !== undefined ? patch.registrationUrl : current.registration_url,
    };
    const errors = eventRuleErrors(merged);
    if (Object.keys(errors).length) throw invalid(errors);
    await checkPlacement(trx, caller, merged);
    await checkCover(trx, patch.coverImageId);
    await trx
      .updateTable('events')
      .set({ ...columnsOf(patch), ...placementColumns(merged), updated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    return current.cover_image_id;
  });
  await releaseReplacedCover(db, storage, patch.coverImageId, previousCover);
  return getEvent(db, caller, id);
}

/** Deletes an event, then its cover (unless shown elsewhere) and its attachments' files. */
export async function deleteEvent(db: DB, storage: FileStore, caller: AuthUser, id: number): Promise<void> {
  const released = await db.transaction().execute(async (trx) => {
    const current = await eventRow(trx, caller, id);
    await trx.updateTable('albums').set({ event_id: null }).where('event_id', '=', id).execute();
    await trx.deleteFrom('events').where('id', '=', id).execute();
    return {
      cover: current.cover_image_id,
      attachments: (JSON.parse(current.attachments) as StoredAttachment[]).map((a) => a.key),
    };
  });
  await releaseImages(db, storage, [released.cover]);
  await releaseAttachments(db, storage, released.attachments);
}

export async function addAttachment(
  db: DB,
  storage: FileStore,
  caller: AuthUser,
  id: number,
  file: { bytes: Uint8Array; name: string },
  now: Date,
): Promise<EventItem> {
  await eventRow(db, caller, id);
  const stored = await storeDocument(db, storage, file, 'attachment', caller.id, now);
  // The row is locked while the list grows (SQLite writes one transaction at a time anyway), so
  // two uploads at once both stay listed.
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('events')
      .select('attachments')
      .where('id', '=', id)
      .$if(dialectOf(trx as never) === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    const list = JSON.parse(row?.attachments ?? '[]') as StoredAttachment[];
    list.push(stored);
    await trx
      .updateTable('events')
      .set({ attachments: JSON.stringify(list), updated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
  });
  return getEvent(db, caller, id);
}

export async function removeAttachment(
  db: DB,
  storage: FileStore,
  caller: AuthUser,
  id: number,
  key: string,
  now: Date,
): Promise<EventItem> {
  await eventRow(db, caller, id);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('events')
      .select('attachments')
      .where('id', '=', id)
      .$if(dialectOf(trx as never) === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const list = JSON.parse(row.attachments) as StoredAttachment[];
    if (!list.some((a) => a.key === key)) throw notFound('No such attachment.');
    await trx
      .updateTable('events')
      .set({ attachments: JSON.stringify(list.filter((a) => a.key !== key)), updated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
  });
  await releaseAttachments(db, storage, [key]);
  return getEvent(db, caller, id);
}

/** Published events for the public lists: upcoming first (soonest first), then past (latest first). */
export async function publishedEvents(
  db: DB,
  options: { type?: EventType; chapterId?: number; page: number; pageSize: number; now: Date },
) {
  const now = nowIso(options.now);
  let base = baseQuery(db).where('e.status', '=', 'published');
  if (options.type) base = base.where('e.type', '=', options.type);
  if (options.chapterId) base = base.where('e.chapter_id', '=', options.chapterId);
  const [rows, total] = await Promise.all([
    base
      .orderBy(sql`case when e.ends_at >= ${now} then 0 else 1 end`)
      .orderBy(sql`case when e.ends_at >= ${now} then e.starts_at end`, 'asc')
      .orderBy('e.starts_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await toItems(db, rows), total: Number(total.count), page: options.page, pageSize: options.pageSize };
}

/**
 * The version of everything the event lists show: the number of events, their latest change and
 * the chapters' latest change (a chapter's name is shown). One query of aggregates, so a list page
 * can tell that what it kept is still current without reading the list again.
 */
export async function eventsVersion(db: DB): Promise<string> {
  const { rows } = await sql<{ version: string }>`
    select (select count(*) from events) || '|' || coalesce((select max(updated_at) from events), '')
      || '|' || coalesce((select max(updated_at) from chapters), '') as version`.execute(db);
  return rows[0]?.version ?? '';
}

/** When the next published event ends after `now` (the lists reorder then), or null. */
export async function nextEventEnd(db: DB, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.min('ends_at').as('next'))
    .where('status', '=', 'published')
    .where('ends_at', '>=', nowIso(now))
    .executeTakeFirst();
  return row?.next ?? null;
}

export async function publishedEvent(db: DB, id: number): Promise<EventItem | null> {
  const row = await baseQuery(db).where('e.id', '=', id).where('e.status', '=', 'published').executeTakeFirst();
  return row ? (await toItems(db, [row]))[0] : null;
}
