import type { DB } from '../../platform/db';
import type { AuditEntry } from '../../../lib/schemas/admin';
import { containsText } from '../../platform/db/export-rows';

/**
 * Reading the activity log (issue 11). Entries are written by `writeAudit` and never changed or
 * deleted by any route: this module only reads. Dates are Asia/Kolkata days: `from` and `to`
 * include the whole day there.
 */

export interface AuditFilter {
  userId?: number;
  /** Part of the acting user's name or e-mail. */
  user?: string;
  /** An exact action (`chapter.updated`) or a family ending with a dot (`auth.`). */
  action?: string;
  /** `entity` or `entity:id`. */
  record?: string;
  from?: string;
  to?: string;
}

const KOLKATA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The UTC instant at which a Kolkata day starts, as stored (ISO text). */
export function kolkataDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KOLKATA_OFFSET_MS).toISOString();
}

function filtered(db: DB, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_user_id');
  if (filter.userId) query = query.where('audit_log.actor_user_id', '=', filter.userId);
  if (filter.user) {
    const user = filter.user;
    query = query.where((eb) =>
      eb.or([containsText(eb.ref('users.name'), user), containsText(eb.ref('users.email'), user)]),
    );
  }
  if (filter.action) {
    query = filter.action.endsWith('.')
      ? query.where('audit_log.action', 'like', `${filter.action.replace(/[%_]/g, '')}%`)
      : query.where('audit_log.action', '=', filter.action);
  }
  if (filter.record) {
    const [entity, id] = filter.record.split(':');
    query = query.where('audit_log.entity', '=', entity);
    if (id) query = query.where('audit_log.entity_id', '=', id);
  }
  if (filter.from) query = query.where('audit_log.at', '>=', kolkataDayStart(filter.from));
  if (filter.to) {
    const next = new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    query = query.where('audit_log.at', '<', kolkataDayStart(next));
  }
  return query;
}

const COLUMNS = [
  'audit_log.id',
  'audit_log.at',
  'audit_log.action',
  'audit_log.entity',
  'audit_log.entity_id',
  'audit_log.ip',
  'audit_log.detail',
  'audit_log.actor_user_id',
  'users.name as actor_name',
  'users.email as actor_email',
] as const;

type Row = {
  id: number;
  at: string;
  action: string;
  entity: string | null;
  entity_id: string | null;
  ip: string | null;
  detail: string | null;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
};

function parseDetail(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { text };
  }
}

function toEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor:
      row.actor_user_id !== null
        ? { id: row.actor_user_id, name: row.actor_name ?? '', email: row.actor_email ?? '' }
        : null,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    ip: row.ip,
    detail: parseDetail(row.detail),
  };
}

export async function listAudit(db: DB, filter: AuditFilter & { page: number; pageSize: number }) {
  const query = filtered(db, filter);
  const [rows, total] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy('audit_log.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toEntry), total: Number(total.n), page: filter.page, pageSize: filter.pageSize };
}

/** Every matching entry, newest first, in pages keyed by id (no OFFSET scans), for the CSV export. */
export async function* allAudit(db: DB, filter: AuditFilter) {
  let below: number | undefined;
  for (;;) {
    let query = filtered(db, filter).select(COLUMNS);
    if (below !== undefined) query = query.where('audit_log.id', '<', below);
    const rows = await query.orderBy('audit_log.id', 'desc').limit(500).execute();
    for (const row of rows) yield toEntry(row);
    if (rows.length < 500) return;
    below = rows[rows.length - 1].id;
  }
}

/** The distinct actions recorded, for the filter's choices. */
export async function auditActions(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((row) => row.action);
}
