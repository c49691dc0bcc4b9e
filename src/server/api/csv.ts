import { z } from '@hono/zod-openapi';
import type { RouteConfig } from '@hono/zod-openapi';
import { stringify } from 'csv-stringify/sync';
import { listName, recordExport } from '../domains/privacy/export-register';
import type { AppContext } from './context';
import { apiRoute } from './openapi';

/**
 * Staff lists export as CSV through this one helper, so every export is alike: UTF-8 with a byte-order
 * mark (Excel otherwise shows Indian names as mojibake), RFC 4180 quoting and CRLF line ends, an
 * attachment name, and cells that a spreadsheet would run as a formula defused. Rows are pulled from an
 * async iterable only as fast as the client reads, so an export of 100,000 rows holds one batch in memory.
 */

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';
/** Rows turned into text per pull from the stream: large enough to amortise, small enough to stay flat. */
export const CSV_ROWS_PER_CHUNK = 500;

export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before
 * one) is prefixed with an apostrophe, the OWASP advice against CSV injection. Numbers stay numbers.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value instanceof Date) return value.toISOString();
  return defuseFormula(value);
}

const BYTE_ORDER_MARK = '\uFEFF';

function csvText(records: string[][]): string {
  // With CRLF record ends csv-stringify quotes only a cell holding CRLF; a lone line break must be quoted too.
  return stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/**
 * The CSV bytes, header row first, pulled lazily from `rows`. `onComplete` runs with the number of
 * data rows once the last has been turned into text, before the stream closes.
 */
export function csvStream<T>(
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
  onComplete?: (rows: number) => Promise<void>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<T>)[Symbol.iterator]();
  let headerSent = false;
  let count = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const records: string[][] = [];
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK));
        records.push(columns.map((column) => defuseFormula(column.header)));
      }
      let done = false;
      try {
        while (records.length < CSV_ROWS_PER_CHUNK) {
          const next = await source.next();
          if (next.done) {
            done = true;
            break;
          }
          records.push(columns.map((column) => cellText(column.value(next.value))));
          count++;
        }
        if (done) await onComplete?.(count);
      } catch (error) {
        // The status line has gone: the only signal left is to break the download off, so it is never
        // mistaken for a complete file. The cause goes to the log, as a 500 would.
        console.error('[csv] export failed part-way', error);
        throw error;
      }
      const text = csvText(records);
      if (text) controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
    async cancel() {
      await source.return?.();
    },
  });
}

/** An attachment name safe in a header: letters, digits, dot, dash and underscore only. */
export function csvFilename(name: string): string {
  const safe = name.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${safe || 'export'}.csv`;
}

/**
 * Answers the CSV of `rows` as a download named `filename`. A download by a signed-in user is
 * written to the register of personal-data exports (DPDP, issue 26): who, which list, the filters
 * of the address, and the rows sent. It is written when the last row has gone, before the file
 * ends, so a download broken off part-way leaves no entry claiming the whole list.
 */
export function csvResponse<T>(
  c: AppContext,
  filename: string,
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Response {
  c.header('Content-Type', CSV_MEDIA_TYPE);
  c.header('Content-Disposition', `attachment; filename="${csvFilename(filename)}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  const user = c.var.user;
  const deps = c.var.deps;
  const register =
    user && deps
      ? (count: number) =>
          recordExport(
            deps.db,
            { userId: user.id, list: listName(filename), filters: c.req.query(), rows: count },
            deps.now(),
          )
      : undefined;
  return c.body(csvStream(columns, rows, register), 200);
}

/** A CSV route's declaration: as `apiRoute`'s, but always a `GET` whose answer is the file. */
type CsvRouteDefinition<P extends string, Req extends RouteConfig['request']> = Omit<
  Parameters<typeof apiRoute<P, z.ZodString, Req>>[0],
  'method' | 'data' | 'status' | 'produces' | 'bodyLimit'
>;

/** Declares a `GET` route that answers a CSV download (documented as `text/csv` in the contract). */
export function csvRoute<P extends string, Req extends RouteConfig['request'] = undefined>(
  definition: CsvRouteDefinition<P, Req>,
) {
  return apiRoute({
    ...definition,
    method: 'get',
    description: `${definition.description ?? ''}\n\nA CSV download (UTF-8 with a byte-order mark).`.trim(),
    data: z.string(),
    produces: 'text/csv',
  });
}
