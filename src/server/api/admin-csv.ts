import { stringify } from 'csv-stringify/sync';
import type { AppContext } from './context';

/**
 * A CSV download streamed from an async source of rows: rows are written as they are read, so an
 * export of the whole activity log keeps memory flat. Cells that a spreadsheet would run as a
 * formula (starting with =, +, -, @) get a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvDownload(
  c: AppContext,
  filename: string,
  header: string[],
  rows: AsyncIterable<unknown[]>,
): Response {
  const iterator = rows[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  // Pulled: the next rows are read only when the client has taken the previous ones.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF' + stringify([header])));
    },
    async pull(controller) {
      const batch: string[][] = [];
      while (batch.length < 200) {
        const next = await iterator.next();
        if (next.done) break;
        batch.push((next.value as unknown[]).map(safeCell));
      }
      if (batch.length) controller.enqueue(encoder.encode(stringify(batch)));
      if (batch.length < 200) controller.close();
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  return c.body(body, 200);
}
