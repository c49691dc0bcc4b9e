import type { z } from 'zod';

/**
 * A staff list's state (page, page size, sort, filters) lives in the address's query string, so a
 * reload or a shared link shows the same page. These pure functions read it through the list's own
 * API query schema (the one the route validates with) and write changes back; the `useListQuery`
 * hook in `src/islands/staff` binds them to the browser's address.
 */

export type ListQuerySchema = z.AnyZodObject;

/** What the address says, as the schema reads it, and the raw values worth sending to the API. */
export interface ListQueryState<V> {
  values: V;
  /** The address's parameters that the schema accepted, unchanged: the API call and the CSV export send these. */
  params: Record<string, string>;
}

/** A parameter change: `null` or `''` removes it. */
export type ListQueryChanges = Record<string, string | number | null | undefined>;

/**
 * Reads `search` through `schema`. Parameters the schema does not know (a campaign tag) are ignored,
 * and one it refuses (`page=abc`) falls back to its default, so a mangled link still shows a list.
 */
export function readListQuery<S extends ListQuerySchema>(schema: S, search: string): ListQueryState<z.infer<S>> {
  const known = new Set(Object.keys(schema.shape));
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (known.has(key) && value !== '') params[key] = value;
  }
  for (;;) {
    const result = schema.safeParse(params);
    if (result.success) return { values: result.data, params };
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const before = Object.keys(params).length;
    for (const key of refused) delete params[key];
    if (Object.keys(params).length === before) return { values: schema.parse({}), params: {} };
  }
}

/**
 * The query string after `changes`. Any change but of the page itself goes back to page 1: a new
 * filter or order makes the old page number point at different rows.
 */
export function writeListQuery(search: string, changes: ListQueryChanges): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** The parameters of a list's CSV export: the same filters and order, without the paging. */
export function exportParams(params: Record<string, string>): Record<string, string> {
  const { page: _page, pageSize: _pageSize, ...rest } = params;
  return rest;
}
