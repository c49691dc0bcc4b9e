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

/** The (purpose, subject) conditions that find the person's rows in a table with those two columns. */
function subjectConditions(
  eb: ExpressionBuilder<AnyDatabase, string>,
  purposeColumn: string,
  subjectColumn: string,
  keys: PersonKeys,
) {
  const subjectIds = subjectIdsFor(keys);
  const ors = [];
  for (const purpose of Object.keys(SUBJECT_KINDS) as (keyof typeof SUBJECT_KINDS)[]) {
    const ids = subjectIds[purpose];
    if (ids.length) ors.push(eb.and([eb(purposeColumn, '=', purpose), eb(subjectColumn, 'in', ids)]));
  }
  return ors;
}

/** The person's payments, as a subquery of their ids (null when no key can find one). */
function paymentIds(eb: ExpressionBuilder<AnyDatabase, string>, keys: PersonKeys) {
  if (!subjectConditions(eb, 'purpose', 'subject_id', keys).length) return null;
  return eb
    .selectFrom('payments as p')
    .select('p.id')
    .where((inner) => inner.or(subjectConditions(inner, 'p.purpose', 'p.subject_id', keys)));
}

/** The conditions of a source's links that apply to these keys (a link with no keys adds none). */
function conditions(eb: ExpressionBuilder<AnyDatabase, string>, source: ExportSource, keys: PersonKeys) {
  const ors = [];
  for (const link of source.links) {
    if (link.by === 'member' && keys.memberIds.length) ors.push(eb(link.column, 'in', keys.memberIds));
    if (link.by === 'user' && keys.userIds.length) ors.push(eb(link.column, 'in', keys.userIds));
    if (link.by === 'application' && keys.applicationIds.length) ors.push(eb(link.column, 'in', keys.applicationIds));
    if (link.by === 'order' && keys.orderIds.length) ors.push(eb(link.column, 'in', keys.orderIds));
    if (link.by === 'email' && keys.emails.length)
      for (const column of link.columns) ors.push(eb(column, 'in', keys.emails));
    if (link.by === 'subject') ors.push(...subjectConditions(eb, link.purposeColumn, link.subjectColumn, keys));
    const payments = link.by === 'payment' || link.by === 'invoice' ? paymentIds(eb, keys) : null;
    if (link.by === 'payment' && payments) ors.push(eb(link.column, 'in', payments));
    if (link.by === 'invoice' && payments)
      ors.push(
        eb(link.column, 'in', eb.selectFrom('gst_invoices as i').select('i.id').where('i.payment_id', 'in', payments)),
      );
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
