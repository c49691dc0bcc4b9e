import { sql, type Expression, type RawBuilder } from 'kysely';

/** Rows read per query by an export: one batch is all an export holds in memory. */
export const EXPORT_BATCH_ROWS = 500;

export interface BatchRequest<T> {
  /** The last row of the previous batch (for keyset paging: `where id < last.id`). */
  last: T | undefined;
  /** How many rows came before (for offset paging of small tables). */
  offset: number;
  size: number;
}

/**
 * Walks a whole list batch by batch for an export, so a CSV of 100,000 rows is read as it is sent.
 * `load` answers the rows after the previous batch; a batch shorter than `size` is the last.
 */
export async function* inBatches<T>(
  load: (request: BatchRequest<T>) => Promise<T[]>,
  size = EXPORT_BATCH_ROWS,
): AsyncGenerator<T> {
  let last: T | undefined;
  let offset = 0;
  for (;;) {
    const batch = await load({ last, offset, size });
    yield* batch;
    if (batch.length < size) return;
    offset += batch.length;
    last = batch[batch.length - 1];
  }
}

/**
 * `column` contains `text`, ignoring case, on SQLite and PostgreSQL alike; `%`, `_` and `\` in the
 * text match themselves.
 */
export function containsText(column: Expression<string | null>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) like ${containsPattern(text)} escape '\\'`;
}

/** The lower-cased `LIKE` pattern of "contains `text`", with `\` as its escape character. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
