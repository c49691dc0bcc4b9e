import { z } from 'zod';

/**
 * Schemas every route and form shares: ids in paths, paging of lists, the paged answer. Plain zod,
 * client-safe; the API documents them in its OpenAPI contract as they are.
 */

/** Digits only, no sign, no exponent, no spaces: `0x10`, `1e2` and ` 7` are refused. */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** The largest id the databases' integer columns hold: a larger one would fail in PostgreSQL, not be "not found". */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id written in digits (in a path or a query), as a number; `message` when it is not one. */
export function recordId(message = 'Use a record id made of digits.') {
  return z
    .string()
    .regex(ID_PATTERN, message)
    .transform(Number)
    .refine((n) => n <= MAX_RECORD_ID, message);
}

/** A record id in a path, `/{id}`. */
export const IdParam = z.object({ id: recordId() });

/** The largest page number a list accepts: beyond it no list of this site has rows. */
export const PAGE_MAX = 100_000;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

const boundedInteger = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** `?page=&pageSize=` as bounded integers written in digits (400 outside). */
export function pagingQuery(pageSizeMax = PAGE_SIZE_MAX, pageSizeDefault = PAGE_SIZE_DEFAULT) {
  return z.object({
    page: boundedInteger(1, PAGE_MAX, `Use a page number from 1 to ${PAGE_MAX}.`)
      .optional()
      .transform((v) => v ?? 1),
    pageSize: boundedInteger(1, pageSizeMax, `Use a page size from 1 to ${pageSizeMax}.`)
      .optional()
      .transform((v) => v ?? pageSizeDefault),
  });
}

export const PagingQuery = pagingQuery();

/** The paged answer around `item`: `{ items, total, page, pageSize }`. */
export function pagedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** `true`/`false` (or 1/0) in a query string. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A calendar date written `YYYY-MM-DD`. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written YYYY-MM-DD.');

export type SortDirection = 'asc' | 'desc';

/** A list's order as the API reads it from `?sort=name` (ascending) or `?sort=-name` (descending). */
export interface SortOrder<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** `name` → ascending by name; `-name` → descending. */
export function parseSort<F extends string>(value: string): SortOrder<F> {
  return value.startsWith('-')
    ? { field: value.slice(1) as F, direction: 'desc' }
    : { field: value as F, direction: 'asc' };
}

/** The query value for an order: the inverse of `parseSort`. */
export function sortParam(order: SortOrder): string {
  return `${order.direction === 'desc' ? '-' : ''}${order.field}`;
}

/**
 * `?sort=` over the fields a list may be ordered by: `sortQuery(['name', 'createdAt'], '-createdAt')`
 * accepts `name`, `-name`, `createdAt` and `-createdAt` (400 with the choices otherwise) and gives the
 * handler `sort: { field, direction }`, the fallback's when the query names none. Merge it with the
 * paging schema: `pagingQuery().merge(sortQuery([...]))`.
 */
export function sortQuery<F extends string>(fields: readonly [F, ...F[]], fallback: F | `-${F}` = fields[0]) {
  const choices = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  const message = `Sort by one of: ${choices.join(', ')}.`;
  return z.object({
    sort: z
      .enum(choices, { errorMap: () => ({ message }) })
      .optional()
      .transform((value) => parseSort<F>(value ?? fallback)),
  });
}
