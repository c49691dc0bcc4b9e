import { sql, type SelectQueryBuilder } from 'kysely';
import { inBatches } from '../../platform/db/export-rows';

/**
 * The staff lists of events, albums and publications page and export alike: their filtered query in
 * the chosen order, newest id first among equals, one page with the total of the filters, or every
 * row batch by batch for the CSV. Each resource gives its query, sort column and row mapping.
 */
export interface ContentListing<DB, TB extends keyof DB, Row, Item> {
  /** The rows of the filters, a fresh query each call (the page and its count are two queries). */
  filtered: () => SelectQueryBuilder<DB, TB, Row>;
  /** The sort column as `alias.column`, and its direction. */
  sort: [column: string, direction: 'asc' | 'desc'];
  /** The id column that breaks ties, newest first, so a page never repeats or skips a row. */
  idColumn: string;
  toItems: (rows: Row[]) => Promise<Item[]>;
}

async function pageOf<DB, TB extends keyof DB, Row, Item>(
  listing: ContentListing<DB, TB, Row, Item>,
  limit: number,
  offset: number,
): Promise<Item[]> {
  const [column, direction] = listing.sort;
  const rows = await listing
    .filtered()
    .orderBy(sql.ref(column), direction)
    .orderBy(sql.ref(listing.idColumn), 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return listing.toItems(rows as Row[]);
}

/** One page of the list and the total of its filters. */
export async function listPage<DB, TB extends keyof DB, Row, Item>(
  listing: ContentListing<DB, TB, Row, Item>,
  paging: { page: number; pageSize: number },
) {
  const counted = listing
    .filtered()
    .clearSelect()
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  const [items, total] = await Promise.all([
    pageOf(listing, paging.pageSize, (paging.page - 1) * paging.pageSize),
    // PostgreSQL answers a count as a string; the generic query hides the column's type from the compiler.
    counted as Promise<{ count: number | string }>,
  ]);
  return { items, total: Number(total.count), page: paging.page, pageSize: paging.pageSize };
}

/** Every row of the filters, batch by batch, for the CSV export. */
export function exportAll<DB, TB extends keyof DB, Row, Item>(
  listing: ContentListing<DB, TB, Row, Item>,
): AsyncGenerator<Item> {
  return inBatches(({ offset, size }) => pageOf(listing, size, offset));
}
