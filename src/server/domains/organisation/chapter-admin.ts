import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { AuthUser } from '../identity/auth-user';
import { kolkataDate } from '../../../lib/financial-year';
import { ROLE } from '../../../lib/roles';
import type {
  AdminChapter,
  AdminChapterDetail,
  ChapterCreate,
  ChapterUpdate,
  Region,
} from '../../../lib/schemas/admin';
import { writeAudit } from '../audit/audit';
import { chapterFields, type ChapterColumns } from './chapters';
import { bearersOfChapter } from './office-bearers';

/**
 * The chapters as staff manage them (issue 11). The super admin creates, edits and deactivates;
 * a chapter admin sees and edits only its own chapter (contacts and office bearers); the admin
 * (role 5) reads all. A chapter is never deleted, so its code, which member numbers carry, is never
 * reused; the unique index on `code` refuses a second chapter with a used code, active or not.
 */

export type ChapterSort = 'region' | 'code' | 'name' | 'city';

export interface ChapterListOptions {
  page: number;
  pageSize: number;
  q?: string;
  region?: Region;
  active?: boolean;
  sort?: { field: ChapterSort; direction: 'asc' | 'desc' };
}

const SORT_COLUMNS = {
  region: 'chapters.region',
  code: 'chapters.code',
  name: 'chapters.name',
  city: 'chapters.city',
} as const;

function memberCount() {
  return sql<number>`(select count(*) from members where members.chapter_id = chapters.id)`;
}

type ChapterRow = ChapterColumns & { region: Region; active: number; member_count: number };

function toAdminChapter(row: ChapterRow): AdminChapter {
  return {
    ...chapterFields(row),
    region: row.region,
    active: row.active === 1,
    memberCount: Number(row.member_count),
  };
}

/** Chapters the viewer may see: a chapter admin only its own, roles 2 and 5 all. */
function scoped(db: DB, viewer: AuthUser) {
  let query = db
    .selectFrom('chapters')
    .select([
      'id',
      'code',
      'name',
      'region',
      'city',
      'state',
      'address',
      'contact_name',
      'contact_email',
      'contact_phone',
      'active',
      memberCount().as('member_count'),
    ]);
  if (viewer.roleId === ROLE.chapterAdmin) query = query.where('chapters.id', '=', viewer.chapterId ?? -1);
  return query;
}

export async function listAdminChapters(
  db: DB,
  viewer: AuthUser,
  options: ChapterListOptions,
): Promise<{ items: AdminChapter[]; total: number; page: number; pageSize: number }> {
  let query = scoped(db, viewer);
  if (options.q) {
    const like = `%${options.q.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['chapters.name']), 'like', like),
        eb(eb.fn('lower', ['chapters.code']), 'like', like),
        eb(eb.fn('lower', ['chapters.city']), 'like', like),
      ]),
    );
  }
  if (options.region) query = query.where('chapters.region', '=', options.region);
  if (options.active !== undefined) query = query.where('chapters.active', '=', options.active ? 1 : 0);
  const sort = options.sort ?? { field: 'region', direction: 'asc' };
  const [rows, total] = await Promise.all([
    query
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('chapters.name')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => toAdminChapter(row as ChapterRow)),
    total: Number(total.n),
    page: options.page,
    pageSize: options.pageSize,
  };
}

/** One chapter with every office-bearer term, within the viewer's scope (else undefined: a 404). */
export async function adminChapterDetail(
  db: DB,
  viewer: AuthUser,
  chapterId: number,
  now: Date,
): Promise<AdminChapterDetail | undefined> {
  const row = await scoped(db, viewer).where('chapters.id', '=', chapterId).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toAdminChapter(row as ChapterRow),
    officeBearers: await bearersOfChapter(db, chapterId, kolkataDate(now)),
  };
}

/** Whether the viewer may change this chapter's contacts and office bearers. */
export async function canManageChapter(db: DB, viewer: AuthUser, chapterId: number): Promise<boolean> {
  if (viewer.roleId === ROLE.chapterAdmin && viewer.chapterId !== chapterId) return false;
  if (viewer.roleId !== ROLE.superAdmin && viewer.roleId !== ROLE.chapterAdmin) return false;
  const row = await db.selectFrom('chapters').select('id').where('id', '=', chapterId).executeTakeFirst();
  return Boolean(row);
}

const columnsOf = (input: ChapterUpdate) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.region !== undefined ? { region: input.region } : {}),
  ...(input.city !== undefined ? { city: input.city } : {}),
  ...(input.state !== undefined ? { state: input.state } : {}),
  ...(input.address !== undefined ? { address: input.address || null } : {}),
  ...(input.contactName !== undefined ? { contact_name: input.contactName || null } : {}),
  ...(input.contactEmail !== undefined ? { contact_email: input.contactEmail || null } : {}),
  ...(input.contactPhone !== undefined ? { contact_phone: input.contactPhone || null } : {}),
  ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
});

const auditable = (row: AdminChapter) => {
  const { memberCount: _count, ...rest } = row;
  return rest;
};

export type ChapterCreateResult = { ok: true; chapter: AdminChapter } | { ok: false; reason: 'code_taken' };

export async function createChapter(
  db: DB,
  input: ChapterCreate,
  actor: { id: number; ip: string },
  now: Date,
): Promise<ChapterCreateResult> {
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    // The unique index decides between two simultaneous creations; this is the friendly answer.
    const taken = await trx.selectFrom('chapters').select('id').where('code', '=', input.code).executeTakeFirst();
    if (taken) return { ok: false as const, reason: 'code_taken' as const };
    const inserted = await trx
      .insertInto('chapters')
      .values({
        code: input.code,
        name: input.name,
        region: input.region,
        city: input.city,
        state: input.state,
        address: null,
        contact_name: null,
        contact_email: null,
        contact_phone: null,
        ...columnsOf(input),
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { ok: false as const, reason: 'code_taken' as const };
    const row = await scoped(trx, { roleId: ROLE.superAdmin } as AuthUser)
      .where('chapters.id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    const chapter = toAdminChapter(row as ChapterRow);
    await writeAudit(trx, {
      action: 'chapter.created',
      at: now,
      actorUserId: actor.id,
      entity: 'chapter',
      entityId: chapter.id,
      ip: actor.ip,
      detail: { before: null, after: auditable(chapter) },
    });
    return { ok: true as const, chapter };
  });
}

/**
 * Changes a chapter within the editor's scope (undefined outside it). The route has already kept
 * a chapter admin to the contact fields.
 */
export async function updateChapter(
  db: DB,
  editor: AuthUser,
  chapterId: number,
  input: ChapterUpdate,
  context: { ip: string; now: Date },
): Promise<AdminChapter | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await scoped(trx, editor).where('chapters.id', '=', chapterId).executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable('chapters')
      .set({ ...columnsOf(input), updated_at: nowIso(context.now) })
      .where('id', '=', chapterId)
      .execute();
    const after = toAdminChapter(
      (await scoped(trx, editor).where('chapters.id', '=', chapterId).executeTakeFirstOrThrow()) as ChapterRow,
    );
    await writeAudit(trx, {
      action: 'chapter.updated',
      at: context.now,
      actorUserId: editor.id,
      entity: 'chapter',
      entityId: chapterId,
      ip: context.ip,
      detail: { before: auditable(toAdminChapter(before as ChapterRow)), after: auditable(after) },
    });
    return after;
  });
}
