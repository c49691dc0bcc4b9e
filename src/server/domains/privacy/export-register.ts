import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import type { PersonalDataExport } from '../../../lib/schemas/privacy-desk';

/**
 * The register of lists staff downloaded (issue 26): every staff CSV export is written here by the
 * one CSV helper (`api/csv.ts`) once its last row has gone, so the desk can answer who took which
 * people's data, with which filters, and how many rows.
 */

export interface ExportRecord {
  userId: number | null;
  list: string;
  filters: Record<string, string>;
  rows: number;
}

/** The list's name from its file name: the date and the `.csv` taken off (`members-2026-11-25.csv` → `members`). */
export function listName(filename: string): string {
  return (
    filename
      .replace(/\.csv$/i, '')
      .replace(/-\d{4}-\d{2}(-\d{2})?$/, '')
      .slice(0, 80) || 'export'
  );
}

export async function recordExport(db: DB, record: ExportRecord, now: Date): Promise<void> {
  await db
    .insertInto('personal_data_exports')
    .values({
      at: nowIso(now),
      user_id: record.userId,
      list: record.list,
      filters: JSON.stringify(record.filters),
      rows: record.rows,
    })
    .execute();
}

export interface RegisterFilter {
  list?: string;
  userId?: number;
}

function filtered(db: DB, filter: RegisterFilter) {
  let query = db.selectFrom('personal_data_exports').leftJoin('users', 'users.id', 'personal_data_exports.user_id');
  if (filter.list) query = query.where('personal_data_exports.list', '=', filter.list);
  if (filter.userId !== undefined) query = query.where('personal_data_exports.user_id', '=', filter.userId);
  return query;
}

const COLUMNS = [
  'personal_data_exports.id',
  'personal_data_exports.at',
  'personal_data_exports.user_id',
  'personal_data_exports.list',
  'personal_data_exports.filters',
  'personal_data_exports.rows',
  'users.email',
] as const;

function viewOf(row: {
  id: number;
  at: string;
  user_id: number | null;
  list: string;
  filters: string;
  rows: number;
  email: string | null;
}): PersonalDataExport {
  let filters: Record<string, string> = {};
  try {
    filters = JSON.parse(row.filters) as Record<string, string>;
  } catch {
    // An unreadable value shows as no filters rather than failing the register.
  }
  return {
    id: row.id,
    at: row.at,
    userId: row.user_id,
    userEmail: row.email,
    list: row.list,
    filters,
    rows: Number(row.rows),
  };
}

/** One page of the register, newest first. */
export async function listExports(
  db: DB,
  filter: RegisterFilter & { page: number; pageSize: number },
): Promise<{ items: PersonalDataExport[]; total: number }> {
  const total = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .select(COLUMNS)
    .orderBy('personal_data_exports.at', 'desc')
    .orderBy('personal_data_exports.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { items: rows.map(viewOf), total: Number(total.n) };
}

/** Every entry the filter selects, newest first, in batches (the register's own CSV). */
export async function* allExports(db: DB, filter: RegisterFilter): AsyncGenerator<PersonalDataExport> {
  const batch = 500;
  for (let offset = 0; ; offset += batch) {
    const rows = await filtered(db, filter)
      .select(COLUMNS)
      .orderBy('personal_data_exports.at', 'desc')
      .orderBy('personal_data_exports.id', 'desc')
      .limit(batch)
      .offset(offset)
      .execute();
    for (const row of rows) yield viewOf(row);
    if (rows.length < batch) return;
  }
}
