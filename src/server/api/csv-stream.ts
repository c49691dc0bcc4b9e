import { stringify } from 'csv-stringify/sync';

/**
 * A CSV download streamed batch by batch: UTF-8 with a byte-order mark (so Excel shows Indian names
 * correctly), a header row, then each batch as it arrives, so memory holds one batch at a time.
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * is written with a leading apostrophe (phone numbers excepted).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Phone numbers (`+91 98300 00001`) hold nothing a spreadsheet could run: kept as they are. */
const PHONE_LIKE = /^\+?[\d -]+$/;

export function safeCell(value: string | number): string {
  const text = String(value);
  return FORMULA_START.test(text) && !PHONE_LIKE.test(text) ? `'${text}` : text;
}

export function csvResponse<T>(
  filename: string,
  header: string[],
  batches: AsyncIterable<T[]>,
  toRow: (item: T) => (string | number)[],
): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF' + stringify([header])));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(stringify(next.value.map((item) => toRow(item).map(safeCell)))));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
