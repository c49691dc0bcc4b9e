import { columnsOf, PAYMENT_COLUMNS, type ImportField, type ImportKind } from './column-specs';

/**
 * How a file's headers are matched to fields. A header is matched by its letters and digits alone
 * (`Mem. No`, `MEM NO` and `memno` are one header), against the field's name, its template header and
 * the variants in `column-specs.ts`. Unmatched columns are listed and ignored; staff can change any
 * match on screen.
 */
/** Letters and digits only, lower case: how two headers are compared. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Headers made unique (a second `Address` becomes `Address (2)`), so a mapping can be keyed by them. */
export function uniqueColumnNames(headers: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((raw, index) => {
    const name = raw.trim() === '' ? `Column ${index + 1}` : raw.trim();
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

export interface ColumnMatch {
  /** Unique column names in file order. */
  columns: string[];
  /** Each column's field, or null when ignored. */
  mapping: Record<string, ImportField | null>;
  /** Columns no field matched. */
  unknown: string[];
  /** Columns that matched a field another column had already taken (the first one wins). */
  repeated: string[];
}

/** Matches a file's header row to the fields of its kind. */
export function matchColumns(headers: readonly string[], kind: ImportKind): ColumnMatch {
  const byKey = new Map<string, ImportField>();
  for (const spec of columnsOf(kind)) {
    for (const name of [spec.field, spec.header, ...spec.variants]) {
      if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), spec.field);
    }
  }
  const columns = uniqueColumnNames(headers);
  const mapping: Record<string, ImportField | null> = {};
  const unknown: string[] = [];
  const repeated: string[] = [];
  const taken = new Set<ImportField>();
  columns.forEach((column, index) => {
    const field = byKey.get(headerKey(headers[index] ?? ''));
    if (!field) unknown.push(column);
    else if (taken.has(field)) repeated.push(column);
    else taken.add(field);
    mapping[column] = field && !repeated.includes(column) ? field : null;
  });
  return { columns, mapping, unknown, repeated };
}

/** Problems with a mapping staff sent: a field named twice, or one this kind does not have. */
export function mappingProblems(mapping: Record<string, string | null>, kind: ImportKind): Record<string, string> {
  const fields = new Set<string>(columnsOf(kind).map((spec) => spec.field));
  const problems: Record<string, string> = {};
  const first = new Map<string, string>();
  for (const [column, field] of Object.entries(mapping)) {
    if (field === null) continue;
    if (!fields.has(field)) problems[column] = `"${field}" is not a field of a ${kind} file.`;
    else if (first.has(field)) problems[column] = `${field} is already read from "${first.get(field)}".`;
    else first.set(field, column);
  }
  return problems;
}

/**
 * Why a mapping cannot be checked at all, or null when it can: a members file needs a column that
 * finds or names a member (membership number, name or e-mail); a payments file needs the number,
 * year and amount. The message lists the columns the file has, so staff see what was found.
 */
export function missingKeyColumns(match: Pick<ColumnMatch, 'columns' | 'mapping'>, kind: ImportKind): string | null {
  const mapped = new Set(Object.values(match.mapping).filter((field): field is ImportField => field !== null));
  const found = `Columns found: ${match.columns.map((c) => `"${c}"`).join(', ') || 'none'}.`;
  if (kind === 'members') {
    const identifies = ['memberNumber', 'fullName', 'firstName', 'email'].some((f) => mapped.has(f as ImportField));
    return identifies ? null : `No membership number, name or e-mail column was recognised. ${found}`;
  }
  const missing = (['memberNumber', 'financialYear', 'amount'] as const).filter((f) => !mapped.has(f));
  if (missing.length === 0) return null;
  const headers = missing.map((f) => PAYMENT_COLUMNS.find((c) => c.field === f)?.header).join(', ');
  return `A payments file needs the columns ${headers}. ${found}`;
}
