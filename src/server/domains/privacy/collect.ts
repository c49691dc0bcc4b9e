import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../platform/db';
import { EXPORT_SOURCES, SUBJECT_KINDS, subjectIdsFor, type ExportSource, type PersonKeys } from './export-manifest';

/** Tables read by name from the manifest: every column is `unknown` until the JSON is written. */
type AnyRow = Record<string, unknown>;
type AnyDatabase = Record<string, AnyRow>;

export interface CollectedSection {
  source: ExportSource;
  rows: AnyRow[];
}

export interface CollectedFile {
  /** Path inside the ZIP, `files/<table>/<key>`. */
  path: string;
  key: string;
}

/** The conditions of a source's links that apply to these keys (a link with no keys adds none). */
function conditions(eb: ExpressionBuilder<AnyDatabase, string>, source: ExportSource, keys: PersonKeys) {
  const ors = [];
  const subjectIds = subjectIdsFor(keys);
  for (const link of source.links) {
    if (link.by === 'member' && keys.memberIds.length) ors.push(eb(link.column, 'in', keys.memberIds));
    if (link.by === 'user' && keys.userIds.length) ors.push(eb(link.column, 'in', keys.userIds));
    if (link.by === 'application' && keys.applicationIds.length) ors.push(eb(link.column, 'in', keys.applicationIds));
    if (link.by === 'order' && keys.orderIds.length) ors.push(eb(link.column, 'in', keys.orderIds));
    if (link.by === 'email' && keys.emails.length)
      for (const column of link.columns) ors.push(eb(column, 'in', keys.emails));
    if (link.by === 'subject')
      for (const purpose of Object.keys(SUBJECT_KINDS) as (keyof typeof SUBJECT_KINDS)[]) {
        const ids = subjectIds[purpose];
        if (ids.length) ors.push(eb.and([eb(link.purposeColumn, '=', purpose), eb(link.subjectColumn, 'in', ids)]));
      }
  }
  return ors;
}

/** The rows of one source that belong to the person, without its omitted columns; [] when no link applies. */
export async function rowsOf(db: DB, source: ExportSource, keys: PersonKeys): Promise<AnyRow[]> {
  const anyDb = db as unknown as Kysely<AnyDatabase>;
  let applies = false;
  const rows = await anyDb
    .selectFrom(source.table)
    .selectAll()
    .where((eb) => {
      const ors = conditions(eb, source, keys);
      applies = ors.length > 0;
      return ors.length ? eb.or(ors) : eb.lit(false);
    })
    .execute();
  if (!applies) return [];
  return rows.map((row) => {
    const kept = { ...row };
    for (const column of source.omit ?? []) delete kept[column];
    return kept;
  });
}

/** Every row and file about the person, source by source, in manifest order. */
export async function collectPersonData(
  db: DB,
  keys: PersonKeys,
  extraSources: readonly ExportSource[] = [],
): Promise<{ sections: CollectedSection[]; files: CollectedFile[] }> {
  const sections: CollectedSection[] = [];
  const files: CollectedFile[] = [];
  for (const source of [...EXPORT_SOURCES, ...extraSources]) {
    const rows = await rowsOf(db, source, keys);
    sections.push({ source, rows });
    for (const row of rows)
      for (const column of source.files ?? []) {
        const key = row[column];
        if (typeof key === 'string' && key) files.push({ path: `files/${source.table}/${key}`, key });
      }
  }
  return { sections, files };
}
